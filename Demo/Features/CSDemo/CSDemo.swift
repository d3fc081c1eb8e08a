import CSReduxKit
import DemoUI

/// The CSReduxKit demo as a feature module: a title, an input and a list on one shared store,
/// where ONE action (addContentFinish) updates all three.
package enum CSDemo: DemoFeature {
  package static let name = "csdemo"
  package static let summary =
    "the CSReduxKit demo: ONE action updates three components on one store"
  package static let heading = "CSReduxKit demo: one store, three components"
  package static let storeName = "CSDemoStore"
  package static var initialState: CSDemoState { CSDemoState() }
  package static let signOut = CSDemoActionType.signOut
  package static var logCodec: ActionLogCodec<CSDemoState> { CSDemoActionType.logCodec }
  package static var commands: [CommandHelp] { CSDemoSession.commands }
  package static var keys: [KeyHelp] { CSDemoSession.keys }

  /// The reducer, saving each new record through a simulated save that answers later.
  package static func makeReducer() -> CSDemoReducer { CSDemoReducer() }

  @MainActor
  package static func makeSession(store: CSDemoStore) -> CSDemoSession {
    CSDemoSession(screen: CSDemoScreen(store: store))
  }
}
