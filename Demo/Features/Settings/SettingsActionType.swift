import CSReduxKit

/// The settings module's action types.
package enum SettingsActionType: Int, CaseIterable, Sendable {
  /// Negates the filter setting. No payload.
  case toggleFilter
  /// Negates the facebook setting. No payload.
  case toggleFacebook
  /// Appends a user. Payload: a ``SettingsUser``.
  case addUser
  /// The user signed out: both settings off and no users. No payload.
  case signOut
}

extension SettingsActionType {
  /// Writes and reads the module's action logs (`demo --log`, `demo replay`): every action type
  /// with its payload's type. The switch is exhaustive, so a new action type cannot be left out.
  static var logCodec: ActionLogCodec<SettingsState> {
    var codec = ActionLogCodec<SettingsState>(actions: ActionTypes(Self.self))
    for type in allCases {
      switch type {
      case .toggleFilter, .toggleFacebook, .signOut: codec.register(type)
      case .addUser: codec.register(type, payload: SettingsUser.self)
      }
    }
    return codec
  }
}
