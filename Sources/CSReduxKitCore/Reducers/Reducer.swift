/// A reducer made from a closure.
///
/// ```swift
/// let reducer = Reducer<TodoState> { action, state, finish in
///   var state = state
///   if action.type == TodoAction.add.rawValue, let name = action.data as? String {
///     state.tasks.insert(name, at: 0)
///   }
///   finish(state)
/// }
/// ```
public struct Reducer<State: StateProtocol>: ReducerProtocol {
  @usableFromInline let body: @Sendable (any ActionProtocol, State, Finish<State>) -> Void

  /// Creates a reducer that runs `body` for every action.
  ///
  /// - Parameter body: Receives the action, the current state and the finish callback; must
  ///   call `finish` exactly once.
  public init(
    _ body:
      @escaping @Sendable (
        _ action: any ActionProtocol, _ state: State, _ finish: Finish<State>
      ) -> Void
  ) {
    self.body = body
  }

  /// Runs the closure this reducer was made from.
  ///
  /// - Parameters:
  ///   - action: The action to apply.
  ///   - state: The last committed state.
  ///   - finish: The callback that completes the action.
  @inlinable
  public func execute(action: any ActionProtocol, state: State, finish: Finish<State>) {
    body(action, state, finish)
  }
}
