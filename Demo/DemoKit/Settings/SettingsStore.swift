import CSReduxKit

/// The store both settings screens share.
final class SettingsStore: Store<SettingsState>, @unchecked Sendable {
  /// Creates the store with both settings off and no users.
  ///
  /// - Parameter diagnostics: Where the store's reports go.
  init(
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void = StoreDiagnostic
      .printToStandardError
  ) {
    super.init(
      state: SettingsState(), reducer: SettingsReducer(), name: "SettingsStore",
      actionNames: ActionTypeNames(SettingsActionType.self), diagnostics: diagnostics)
  }
}
