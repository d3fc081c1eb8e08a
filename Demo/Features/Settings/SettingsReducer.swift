import CSReduxKit

/// The app reducer, combined from two sub-reducers: one for the settings, one for the users.
/// Every action finishes at once; a missing or wrong addUser payload fails it, which changes
/// nothing and is reported.
package struct SettingsReducer: ReducerProtocol {
  /// Finishes with ``reduce(_:_:)``'s state, or fails with what it threw.
  package func execute(
    action: any ActionProtocol, state: SettingsState, finish: Finish<SettingsState>
  ) {
    do {
      finish(try Self.reduce(action, state))
    } catch {
      finish.fail(error)
    }
  }

  /// The app reducer: each part of the state from its own sub-reducer.
  static func reduce(_ action: any ActionProtocol, _ state: SettingsState) throws
    -> SettingsState
  {
    SettingsState(
      settings: reduceSettings(action, state.settings),
      users: try reduceUsers(action, state.users))
  }

  /// toggleFilter and toggleFacebook negate one setting; signOut turns both off.
  static func reduceSettings(_ action: any ActionProtocol, _ settings: AppSettings)
    -> AppSettings
  {
    var settings = settings
    switch SettingsActionType(rawValue: action.type) {
    case .toggleFilter: settings.filter.toggle()
    case .toggleFacebook: settings.facebook.toggle()
    case .signOut: settings = AppSettings()
    case .addUser, nil: break
    }
    return settings
  }

  /// addUser appends its user; signOut removes every user.
  static func reduceUsers(_ action: any ActionProtocol, _ users: [SettingsUser]) throws
    -> [SettingsUser]
  {
    if action.type == SettingsActionType.signOut.rawValue { return [] }
    guard action.type == SettingsActionType.addUser.rawValue else { return users }
    return users + [try action.payload(as: SettingsUser.self)]
  }
}
