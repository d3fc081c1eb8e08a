import DemoUI

/// Rock, paper, scissors driven by commands and keys.
@MainActor
package final class RPSSession: FeatureSession {
  /// The screen the commands and keys drive.
  let screen: RPSScreen

  /// Drives `screen`.
  init(screen: RPSScreen) {
    self.screen = screen
  }

  nonisolated static let commands = [
    CommandHelp(usage: "rock", summary: "the player whose turn it is chooses rock (chooseWeapon)"),
    CommandHelp(usage: "paper", summary: "... chooses paper (chooseWeapon)"),
    CommandHelp(usage: "scissors", summary: "... chooses scissors (chooseWeapon)"),
    CommandHelp(usage: "new", summary: "start a new game (dispatches newGame)"),
  ]

  nonisolated static let keys = [
    KeyHelp(key: "r p s", summary: "choose rock, paper or scissors"),
    KeyHelp(key: "n", summary: "new game"),
  ]

  package var keyHint: String { "r rock  p paper  s scissors  n new game  o sign out  q quit" }

  /// The message, then the players.
  package var sections: [FrameSection] {
    [FrameSection("message", screen.messageView), FrameSection("players", screen.playersView)]
  }

  package func perform(_ command: ScriptCommand) -> CommandResult {
    if let weapon = Weapon(rawValue: command.name) {
      screen.choose(weapon)
      return .ok
    }
    switch command.name {
    case "new":
      screen.newGame()
      return .ok
    default:
      return .unknown
    }
  }

  package func handle(_ key: Key) -> CommandResult {
    switch key {
    case .character("r"): screen.choose(.rock)
    case .character("p"): screen.choose(.paper)
    case .character("s"): screen.choose(.scissors)
    case .character("n"): screen.newGame()
    default: return .unknown
    }
    return .ok
  }
}
