import CSReduxKit

/// The app-wide actions, which the coordinator broadcasts to the module stores. Each module
/// numbers its own action types; `DemoApp` translates these into each module's own action.
enum AppActionType: Int, CaseIterable, Sendable {
  /// The user signs out: every module starts over.
  case signOut = 100
}

/// The demo's four feature modules' stores, alive together, and the coordinator that signs the
/// user out of all of them at once.
///
/// Only the running module has a screen; the other stores keep their state all the same. The
/// wiring lives here, in the app, so no module reaches into another's folder: each module only
/// has a `signOut` action type of its own, which its reducer handles.
final class DemoApp: Sendable {
  /// The CSReduxKit demo's store.
  let csdemoStore: CSDemoStore
  /// The todo list's store.
  let todoStore: TodoStore
  /// The game's store.
  let rpsStore: RPSStore
  /// The settings screens' store.
  let settingsStore: SettingsStore
  /// Broadcasts app-wide actions to the four stores.
  let coordinator: StoreCoordinator
  /// The diagnostics of every store and of the coordinator.
  let diagnosticLog: DiagnosticLog

  /// The names of the stores that committed a signOut since the last ``signOut()``.
  private let signedOut = _Locked<[String]>([])

  /// Creates the four stores and registers them with the coordinator, in module order.
  init() {
    let diagnosticLog = DiagnosticLog()
    self.diagnosticLog = diagnosticLog
    csdemoStore = CSDemoStore(diagnostics: diagnosticLog.handler)
    todoStore = TodoStore(diagnostics: diagnosticLog.handler)
    rpsStore = RPSStore(diagnostics: diagnosticLog.handler)
    settingsStore = SettingsStore(diagnostics: diagnosticLog.handler)
    coordinator = StoreCoordinator(diagnostics: diagnosticLog.handler)
    register(csdemoStore, signOut: CSDemoActionType.signOut)
    register(todoStore, signOut: TodoActionType.signOut)
    register(rpsStore, signOut: RPSActionType.signOut)
    register(settingsStore, signOut: SettingsActionType.signOut)
  }

  /// Registers `store`, translating the app's signOut into the module's own `signOut`, and
  /// records the stores that commit it.
  private func register<State, Module: RawRepresentable>(
    _ store: Store<State>, signOut: Module
  ) where Module.RawValue == Int {
    let type = signOut.rawValue
    coordinator.register(store) { action in
      action.type == AppActionType.signOut.rawValue ? Action(type: type) : nil
    }
    let name = store.name
    store.subscribe(owner: self, to: [type]) { app, action, _ in
      guard !(action is RejectedAction) else { return }
      app.signedOut.withLock { $0.append(name) }
    }
  }

  /// Signs the user out of every module: broadcasts the app's signOut, which each module's
  /// store commits as its own signOut action.
  ///
  /// - Returns: The status line: `signed out: CSDemoStore, TodoStore, RPSStore, SettingsStore
  ///   reset`, naming the stores that committed it, in the order they did.
  func signOut() -> String {
    coordinator.broadcast(Action(AppActionType.signOut))
    let names = signedOut.withLock { names in
      defer { names.removeAll() }
      return names
    }
    return "signed out: \(names.isEmpty ? "no store" : names.joined(separator: ", ")) reset"
  }

  /// The script command and the key that sign out, listed by the help in every module.
  static let signOutCommand = CommandHelp(
    usage: "signout", summary: "sign out: every module's store resets (one broadcast)")
  /// The key that signs out while not typing.
  static let signOutKey = KeyHelp(
    key: "o", summary: "sign out: every module resets (when not typing)")
}
