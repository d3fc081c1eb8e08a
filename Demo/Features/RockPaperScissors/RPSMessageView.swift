import CSReduxKit
import DemoUI

/// The game's message line.
@MainActor
final class RPSMessageView: TextView {
  private let model = ComponentState(RPSMessage.player1Choose)

  /// Creates the view and subscribes it to every game action.
  init(store: RPSStore) {
    store.subscribeOnMainActor(owner: self, to: .cases(RPSActionType.allCases)) { view, _, state in
      view.model.update { $0 = state.message }
    }
  }

  var revision: Int { model.revision }

  /// One line: the message.
  func render() -> [String] { [model.value] }
}
