import CSReduxKit
import Testing

@testable import RockPaperScissorsFeature

@Suite("Rock, paper, scissors (ReduxPaperSwift seed)")
@MainActor
struct RockPaperScissorsTests {
  func play(_ weapons: Weapon...) -> RPSStore {
    let store = RPSStore(diagnostics: { _ in })
    for weapon in weapons { store.dispatch(Action(RPSActionType.chooseWeapon, data: weapon)) }
    return store
  }

  @Test("rock then scissors gives player1wins")
  func rockBeatsScissors() {
    let store = play(.rock, .scissors)
    #expect(store.state.result == .player1wins)
    #expect(store.state.message == "PLAYER 1 WINS!")
  }

  @Test("rock then paper gives player2wins")
  func paperBeatsRock() {
    #expect(play(.rock, .paper).state.result == .player2wins)
  }

  @Test("the article's case: scissors then rock gives player2wins")
  func articleCase() {
    let store = play(.scissors, .rock)
    #expect(store.state.result == .player2wins)
    #expect(store.state.message == "PLAYER 2 WINS!")
  }

  @Test("equal weapons draw")
  func draw() {
    let store = play(.paper, .paper)
    #expect(store.state.result == .draw)
    #expect(store.state.message == "DRAW!")
  }

  @Test("player one's choice passes the turn and shows player two's message")
  func firstChoice() {
    let store = play(.rock)
    #expect(store.state.turn == .two)
    #expect(store.state.player1Play == RPSPlay(chosen: true, weapon: .rock))
    #expect(store.state.message == "PLAYER 2 - Choose your weapon:")
    #expect(store.state.result == nil)
  }

  @Test("as in ReduxPaperSwift, a third choice re-scores against player one's old weapon")
  func thirdChoice() {
    let store = play(.rock, .scissors, .paper)
    #expect(store.state.result == .player2wins)
    #expect(store.state.player1Play.weapon == .rock)
  }

  @Test("new game resets the state")
  func newGame() {
    let store = play(.rock, .scissors)
    store.dispatch(Action(RPSActionType.newGame))
    #expect(store.state == RPSState())
  }

  @Test("a wrong payload is reported and leaves the state unchanged")
  func wrongPayload() {
    let recorder = DiagnosticRecorder()
    let store = RPSStore(diagnostics: recorder.handler)
    store.dispatch(Action(RPSActionType.chooseWeapon, data: "rock"))
    #expect(store.state == RPSState())
    #expect(recorder.diagnostics.map(\.kind) == [.reducerFailed])
  }

  @Test("player one's weapon shows as chosen until player two has chosen")
  func hiddenWeapon() {
    let screen = RPSScreen(store: RPSStore(diagnostics: { _ in }))
    #expect(screen.playersView.render() == ["player 1: -", "player 2: -"])
    screen.choose(.scissors)
    #expect(screen.playersView.render() == ["player 1: chosen", "player 2: -"])
    screen.choose(.rock)
    #expect(screen.playersView.render() == ["player 1: scissors", "player 2: rock"])
    #expect(screen.messageView.render() == ["PLAYER 2 WINS!"])
  }
}
