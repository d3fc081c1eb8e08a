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

  /// A new session with a fresh store.
  func makeSession() -> any DemoSession {
    switch self {
    case .csdemo: CSDemoSession()
    case .todo: TodoSession()
    case .rps: RPSSession()
    case .settings: SettingsSession()
    }
  }
}
