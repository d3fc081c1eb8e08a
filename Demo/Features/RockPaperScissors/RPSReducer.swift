import CSReduxKit

/// The game's reducer.
///
/// On player one's turn, chooseWeapon records player one's play, passes the turn and shows
/// player two's message. On player two's turn it records player two's play and decides the
/// result. The turn then stays with player two, so a further choice re-scores against player
/// one's old weapon, as ReduxPaperSwift's game does; newGame starts over. Every action
/// finishes at once; a missing or wrong payload fails it.
package struct RPSReducer: ReducerProtocol {
  /// Finishes with ``reduce(_:_:)``'s state, or fails with what it threw.
  package func execute(action: any ActionProtocol, state: RPSState, finish: Finish<RPSState>) {
    do {
      finish(try Self.reduce(action, state))
    } catch {
      finish.fail(error)
    }
  }

  /// The pure state transition.
  static func reduce(_ action: any ActionProtocol, _ state: RPSState) throws -> RPSState {
    var state = state
    switch RPSActionType(rawValue: action.type) {
    case .chooseWeapon:
      let weapon = try action.payload(as: Weapon.self)
      switch state.turn {
      case .one:
        state.player1Play = RPSPlay(chosen: true, weapon: weapon)
        state.turn = .two
        state.message = RPSMessage.player2Choose
      case .two:
        state.player2Play = RPSPlay(chosen: true, weapon: weapon)
        let result = decide(state.player1Play.weapon, weapon)
        state.result = result
        state.message =
          switch result {
          case .draw: RPSMessage.draw
          case .player1wins: RPSMessage.player1Wins
          case .player2wins: RPSMessage.player2Wins
          }
      }
    case .newGame, .signOut:
      state = RPSState()
    case nil:
      break
    }
    return state
  }

  /// The result of player one's weapon against player two's.
  static func decide(_ first: Weapon?, _ second: Weapon) -> RPSResult {
    guard let first else { return .player2wins }
    if first == second { return .draw }
    return first.beats(second) ? .player1wins : .player2wins
  }
}
