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
    // The closure captures three words besides `execute`: an action of the first declared
    // enum passes after one call for its origin and one comparison; anything else goes to
    // the check, out of line.
    let first = declaredActions.firstEnum
    let check = _ActionCheck(declaredActions, storeName: name)
    return { action, state, finish in
      if _fastPath(action.origin?.id == first) || check.accepts(action) {
        execute(action, state, finish)
      } else {
        finish.fail(check.rejection(of: action))
      }
    }
  }
}

/// A store's declared actions and its name, kept in one object so that the checking closure
/// holds one reference for them.
@usableFromInline
final class _ActionCheck: Sendable {
  let actions: ActionTypes
  let storeName: String

  @usableFromInline
  init(_ actions: ActionTypes, storeName: String) {
    self.actions = actions
    self.storeName = storeName
  }

  /// Whether the store reduces an action that is not of its first enum.
  @usableFromInline
  func accepts(_ action: any ActionProtocol) -> Bool {
    actions.accepts(action)
  }

  /// The error an action the store refuses completes with.
  @usableFromInline
  func rejection(of action: any ActionProtocol) -> ForeignActionError {
    actions.rejection(of: action, store: storeName)
  }
}
