import CSReduxKit

/// The game's store.
final class RPSStore: Store<RPSState>, @unchecked Sendable {
  /// Creates the store with a new game.
  ///
  /// - Parameter diagnostics: Where the store's reports go.
  init(
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void = StoreDiagnostic
      .printToStandardError
  ) {
    super.init(
      state: RPSState(), reducer: RPSReducer(), name: "RPSStore",
      actionNames: ActionTypeNames(RPSActionType.self), diagnostics: diagnostics)
  }
}
