/// The game's action types.
enum RPSActionType: Int, CaseIterable, Sendable {
  /// The player whose turn it is chooses. Payload: a ``Weapon``.
  case chooseWeapon
  /// Starts a new game (added by the port; the original had no reset). No payload.
  case newGame
  /// The user signed out: a new game, as after newGame. No payload.
  case signOut
}
