import CSReduxKit
import DemoUI

/// The stores of the demo's feature modules, alive together, the app's own store and the
/// coordinator that signs the user out of all of them at once.
///
/// Only the running module has a screen; the other stores keep their state all the same. The
/// wiring lives here, in the app, so no module reaches into another: each module only has a
/// signOut action type of its own (``DemoFeature/signOut``), which its reducer handles. It
/// lives on the main actor with the components of the running module.
@MainActor
final class DemoApp {
  /// One store per module, in ``DemoModule/all`` order.
  let modules: [any LiveModule]
  /// Broadcasts app-wide actions to the module stores.
  let coordinator: StoreCoordinator
  /// Commits the app-wide actions and broadcasts them.
  let appStore: AppStore
  /// The diagnostics of every store and of the coordinator.
  let diagnosticLog: DiagnosticLog
  /// What the app hands the screens the sessions open: its coordinator and its timeline.
  let services: AppServices

  /// The names of the stores that committed a signOut since the last ``signOut()``.
  private let signedOut = _Locked<[String]>([])

  /// Creates a store for every module and registers them with the coordinator, in module
  /// order.
  init() {
    let diagnosticLog = DiagnosticLog()
    self.diagnosticLog = diagnosticLog
    modules = DemoModule.all.map { $0.makeLive(diagnostics: diagnosticLog.handler) }
    coordinator = StoreCoordinator(diagnostics: diagnosticLog.handler)
    appStore = AppStore(coordinator: coordinator, diagnostics: diagnosticLog.handler)
    services = AppServices(
      coordinator: coordinator, signOutType: AppActionType.signOut.rawValue)
    let signedOut = signedOut
    for live in modules {
      live.register(with: coordinator) { name in signedOut.withLock { $0.append(name) } }
    }
  }

  /// The store of `module`.
  func live(_ module: DemoModule) -> any LiveModule {
    guard let live = modules.first(where: { $0.module == module }) else {
      preconditionFailure("\(module.name) is not in DemoModule.all")
    }
    return live
  }

  /// The store of the module `Feature`.
  func store<Feature: DemoFeature>(of _: Feature.Type) -> FeatureStore<Feature> {
    guard let live = live(DemoModule(Feature.self)) as? LiveFeature<Feature> else {
      preconditionFailure("\(Feature.name) has a store of another type")
    }
    return live.store
  }

  /// A session on the store of `module`.
  func makeSession(_ module: DemoModule) -> any DemoSession {
    live(module).makeSession(app: self)
  }

  /// Whether no store has anything to reduce, notify or run.
  var isIdle: Bool { appStore.isIdle && modules.allSatisfy(\.isIdle) }

  /// Suspends until every store is idle and the components show every commit: a reducer that
  /// finishes later (a record being saved) has committed, the subscribers ran, and the main
  /// actor made the deliveries of that commit to the components.
  ///
  /// The main actor is free while the reducers finish on other threads: the components'
  /// deliveries wait for it.
  func waitUntilIdle() async {
    // A store still busy after a minute is shown as it is rather than holding the terminal.
    try? await appStore.waitUntilIdle(timeout: .seconds(60))
    for live in modules where !live.isIdle {
      await live.waitUntilIdle()
    }
    await MainQueue.runQueuedBlocks()
  }

  /// Signs the user out of every module: the app's store commits the app's signOut and
  /// broadcasts it, and each module's store commits it as its own signOut action.
  ///
  /// A store still finishing an action (a record being saved) commits the signOut after it;
  /// the status waits for that.
  ///
  /// - Returns: The status line: `signed out: CSDemoStore, TodoStore, RPSStore, SettingsStore
  ///   reset`, naming the stores that committed it, in the order they did.
  func signOut() async -> String {
    appStore.dispatch(Action(AppActionType.signOut))
    await waitUntilIdle()
    let names = signedOut.withLock { names in
      defer { names.removeAll() }
      return names
    }
    return "signed out: \(names.isEmpty ? "no store" : names.joined(separator: ", ")) reset"
  }

  /// The script command that signs out, listed by the help in every module.
  nonisolated static let signOutCommand = CommandHelp(
    usage: "signout", summary: "sign out: every module's store resets (one broadcast)")
  /// The key that signs out while not typing.
  nonisolated static let signOutKey = KeyHelp(
    key: "o", summary: "sign out: every module resets (when not typing)")
}
