import Dispatch

/// Idle callbacks and per-turn timing for action logs.
extension _StoreEngine {
  /// Calls `body` once the store is idle: now, on this thread, when it already is; otherwise on
  /// the thread that empties the queue, after the last action's subscribers and completion.
  func whenIdle(_ body: @escaping @Sendable () -> Void) {
    let isIdle = inner.withLock { core in
      guard core.isBusy else { return true }
      core.extras.idleWaiters.append(body)
      return false
    }
    if isIdle { body() }
  }

  /// Starts (`true`) or stops timing each turn, for ``lastTurnNanoseconds``.
  package func requestTiming(_ on: Bool) {
    let now = _uptimeNanoseconds()
    inner.withLock { core in
      core.timing.requests += on ? 1 : -1
      // A turn already under way started before anyone timed it: time it from now.
      if on, core.timing.requests == 1 { core.timing.turnStartedAt = now }
    }
  }

  /// The time from the reducer's call to the commit of the action being notified; read it from
  /// a subscriber while timing is requested.
  package var lastTurnNanoseconds: UInt64 {
    inner.withLock { $0.timing.lastTurnNanoseconds }
  }
}
