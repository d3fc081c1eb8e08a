/// Rock, paper, scissors driven by commands and keys.
final class RPSSession: DemoSession {
  let screen: RPSScreen
  let actionLog: ActionLog
  let diagnosticLog: DiagnosticLog

  init() {
    let diagnosticLog = DiagnosticLog()
    screen = RPSScreen(store: RPSStore(diagnostics: diagnosticLog.handler))
    actionLog = ActionLog(store: screen.store)
    self.diagnosticLog = diagnosticLog
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

  var keyHint: String { "r rock  p paper  s scissors  n new game  q quit" }

  var sections: [FrameSection] {
    [FrameSection("message", screen.messageView), FrameSection("players", screen.playersView)]
  }

  func perform(_ command: ScriptCommand) -> CommandResult {
    if let weapon = Weapon(rawValue: command.name) {
      screen.choose(weapon)
      return .ok
    }
    guard command.name == "new" else { return .unknown }
    screen.newGame()
    return .ok
  }

  func handle(_ key: Key) -> CommandResult {
    switch key {
    case .character("r"): screen.choose(.rock)
    case .character("p"): screen.choose(.paper)
    case .character("s"): screen.choose(.scissors)
    case .character("n"): screen.newGame()
    case .character("q"): return .quit
    default: break
    }
    return .ok
  }
}
