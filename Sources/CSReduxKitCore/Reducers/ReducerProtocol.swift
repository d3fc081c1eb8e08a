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
}
