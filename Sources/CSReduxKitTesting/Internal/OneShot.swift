import Dispatch
import Foundation

/// A value that arrives at most once, from any thread, and is waited for with a deadline:
/// suspending (a continuation) or blocking (a semaphore), never polling.
///
/// Whichever comes first settles it: ``fulfill(_:)``, the deadline, or the waiting task's
/// cancellation. Later calls have no effect. One waiter at a time.
final class _OneShot<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  /// `nil` while waiting; `.some(nil)` once expired; `.some(value)` once fulfilled.
  private var outcome: Value??
  private var continuation: CheckedContinuation<Value?, Never>?
  private let semaphore = DispatchSemaphore(value: 0)

  /// Delivers `value` unless the one-shot is already settled.
  func fulfill(_ value: Value) {
    settle(value)
  }

  private func settle(_ value: Value?) {
    lock.lock()
    guard case .none = outcome else {
      lock.unlock()
      return
    }
    outcome = .some(value)
    let waiting = continuation
    continuation = nil
    lock.unlock()
    waiting?.resume(returning: value)
    semaphore.signal()
  }

  /// Suspends until the value arrives (returning it) or `timeout` passes or the task is
  /// cancelled (returning `nil`).
  func value(within timeout: Duration) async -> Value? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
        lock.lock()
        if case .some(let outcome) = outcome {
          lock.unlock()
          continuation.resume(returning: outcome)
          return
        }
        self.continuation = continuation
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout._seconds) {
          [weak self] in self?.settle(nil)
        }
      }
    } onCancel: {
      settle(nil)
    }
  }

  /// Blocks the calling thread until the value arrives (returning it) or `timeout` passes
  /// (returning `nil`).
  func value(within timeout: Duration) -> Value? {
    _ = semaphore.wait(timeout: .now() + timeout._seconds)
    settle(nil)
    lock.lock()
    defer { lock.unlock() }
    if case .some(let outcome) = outcome { return outcome }
    return nil
  }
}

extension Duration {
  /// The duration in seconds, for Dispatch deadlines.
  var _seconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }
}
