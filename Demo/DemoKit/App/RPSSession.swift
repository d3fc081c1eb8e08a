/// Rock, paper, scissors driven by commands and keys.
final class RPSSession: DemoSession {
  let app: DemoApp
  let screen: RPSScreen
  let transcript: ActionTranscript
  var diagnosticLog: DiagnosticLog { app.diagnosticLog }

  /// Builds the screen on the app's game store.
  init(app: DemoApp = DemoApp()) {
    self.app = app
    screen = RPSScreen(store: app.rpsStore)
    transcript = ActionTranscript(store: screen.store)
  }

  var heading: String { "CSReduxKit demo: rock, paper, scissors (two players, one screen)" }

  static let commands = [
    CommandHelp(usage: "rock", summary: "the player whose turn it is chooses rock (chooseWeapon)"),
    CommandHelp(usage: "paper", summary: "... chooses paper (chooseWeapon)"),
    CommandHelp(usage: "scissors", summary: "... chooses scissors (chooseWeapon)"),
    CommandHelp(usage: "new", summary: "start a new game (dispatches newGame)"),
  ]

  static let keys = [
    KeyHelp(key: "r p s", summary: "choose rock, paper or scissors"),
    KeyHelp(key: "n", summary: "new game"),
  ]

  var keyHint: String { "r rock  p paper  s scissors  n new game  o sign out  q quit" }

  var sections: [FrameSection] { Self.sections(of: screen) }

  /// The components of `screen`, top to bottom; `demo replay` lays out its frames with them too.
  static func sections(of screen: RPSScreen) -> [FrameSection] {
    [FrameSection("message", screen.messageView), FrameSection("players", screen.playersView)]
  }

  func perform(_ command: ScriptCommand) -> CommandResult {
    if let weapon = Weapon(rawValue: command.name) {
      screen.choose(weapon)
      return .ok
    }
    switch command.name {
    case "new":
      screen.newGame()
      return .ok
    case "signout":
      return .done(message: app.signOut())
    default:
      return .unknown
    }
  }

  func handle(_ key: Key) -> CommandResult {
    switch key {
    case .character("r"): screen.choose(.rock)
    case .character("p"): screen.choose(.paper)
    case .character("s"): screen.choose(.scissors)
    case .character("n"): screen.newGame()
    case .character("o"): return .done(message: app.signOut())
    case .character("q"): return .quit
    default: break
    }
    return .ok
  }
}
