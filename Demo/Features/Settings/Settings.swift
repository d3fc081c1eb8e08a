import CSReduxKit
import DemoUI

/// Two screens that share one setting, as a feature module: toggle facebook from either, and
/// both follow.
package enum Settings: DemoFeature {
  package static let name = "settings"
  package static let summary = "two screens share one setting: toggle from either, both follow"
  package static let heading = "CSReduxKit demo: two screens share one setting"
  package static let storeName = "SettingsStore"
  package static var initialState: SettingsState { SettingsState() }
  package static let signOut = SettingsActionType.signOut
  package static var logCodec: ActionLogCodec<SettingsState> { SettingsActionType.logCodec }
  package static var commands: [CommandHelp] { SettingsSession.commands }
  package static var keys: [KeyHelp] { SettingsSession.keys }

  /// The app reducer, combined from the settings and users sub-reducers.
  package static func makeReducer() -> SettingsReducer { SettingsReducer() }

  @MainActor
  package static func makeSession(store: SettingsStore) -> SettingsSession {
    SettingsSession(screens: SettingsScreens(store: store))
  }
}
