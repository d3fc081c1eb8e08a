/// The one place where a store that declares its ``ActionTypes`` checks an action.
extension _StoreEngine {
  /// The reducer's `execute` behind the check: an action the declared enums accept reaches
  /// the reducer; any other fails its turn with a ``ForeignActionError``, so that the state is
  /// unchanged, subscribers get a ``RejectedAction`` and the store reports it (see
  /// `reportReducerFailed`).
  ///
  /// The check sits in the reducer's place, after the middleware (which may translate an
  /// action), and only stores that declare their actions have it: the dispatch path of the
  /// others is unchanged. A ``StateReplacedAction`` never comes here (its turn replaces the
  /// state without the reducer), and a thunk that reaches the reducer is accepted as
  /// reserved.
  @inlinable
  static func checkingActions(
    _ execute: @escaping @Sendable (any ActionProtocol, State, Finish<State>) -> Void,
    declaredActions: ActionTypes, name: String
  ) -> @Sendable (any ActionProtocol, State, Finish<State>) -> Void {
    { action, state, finish in
      if _fastPath(declaredActions.accepts(action)) {
        execute(action, state, finish)
      } else {
        finish.fail(declaredActions.rejection(of: action, store: name))
      }
    }
  }
}
