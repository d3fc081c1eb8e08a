import Dispatch

/// Reading the committed state, and the contract of a state lent to an in-place reduction.
extension _StoreEngine {
  /// The committed state. While it is lent to an in-place reduction (`.lentToReducer`) on
  /// another thread, waits for that reduction to commit (it is synchronous) and returns the
  /// state it committed; see `withCommittedState`.
  @inlinable
  var state: State { withCommittedState { _, state in state } }

  /// Runs `body` under the lock with the committed state, waiting first while the state is
  /// lent to an in-place reduction on another thread.
  ///
  /// A read from the thread of that reduction (the reducer itself, or code it calls) can
  /// neither wait for it nor get the state it is changing: `body` gets `stateWhileLent`, and
  /// the read is reported as ``StoreDiagnostic/Kind/stateReadWhileLent``.
  @inlinable
  func withCommittedState<R>(_ body: (inout _StoreCore<State>, State) -> R) -> R {
    var isWaiting = false
    while true {
      var reentrantType: Int?
      let result: R? = inner.withLock { core in
        guard let state = core.state else {
          if core.reducerThread == _currentThreadID(), let stateWhileLent {
            if !core.lending.isReportingLentRead {
              core.lending.isReportingLentRead = true
              reentrantType = core.reducingType
            }
            return body(&core, stateWhileLent)
          }
          core.registerReader(isWaiting: &isWaiting)
          return nil
        }
        if isWaiting { core.lending.readersWaiting -= 1 }
        return body(&core, state)
      }
      if let reentrantType { reportReadWhileLent(actionType: reentrantType) }
      if let result { return result }
      waitForLentState()
    }
  }

  /// Calls `completion` with the committed state: now, or, when the state is lent to a
  /// reduction on this very thread, with the state that reduction commits.
  func callWithCommittedState(_ completion: @escaping @Sendable (State) -> Void) {
    let deferred = inner.withLock { core in
      guard core.state == nil, core.reducerThread == _currentThreadID() else { return false }
      core.extras.lateCompletions.append { state, _ in completion(state) }
      return true
    }
    if !deferred { completion(state) }
  }

  @usableFromInline
  func reportReadWhileLent(actionType: Int) {
    report(
      .stateReadWhileLent, actionType: actionType,
      "the state was read from inside the reducer of this action (or from code it called) "
        + "while the store lends its state to that reducer (stateAccess: .lentToReducer); "
        + "the read got the readsInsideGet state. Use the state the reducer was given, or "
        + "create the store with the default stateAccess, .alwaysReadable.")
    inner.withLock { $0.lending.isReportingLentRead = false }
  }

  @usableFromInline
  func waitForLentState() {
    // Every registered reader is signalled once by the commit that puts the state back.
    lentStateWait?.wait()
  }
}
