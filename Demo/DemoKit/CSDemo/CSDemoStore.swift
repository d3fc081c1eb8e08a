import CSReduxKit

/// The one store the demo's components share.
final class CSDemoStore: Store<CSDemoState>, @unchecked Sendable {
  /// Creates the store with an empty list.
  ///
  /// - Parameters:
  ///   - state: The initial state.
  ///   - diagnostics: Where the store's reports go; the demo routes them into its status line.
  init(
    state: CSDemoState = CSDemoState(),
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void = StoreDiagnostic
      .printToStandardError
  ) {
    super.init(
      state: state, reducer: CSDemoReducer(), name: "CSDemoStore",
      actionNames: ActionTypeNames(CSDemoActionType.self), diagnostics: diagnostics)
  }
}
