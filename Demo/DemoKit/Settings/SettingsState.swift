import CSReduxKit

/// The two switches.
struct AppSettings: Equatable, Sendable {
  var filter = false
  var facebook = false
}

/// A user of the app.
struct SettingsUser: Equatable, Sendable, CustomStringConvertible {
  var name: String

  var description: String { "User(\(name.debugDescription))" }
}

/// The app state both screens share: settings and users, each with its own sub-reducer.
struct SettingsState: StateProtocol, Equatable {
  var settings = AppSettings()
  var users: [SettingsUser] = []
}
