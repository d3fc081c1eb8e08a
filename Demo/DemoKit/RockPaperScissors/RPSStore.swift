import CSReduxKit

/// The game's store.
final class RPSStore: Store<RPSState>, @unchecked Sendable {
  /// Creates the store with a new game.
  ///
  /// - Parameters:
  ///   - state: The initial state.
  ///   - reducer: The module's reducer; `demo replay` gives one that plays back recorded states.
  ///   - diagnostics: Where the store's reports go; the demo routes them into its output.
  init(
    state: RPSState = RPSState(),
    reducer: some ReducerProtocol<RPSState> = RPSReducer(),
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void = StoreDiagnostic
      .printToStandardError
  ) {
    super.init(
      state: state, reducer: reducer, name: "RPSStore",
      actionNames: ActionTypeNames(RPSActionType.self), diagnostics: diagnostics)
  }
}
