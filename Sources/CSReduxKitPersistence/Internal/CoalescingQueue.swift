import CSReduxKitCore
import Dispatch

/// A serial queue that keeps at most one job waiting: submitting replaces the waiting job, so
/// when jobs come faster than they run, only the latest runs. `StatePersistence.keepSaving`
/// writes through it, so a slow disk costs one write per burst of commits, not one per commit.
package final class CoalescingQueue: @unchecked Sendable {
  private let queue: DispatchQueue
  /// Set on `queue`, so that `drain` can refuse to wait for itself.
  private let onQueueKey = DispatchSpecificKey<Bool>()
  /// The job waiting to run, and whether a turn on `queue` is already booked for it.
  private let waiting = _Locked<(job: (@Sendable () -> Void)?, isScheduled: Bool)>((nil, false))

  init(label: String) {
    queue = DispatchQueue(label: label)
    queue.setSpecific(key: onQueueKey, value: true)
  }

  /// Makes `job` the one to run next, in place of any job still waiting.
  func submit(_ job: @escaping @Sendable () -> Void) {
    let needsTurn = waiting.withLock { waiting -> Bool in
      waiting.job = job
      defer { waiting.isScheduled = true }
      return !waiting.isScheduled
    }
    if needsTurn {
      queue.async { self.runWaitingJob() }
    }
  }

  private func runWaitingJob() {
    let job = waiting.withLock { waiting -> (@Sendable () -> Void)? in
      defer { waiting = (nil, false) }
      return waiting.job
    }
    job?()
  }

  /// Returns once every job submitted before the call has run (or was replaced by one that
  /// has); `false` at once, without waiting, when called from a job of this queue, where it
  /// would wait for itself forever.
  func drain() -> Bool {
    guard DispatchQueue.getSpecific(key: onQueueKey) == nil else { return false }
    queue.sync {}
    return true
  }
}
