import CSReduxKit

/// The one store the demo's components share.
final class CSDemoStore: Store<CSDemoState>, @unchecked Sendable {
  /// Creates the store with an empty list.
  ///
  /// - Parameters:
  ///   - state: The initial state.
  ///   - reducer: The module's reducer; `demo replay` gives one that plays back recorded states.
  ///   - diagnostics: Where the store's reports go; the demo routes them into its output.
  init(
    state: CSDemoState = CSDemoState(),
    reducer: some ReducerProtocol<CSDemoState> = CSDemoReducer(),
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void = StoreDiagnostic
      .printToStandardError
  ) {
    super.init(
      state: state, reducer: reducer, name: "CSDemoStore",
      actionNames: ActionTypeNames(CSDemoActionType.self), diagnostics: diagnostics)
  }
}
