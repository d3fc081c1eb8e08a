import CSReduxKit

/// The todo module's store.
final class TodoStore: Store<TodoState>, @unchecked Sendable {
  /// Creates the store.
  ///
  /// - Parameters:
  ///   - state: The initial tasks.
  ///   - diagnostics: Where the store's reports go.
  init(
    state: TodoState = TodoState(),
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void = StoreDiagnostic
      .printToStandardError
  ) {
    super.init(
      state: state, reducer: TodoReducer(), name: "TodoStore",
      actionNames: ActionTypeNames(TodoActionType.self), diagnostics: diagnostics)
  }
}
