/// The demo program's feature modules, chosen by the first argument.
enum DemoModule: String, CaseIterable, Sendable {
  /// The CSReduxKit demo (the default): three components on one store.
  case csdemo
  /// A todo list.
  case todo
  /// Rock, paper, scissors for two players.
  case rps
  /// Two screens sharing one setting.
  case settings

  /// The argument that selects the module; the CSReduxKit demo needs none.
  var argument: String { self == .csdemo ? "(none)" : rawValue }

  /// One line about the module.
  var summary: String {
    switch self {
    case .csdemo: "the CSReduxKit demo: ONE action updates three components on one store"
    case .todo: "a todo list: add tasks (newest first), delete by index"
    case .rps: "rock, paper, scissors for two players on one screen"
    case .settings: "two screens share one setting: toggle from either, both follow"
    }
  }

  /// The session type that drives the module.
  var sessionType: any DemoSession.Type {
    switch self {
    case .csdemo: CSDemoSession.self
    case .todo: TodoSession.self
    case .rps: RPSSession.self
    case .settings: SettingsSession.self
    }
  }

  /// A new session on the module's store of `app` (every module's store, fresh by default).
  func makeSession(app: DemoApp = DemoApp()) -> any DemoSession {
    switch self {
    case .csdemo: CSDemoSession(app: app)
    case .todo: TodoSession(app: app)
    case .rps: RPSSession(app: app)
    case .settings: SettingsSession(app: app)
    }
  }
}
