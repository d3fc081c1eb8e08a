import Dispatch

/// What an action log asks of the store it records.
extension _StoreEngine {
  /// ``lastTurnNanoseconds`` and when that turn was committed (`_uptimeNanoseconds()`),
  /// inlinable: an action log reads them after every action, from code specialized for the
  /// store's state, and dates its entry from the commit instead of reading a clock of its own.
  ///
  /// Read it from a subscriber while timing is requested: the commit stores both before its
  /// round, on the thread that runs the round, and the next commit comes after the round. Two
  /// atomic loads, which cost what plain ones do, instead of a turn of the store's lock.
  @inlinable
  package var lastTimedTurn: (nanoseconds: UInt64, committedAt: UInt64) {
    (
      UInt64(truncatingIfNeeded: timedNanoseconds.load()),
      UInt64(truncatingIfNeeded: timedCommit.load())
    )
  }

  /// Stores the timing of the turn being committed for `lastTimedTurn`. Out of line (and
  /// specialized), so that the commit's inlined code does not grow for stores nobody times.
  @inlinable @inline(never)
  func publishTimedTurn(_ nanoseconds: UInt64, startedAt: UInt64) {
    timedNanoseconds.store(Int(truncatingIfNeeded: nanoseconds))
    timedCommit.store(Int(truncatingIfNeeded: startedAt &+ nanoseconds))
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
