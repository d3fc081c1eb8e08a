import CSReduxKit

/// The store both settings screens share.
final class SettingsStore: Store<SettingsState>, @unchecked Sendable {
  /// Creates the store with both settings off and no users.
  ///
  /// - Parameters:
  ///   - state: The initial state.
  ///   - reducer: The module's reducer; `demo replay` gives one that plays back recorded states.
  ///   - diagnostics: Where the store's reports go; the demo routes them into its output.
  init(
    state: SettingsState = SettingsState(),
    reducer: some ReducerProtocol<SettingsState> = SettingsReducer(),
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void = StoreDiagnostic
      .printToStandardError
  ) {
    super.init(
      state: state, reducer: reducer, name: "SettingsStore",
      actionNames: ActionTypeNames(SettingsActionType.self), diagnostics: diagnostics)
  }
}
