/// What an action log asks of the store it records.
extension _StoreEngine {
  /// ``lastTurnNanoseconds`` and when that turn was committed (`DispatchTime` uptime
  /// nanoseconds), in one read under the lock, inlinable: an action log reads them after every
  /// action, from code specialized for the store's state, and dates its entry from the commit
  /// instead of reading a clock of its own.
  @inlinable
  package var lastTimedTurn: (nanoseconds: UInt64, committedAt: UInt64) {
    inner.withLock { ($0.lastTurnNanoseconds, $0.turnStartedAt &+ $0.lastTurnNanoseconds) }
  }

  /// For a store that lends its state to its reducer: the reducer's in-place reduction and the
  /// `readsInsideGet` state; `nil` for any other store.
  ///
  /// A log that kept the state of every action would make such a store copy its state for
  /// every action (the state would no longer be the store's alone); with these it keeps a
  /// state now and then and recomputes the others, synchronously, since an in-place reduction
  /// that lends cannot fail or finish later.
  @inlinable
  package var lendingReplay:
    (reduce: @Sendable (any ActionProtocol, inout State) -> Void, placeholder: State)?
  {
    guard let reduceInPlace, let stateWhileLent else { return nil }
    return (reduceInPlace, stateWhileLent)
  }
}
