import Dispatch

/// The reducer-timeout watchdog: one pending timer per store, armed when an action goes asynchronous.
extension _StoreEngine {
  /// Hands the queue over to whoever calls `finish`, and arms the reducer-timeout watchdog.
  @usableFromInline
  func awaitFinish(_ box: _FinishBox<State>) {
    let thread = _currentThreadID()
    let watch = reducerTimeout > .zero
    let now = DispatchTime.now().uptimeNanoseconds
    let arm = inner.withLock { core in
      core.endReducer(thread: thread)
      // Another thread may have finished this action, and started and parked later ones, since
      // the reducer returned: then there is nothing to watch, and the watchdog must keep
      // watching the later action.
      guard watch, box.isAwaiting else { return false }
      return core.watchdog.watch(box, since: now)
    }
    if arm { armWatchdog(at: now + timeoutNanoseconds) }
  }

  var timeoutNanoseconds: UInt64 {
    let (seconds, attoseconds) = reducerTimeout.components
    let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !nanoseconds.overflow else { return UInt64.max / 2 }
    return UInt64(clamping: nanoseconds.partialValue + attoseconds / 1_000_000_000)
  }

  /// One pending timer per store at most, however many actions go asynchronous.
  func armWatchdog(at deadline: UInt64) {
    // Strong on purpose: a weak reference would move the engine's reference count to a side
    // table and slow every retain on the dispatch path. The timer lives at most one timeout.
    DispatchQueue.global().asyncAfter(deadline: DispatchTime(uptimeNanoseconds: deadline)) {
      self.watchdogFired()
    }
  }

  func watchdogFired() {
    let now = DispatchTime.now().uptimeNanoseconds
    let timeout = timeoutNanoseconds
    let (verdict, queued) = inner.withLock { core in
      (core.watchdog.check(now: now, timeout: timeout), core.queue.count)
    }
    switch verdict {
    case .idle:
      break
    case .rearm(let deadline):
      armWatchdog(at: deadline)
    case .overdue(let actionType, let stage):
      let who = stage.map { "child reducer '\($0)'" } ?? "the reducer"
      report(
        .reducerDidNotFinish, actionType: actionType,
        "\(who) has not called finish after \(reducerTimeout); "
          + (queued == 0 ? "no later action is" : "\(queued) later action(s) are")
          + " waiting. Make sure every path through the reducer calls finish exactly once.")
    }
  }
}
