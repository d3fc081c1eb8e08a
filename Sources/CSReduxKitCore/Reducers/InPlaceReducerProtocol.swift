/// A reducer that changes the state in place, synchronously: the common case.
///
/// Conform when a module's logic needs no asynchronous work: implement
/// ``reduce(_:into:)`` and the protocol provides ``ReducerProtocol/execute(action:state:finish:)``.
/// Throw when an action cannot be applied (a payload of the wrong type, an index out of range):
/// the store then keeps the state exactly as it was, even if `reduce` had already changed part
/// of it, reports ``StoreDiagnostic/Kind/reducerFailed``, and delivers the action to
/// subscribers as a ``RejectedAction``. An action is never half-applied.
///
/// ```swift
/// struct CounterReducer: InPlaceReducerProtocol {
///   func reduce(_ action: any ActionProtocol, into state: inout CounterState) throws {
///     state.count += try action.payload(as: Int.self)
///   }
/// }
/// ```
///
/// ## Without a copy
///
/// Keeping the state unchanged after a throw needs the state from before the action, so a
/// throwing `reduce` works on a copy. A `reduce` that does not throw (declared without
/// `throws`, so ``Failure`` is `Never`) can never leave a change half-made: the store applies
/// it without a finish callback, and a store created with `stateAccess: .lentToReducer` lends
/// it its own state, so that copy-on-write storage nothing else holds is changed where it is
/// (no copy of a large array per action). Lending is a trade chosen where the store is
/// created: reads wait meanwhile; see ``StateAccess``. By default the store keeps its state
/// readable and the change copies the storage it touches.
///
/// ```swift
/// struct LogReducer: InPlaceReducerProtocol {
///   func reduce(_ action: any ActionProtocol, into state: inout LogState) {
///     if let line = try? action.payload(as: String.self) { state.lines.append(line) }
///   }
/// }
/// ```
public protocol InPlaceReducerProtocol<State>: ReducerProtocol {
  /// The state this reducer changes; inferred from ``reduce(_:into:)``.
  associatedtype State

  /// What ``reduce(_:into:)`` throws: `any Error` for a `throws` function, `Never` for one
  /// that does not throw (which lets the store skip the copy); inferred.
  associatedtype Failure: Error = any Error

  /// Applies `action` to `state`, or throws to leave the store's state unchanged.
  ///
  /// - Parameters:
  ///   - action: The action to apply.
  ///   - state: The state to change in place.
  /// - Throws: Any error (of type ``Failure``); the store keeps its state and reports the
  ///   error.
  func reduce(_ action: any ActionProtocol, into state: inout State) throws(Failure)
}

extension InPlaceReducerProtocol {
  /// Runs ``reduce(_:into:)`` on a copy of `state` and finishes with the result, or fails with
  /// the error it threw.
  ///
  /// - Parameters:
  ///   - action: The action to apply.
  ///   - state: The last committed state.
  ///   - finish: Called before this returns.
  @inlinable
  public func execute(action: any ActionProtocol, state: State, finish: Finish<State>) {
    var state = state
    do {
      try reduce(action, into: &state)
      finish(state)
    } catch {
      finish.fail(error)
    }
  }
}
