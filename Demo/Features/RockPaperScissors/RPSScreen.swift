import CSReduxKit

/// The game's screen: the message and both players' slots, for two players on one screen.
@MainActor
final class RPSScreen {
  /// The game's store.
  let store: RPSStore
  /// The message line.
  let messageView: RPSMessageView
  /// The players' slots.
  let playersView: RPSPlayersView

  /// Builds the screen on `store`.
  init(store: RPSStore) {
    self.store = store
    messageView = RPSMessageView(store: store)
    playersView = RPSPlayersView(store: store)
  }

  /// The player whose turn it is chooses `weapon`.
  func choose(_ weapon: Weapon) {
    store.dispatch(Action(RPSActionType.chooseWeapon, data: weapon))
  }

  /// Starts a new game.
  func newGame() {
    store.dispatch(Action(RPSActionType.newGame))
  }
}
