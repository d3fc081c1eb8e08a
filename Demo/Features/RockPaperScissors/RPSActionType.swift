import CSReduxKit

/// The game's action types.
package enum RPSActionType: Int, CaseIterable, Sendable {
  /// The player whose turn it is chooses. Payload: a ``Weapon``.
  case chooseWeapon
  /// Starts a new game: without it, a third choice would score against player one's old
  /// weapon for ever. No payload.
  case newGame
  /// The user signed out: a new game, as after newGame. No payload.
  case signOut
}

extension RPSActionType {
  /// Writes and reads the module's action logs (`demo --log`, `demo replay`): every action type
  /// with its payload's type. The switch is exhaustive, so a new action type cannot be left out.
  static var logCodec: ActionLogCodec<RPSState> {
    var codec = ActionLogCodec<RPSState>(actions: ActionTypes(Self.self))
    for type in allCases {
      switch type {
      case .chooseWeapon: codec.register(type, payload: Weapon.self)
      case .newGame, .signOut: codec.register(type)
      }
    }
    return codec
  }
}
