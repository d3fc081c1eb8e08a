import Dispatch

/// A door that effects and tests wait at until someone opens it; never a sleep.
///
/// `wait()` ignores cancellation, like work that does not check for it, so a test can make a
/// cancelled effect dispatch late on purpose. `waitUnlessCancelled()` throws
/// `CancellationError` when its task is cancelled. `opened(within:)` is for the test's side: it
/// gives up after a generous deadline, so a broken store fails the test instead of hanging it.
package final class Door: Sendable {
  private struct State {
    var isOpen = false
    var waiting: [UInt64: CheckedContinuation<Bool, Never>] = [:]
    var cancelled: Set<UInt64> = []
    var nextID: UInt64 = 0

    mutating func newID() -> UInt64 {
      nextID += 1
      return nextID
    }
  }

  private let state = Locked(State())

  package func open() {
    let resumed = state.withLock {
      $0.isOpen = true
      let resumed = $0.waiting.values
      $0.waiting = [:]
      return resumed
    }
    for continuation in resumed { continuation.resume(returning: true) }
  }

  /// Suspends until the door opens.
  package func wait() async {
    _ = await suspend(deadline: nil)
  }

  /// Suspends until the door opens; throws `CancellationError` once the task is cancelled.
  package func waitUnlessCancelled() async throws {
    let id = state.withLock { $0.newID() }
    let opened = await withTaskCancellationHandler {
      await suspend(deadline: nil, id: id)
    } onCancel: {
      self.give(up: id)
    }
    if !opened { throw CancellationError() }
  }

  /// Suspends until the door opens (`true`) or `seconds` passed (`false`).
  package func opened(within seconds: Double = hangBound) async -> Bool {
    await suspend(deadline: seconds)
  }

  private func suspend(deadline seconds: Double?, id given: UInt64? = nil) async -> Bool {
    let id = given ?? state.withLock { $0.newID() }
    return await withCheckedContinuation { continuation in
      // `nil` when the continuation now waits; otherwise whether the door is open.
      let settled: Bool? = state.withLock {
        if $0.isOpen || $0.cancelled.contains(id) { return $0.isOpen }
        $0.waiting[id] = continuation
        return nil
      }
      if let settled {
        continuation.resume(returning: settled)
        return
      }
      if let seconds {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { self.give(up: id) }
      }
    }
  }

  private func give(up id: UInt64) {
    let continuation = state.withLock {
      $0.cancelled.insert(id)
      return $0.waiting.removeValue(forKey: id)
    }
    continuation?.resume(returning: false)
  }

  package init() {}
}
