import CSReduxKit

/// The app reducer, combined from two sub-reducers as in the original: one for the settings,
/// one for the users. A missing or wrong addUser payload is reported and changes nothing.
struct SettingsReducer: InPlaceReducerProtocol {
  /// Applies ``reduce(_:_:)``; a throw leaves the store's state unchanged and is reported.
  func reduce(_ action: any ActionProtocol, into state: inout SettingsState) throws {
    state = try Self.reduce(action, state)
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
