/// A module's state logic: given an action and the current state, it computes the next state
/// and hands it to `finish`.
///
/// The store calls ``execute(action:state:finish:)`` for one action at a time, in dispatch order,
/// and starts the next action only after `finish` was called. Call `finish` exactly once:
///
/// - before returning, for the common synchronous case: the store commits and notifies before
///   `dispatch` returns;
/// - later, from any thread, for work that completes asynchronously: actions dispatched
///   meanwhile wait in the store's queue, and the thread that calls `finish` runs them.
///
/// A reducer should be pure: no dispatching, no side effects. The store reports (but tolerates)
/// a reducer that dispatches, calls `finish` twice, never calls it, or lets it go without
/// calling it; see ``StoreDiagnostic``.
public protocol ReducerProtocol<State>: Sendable {
  /// The state this reducer transforms.
  associatedtype State: StateProtocol

  /// Computes the state that follows `action` and passes it to `finish`.
  ///
  /// - Parameters:
  ///   - action: The action to apply.
  ///   - state: The last committed state.
  ///   - finish: Call it once with the new state (or the same state when nothing changes), now
  ///     or later, from any thread. ``Finish/fail(_:)`` keeps the state and reports an error.
  func execute(action: any ActionProtocol, state: State, finish: Finish<State>)

  /// For the store: a synchronous way to apply an action to the store's own state in place,
  /// for reducers that can never fail half-way; `nil` for every other reducer.
  ///
  /// Do not implement it: ``InPlaceReducerProtocol`` provides it for reducers whose `reduce`
  /// does not throw, and ``InPlaceReducer`` for one made from a closure that does not throw.
  /// A store created with `stateAccess: .lentToReducer` whose reducer has one changes its
  /// state without copying it (see ``StateAccess``).
  var _inPlaceReduction: (@Sendable (any ActionProtocol, inout State) -> Void)? { get }

  /// For the store: the function it calls for ``execute(action:state:finish:)``.
  ///
  /// Do not implement it. The default wraps `execute` in a closure; ``Reducer`` hands over
  /// the closure it was made with, which spares every dispatch one call.
  var _execution: @Sendable (any ActionProtocol, State, Finish<State>) -> Void { get }
}

extension ReducerProtocol {
  /// `nil`: the store calls ``execute(action:state:finish:)``.
  @inlinable
  public var _inPlaceReduction: (@Sendable (any ActionProtocol, inout State) -> Void)? { nil }

  /// A closure that calls ``execute(action:state:finish:)``.
  @inlinable
  public var _execution: @Sendable (any ActionProtocol, State, Finish<State>) -> Void {
    { [self] in execute(action: $0, state: $1, finish: $2) }
  }
}
