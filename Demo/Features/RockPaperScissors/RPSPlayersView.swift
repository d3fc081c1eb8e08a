import CSReduxKit
import DemoUI

/// The two players' slots. Player one's weapon stays hidden ("chosen") until player two has
/// chosen; then both weapons show.
@MainActor
final class RPSPlayersView: TextView {
  private struct Model: Equatable {
    var player1 = RPSPlay()
    var player2 = RPSPlay()
  }

  private let model = ComponentState(Model())

  /// Creates the view and subscribes it to every game action.
  init(store: RPSStore) {
    store.subscribeOnMainActor(owner: self, to: .cases(RPSActionType.allCases)) { view, _, state in
      view.model.update { $0 = Model(player1: state.player1Play, player2: state.player2Play) }
    }
  }

  var revision: Int { model.revision }

  /// Two lines, `player 1: chosen` and `player 2: -` style.
  func render() -> [String] {
    let model = model.value
    let isRevealed = model.player2.chosen
    func slot(_ play: RPSPlay) -> String {
      guard play.chosen else { return "-" }
      guard isRevealed, let weapon = play.weapon else { return "chosen" }
      return weapon.rawValue
    }
    return ["player 1: \(slot(model.player1))", "player 2: \(slot(model.player2))"]
  }
}
