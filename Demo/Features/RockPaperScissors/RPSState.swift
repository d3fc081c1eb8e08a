import CSReduxKit

/// Whose turn it is.
enum RPSPlayer: String, Equatable, Sendable, Codable {
  case one, two
}

/// One player's play: whether they chose, and what.
struct RPSPlay: Equatable, Sendable, Codable {
  var chosen = false
  var weapon: Weapon?
}

/// How a game ended.
enum RPSResult: String, Equatable, Sendable, Codable {
  case draw, player1wins, player2wins
}

/// The game's messages.
enum RPSMessage {
  static let player1Choose = "PLAYER 1 - Choose your weapon:"
  static let player2Choose = "PLAYER 2 - Choose your weapon:"
  static let player1Wins = "PLAYER 1 WINS!"
  static let player2Wins = "PLAYER 2 WINS!"
  static let draw = "DRAW!"
}

/// The state of a game of rock, paper, scissors.
package struct RPSState: StateProtocol, Equatable, Codable {
  var message = RPSMessage.player1Choose
  var turn = RPSPlayer.one
  var player1Play = RPSPlay()
  var player2Play = RPSPlay()
  var result: RPSResult?
}
