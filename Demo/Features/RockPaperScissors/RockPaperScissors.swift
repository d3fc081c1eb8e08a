import CSReduxKit
import DemoUI

/// Rock, paper, scissors for two players on one screen, as a feature module.
package enum RockPaperScissors: DemoFeature {
  package static let name = "rps"
  package static let summary = "rock, paper, scissors for two players on one screen"
  package static let heading = "CSReduxKit demo: rock, paper, scissors (two players, one screen)"
  package static let storeName = "RPSStore"
  package static var initialState: RPSState { RPSState() }
  package static let signOut = RPSActionType.signOut
  package static var logCodec: ActionLogCodec<RPSState> { RPSActionType.logCodec }
  package static var commands: [CommandHelp] { RPSSession.commands }
  package static var keys: [KeyHelp] { RPSSession.keys }

  /// The reducer.
  package static func makeReducer() -> RPSReducer { RPSReducer() }

  @MainActor
  package static func makeSession(store: RPSStore) -> RPSSession {
    RPSSession(screen: RPSScreen(store: store))
  }
}
