/// What an action log attaches to a store to record its commits without a subscription.
///
/// A subscriber runs after the commit, outside the store's lock, and so costs the store a
/// notification round: a second critical section to close it, the turn's timing read under
/// the lock again, and the log's lock. A recorder is called inside the commit's critical
/// section instead, with the turn's timing at hand: it records in commit order, exactly once,
/// and the round stays silent when nobody else listens. The log takes it only where recording
/// runs no code of the app's: no `stateSize` closure, no `Mirror` walk, no reducer; the
/// actions it drops are released by `sweep`, outside the store's lock.
@usableFromInline
package final class _Recorder<State: StateProtocol>: Sendable {
  /// Called under the store's lock at each commit, with the action as the subscribers receive
  /// it, the committed state, the turn's duration and its commit time (`DispatchTime` uptime
  /// nanoseconds). Returns whether `sweep` is due.
  @usableFromInline
  package let record: @Sendable (any ActionProtocol, State, UInt64, UInt64) -> Bool
  /// Called after the commit, outside the store's lock, when `record` returned `true`.
  @usableFromInline
  package let sweep: @Sendable () -> Void

  @inlinable
  package init(
    record: @escaping @Sendable (any ActionProtocol, State, UInt64, UInt64) -> Bool,
    sweep: @escaping @Sendable () -> Void
  ) {
    self.record = record
    self.sweep = sweep
  }
}

extension _StoreCore {
  /// Hands the commit just made to the recorder, if any; returns the recorder when it asks for
  /// a sweep after the lock. `failure` is the turn's outcome when not applied: the recorder
  /// gets the ``RejectedAction`` the subscribers get.
  @inlinable @inline(__always)
  func recordCommit(
    _ action: any ActionProtocol, _ state: State, failure: ActionOutcome?
  ) -> _Recorder<State>? {
    guard let recorder else { return nil }
    return recordCommit(by: recorder, action, state, failure: failure)
  }

  @inlinable
  func recordCommit(
    by recorder: _Recorder<State>, _ action: any ActionProtocol, _ state: State,
    failure: ActionOutcome?
  ) -> _Recorder<State>? {
    let committedAt = turnStartedAt &+ lastTurnNanoseconds
    let sweeps: Bool
    if case .failed(let error)? = failure {
      sweeps = recorder.record(
        RejectedAction(action, error: error), state, lastTurnNanoseconds, committedAt)
    } else {
      sweeps = recorder.record(action, state, lastTurnNanoseconds, committedAt)
    }
    return sweeps ? recorder : nil
  }
}

extension _StoreEngine {
  /// Attaches `recorder` and returns the committed state it records on top of, atomically: it
  /// is called for every commit after that state. Returns `nil`, attaching nothing, when
  /// another recorder is attached (a store takes one; other logs subscribe).
  @usableFromInline
  package func attachRecorder(_ recorder: _Recorder<State>) -> State? {
    withCommittedState { core, state in
      guard core.recorder == nil else { return nil }
      core.recorder = recorder
      return state
    }
  }

  /// Detaches `recorder`, when attached; it is released here, outside the lock.
  @usableFromInline
  package func detachRecorder(_ recorder: _Recorder<State>) {
    let detached = inner.withLock { core -> _Recorder<State>? in
      guard core.recorder === recorder else { return nil }
      return core.recorder.take()
    }
    _ = consume detached
  }
}
