import CSReduxKit

/// The todo module's store.
final class TodoStore: Store<TodoState>, @unchecked Sendable {
  /// Creates the store.
  ///
  /// - Parameters:
  ///   - state: The initial tasks.
  ///   - reducer: The module's reducer; `demo replay` gives one that plays back recorded states.
  ///   - diagnostics: Where the store's reports go; the demo routes them into its output.
  init(
    state: TodoState = TodoState(),
    reducer: some ReducerProtocol<TodoState> = TodoReducer(),
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void = StoreDiagnostic
      .printToStandardError
  ) {
    super.init(
      state: state, reducer: reducer, name: "TodoStore",
      actionNames: ActionTypeNames(TodoActionType.self), diagnostics: diagnostics)
  }
}
