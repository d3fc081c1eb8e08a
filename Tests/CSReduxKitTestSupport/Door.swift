import Dispatch
import Foundation

/// A door that effects and tests wait at until someone opens it; never a sleep.
///
/// `wait()` ignores cancellation, like work that does not check for it, so a test can make a
/// cancelled effect dispatch late on purpose. `waitUnlessCancelled()` throws
/// `CancellationError` when its task is cancelled. `opened(within:)` is for the test's side: it
/// gives up after a generous deadline, so a broken store fails the test instead of hanging it.
package final class Door: @unchecked Sendable {
  private let lock = NSLock()
  private var isOpen = false
  private var waiting: [UInt64: CheckedContinuation<Bool, Never>] = [:]
  private var nextID: UInt64 = 0

  package func open() {
    lock.lock()
    isOpen = true
    let resumed = waiting.values
    waiting = [:]
    lock.unlock()
    for continuation in resumed { continuation.resume(returning: true) }
  }

  /// Suspends until the door opens.
  package func wait() async {
    _ = await suspend(deadline: nil)
  }

  /// Suspends until the door opens; throws `CancellationError` once the task is cancelled.
  package func waitUnlessCancelled() async throws {
    let id = lock.withLock {
      nextID += 1
      return nextID
    }
    let opened = await withTaskCancellationHandler {
      await suspend(deadline: nil, id: id)
    } onCancel: {
      self.give(up: id)
    }
    if !opened { throw CancellationError() }
  }

  /// Suspends until the door opens (`true`) or `seconds` passed (`false`).
  package func opened(within seconds: Double = 30) async -> Bool {
    await suspend(deadline: seconds)
  }

  private func suspend(deadline seconds: Double?, id given: UInt64? = nil) async -> Bool {
    let id =
      given
      ?? lock.withLock {
        nextID += 1
        return nextID
      }
    return await withCheckedContinuation { continuation in
      lock.lock()
      if isOpen || cancelled.contains(id) {
        let open = isOpen
        lock.unlock()
        continuation.resume(returning: open)
        return
      }
      waiting[id] = continuation
      lock.unlock()
      if let seconds {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { self.give(up: id) }
      }
    }
  }

  private var cancelled: Set<UInt64> = []

  private func give(up id: UInt64) {
    lock.lock()
    cancelled.insert(id)
    let continuation = waiting.removeValue(forKey: id)
    lock.unlock()
    continuation?.resume(returning: false)
  }

  package init() {}
}
