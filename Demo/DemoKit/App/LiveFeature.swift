import CSReduxKit
import DemoUI

/// The store of the module `Feature` in the running app.
final class LiveFeature<Feature: DemoFeature>: LiveModule {
  /// The module's store.
  let store: FeatureStore<Feature>

  /// Creates the module's store; its diagnostics go to `diagnostics`.
  init(diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void) {
    store = FeatureStore(diagnostics: diagnostics)
  }

  var module: DemoModule { DemoModule(Feature.self) }

  var isIdle: Bool { store.isIdle }

  func register(
    with coordinator: StoreCoordinator, onSignOut: @escaping @Sendable (String) -> Void
  ) {
    let type = Feature.signOut.rawValue
    coordinator.register(store) { action in
      action.type == AppActionType.signOut.rawValue ? Action(type: type) : nil
    }
    let name = store.name
    store.subscribe(owner: self, to: [type]) { _, action, _ in
      guard !(action is RejectedAction) else { return }
      onSignOut(name)
    }
  }

  func waitUntilIdle() async {
    // A store still busy after a minute is shown as it is rather than holding the terminal.
    try? await store.waitUntilIdle(timeout: .seconds(60))
  }

  @MainActor
  func makeSession(app: DemoApp) -> any DemoSession {
    ModuleSession<Feature>(app: app, store: store)
  }
}

extension DemoModule {
  /// A store of the module, for the app; its diagnostics go to `diagnostics`.
  func makeLive(diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void) -> any LiveModule {
    func make<Feature: DemoFeature>(_: Feature.Type) -> any LiveModule {
      LiveFeature<Feature>(diagnostics: diagnostics)
    }
    return make(feature)
  }
}
