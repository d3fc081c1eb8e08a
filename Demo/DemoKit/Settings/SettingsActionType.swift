/// The settings module's action types.
enum SettingsActionType: Int, CaseIterable, Sendable {
  /// Negates the filter setting. No payload.
  case toggleFilter
  /// Negates the facebook setting. No payload.
  case toggleFacebook
  /// Appends a user. Payload: a ``SettingsUser``.
  case addUser
  /// The user signed out: both settings off and no users. No payload.
  case signOut
}
