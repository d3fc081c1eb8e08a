import Dispatch

/// A value that arrives at most once, from any thread, and is waited for with a deadline:
/// suspending (a continuation) or blocking (a semaphore), never polling.
///
/// Whichever comes first settles it: ``fulfill(_:)``, the deadline, or the waiting task's
/// cancellation. Later calls have no effect. One waiter at a time.
package final class OneShot<Value: Sendable>: Sendable {
  private struct Inner {
    /// `nil` while waiting; `.some(nil)` once expired; `.some(value)` once fulfilled.
    var outcome: Value??
    var continuation: CheckedContinuation<Value?, Never>?
    /// The deadline of a suspended wait, cancelled when the wait ends first.
    var timer: DeadlineTimer?
  }

  private let inner = _Locked(Inner())
  private let semaphore = DispatchSemaphore(value: 0)

  package init() {}

  /// Delivers `value` unless the one-shot is already settled.
  package func fulfill(_ value: Value) {
    settle(value)
  }

  private func settle(_ value: Value?) {
    let settled = inner.withLock {
      inner -> (Bool, CheckedContinuation<Value?, Never>?, DeadlineTimer?) in
      guard case .none = inner.outcome else { return (false, nil, nil) }
      inner.outcome = .some(value)
      defer {
        inner.continuation = nil
        inner.timer = nil
      }
      return (true, inner.continuation, inner.timer)
    }
    guard settled.0 else { return }
    settled.2?.cancel()
    settled.1?.resume(returning: value)
    semaphore.signal()
  }

  /// Suspends until the value arrives (returning it) or `timeout` passes or the task is
  /// cancelled (returning `nil`).
  ///
  /// `atExpiry` runs on the timer's thread at the deadline, before the one-shot expires, if
  /// nothing settled it first: what it records describes that moment, while the waiting task
  /// may resume much later on a loaded machine.
  package func value(
    within timeout: Duration, atExpiry: (@Sendable () -> Void)? = nil
  ) async -> Value? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
        let settled = inner.withLock { inner -> Value?? in
          if case .some(let outcome) = inner.outcome { return .some(outcome) }
          inner.continuation = continuation
          return .none
        }
        if case .some(let outcome) = settled {
          continuation.resume(returning: outcome)
          return
        }
        startTimer(timeout, atExpiry: atExpiry)
      }
    } onCancel: {
      settle(nil)
    }
  }

  /// Settles the wait at its deadline, unless the wait ends first and cancels the timer (see
  /// ``DeadlineTimer``): a test that waits thousands of times with a timeout of minutes holds
  /// one timer at a time, not one per wait until its deadline.
  private func startTimer(_ timeout: Duration, atExpiry: (@Sendable () -> Void)?) {
    let timer = DeadlineTimer { [weak self] in
      guard let self else { return }
      if let atExpiry, isPending { atExpiry() }
      settle(nil)
    }
    let isKept = inner.withLock { inner -> Bool in
      guard case .none = inner.outcome else { return false }
      inner.timer = timer
      return true
    }
    guard isKept else { return timer.cancel() }  // settled meanwhile
    timer.fire(at: .now() + timeout.dispatchSeconds)
  }

  /// Whether nothing settled the one-shot yet.
  private var isPending: Bool {
    inner.withLock { inner in
      guard case .none = inner.outcome else { return false }
      return true
    }
  }

  /// Blocks the calling thread until the value arrives (returning it) or `timeout` passes
  /// (returning `nil`).
  package func value(within timeout: Duration) -> Value? {
    _ = semaphore.wait(timeout: .now() + timeout.dispatchSeconds)
    settle(nil)
    return inner.withLock { inner in
      if case .some(let outcome) = inner.outcome { return outcome }
      return nil
    }
  }
}

extension Duration {
  /// The duration in seconds, for Dispatch deadlines.
  package var dispatchSeconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }
}
