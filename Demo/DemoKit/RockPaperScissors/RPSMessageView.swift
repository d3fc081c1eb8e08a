import CSReduxKit

/// The game's message line.
final class RPSMessageView: TextView {
  private struct Model: Equatable {
    var message = RPSMessage.player1Choose
    var revision = 0
  }

  private let model = _Locked(Model())

  /// Creates the view and subscribes it to every game action.
  init(store: RPSStore) {
    store.subscribe(owner: self, to: RPSActionType.allCases) {
      view, _, state in
      view.model.withLock { model in
        guard model.message != state.message else { return }
        model.message = state.message
        model.revision += 1
      }
    }
  }

  var revision: Int { model.withLock { $0.revision } }

  /// One line: the message.
  func render() -> [String] { [model.withLock { $0.message }] }
}
