import CSReduxKit

/// A feature module's store: the module's state and reducer under the module's name, with its
/// action types named in diagnostics.
///
/// Each module names its own: `typealias TodoStore = FeatureStore<Todo>`.
package final class FeatureStore<Feature: DemoFeature>: Store<Feature.State>,
  @unchecked Sendable
{
  /// Creates the module's store, with the module's reducer.
  ///
  /// - Parameters:
  ///   - state: The initial state; the module's ``DemoFeature/initialState`` by default.
  ///   - diagnostics: Where the store's reports go; the demo routes them into its output.
  package convenience init(
    state: Feature.State = Feature.initialState,
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void = StoreDiagnostic
      .printToStandardError
  ) {
    self.init(state: state, reducer: Feature.makeReducer(), diagnostics: diagnostics)
  }

  /// Creates the module's store with another reducer: `demo replay` gives one that plays
  /// recorded states back, a test one whose work it controls.
  ///
  /// - Parameters:
  ///   - state: The initial state.
  ///   - reducer: The reducer.
  ///   - diagnostics: Where the store's reports go; the demo routes them into its output.
  package init(
    state: Feature.State = Feature.initialState,
    reducer: some ReducerProtocol<Feature.State>,
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void = StoreDiagnostic
      .printToStandardError
  ) {
    super.init(
      state: state, reducer: reducer, name: Feature.storeName,
      actions: Feature.declaredActions, middleware: Feature.middleware, diagnostics: diagnostics)
  }
}
