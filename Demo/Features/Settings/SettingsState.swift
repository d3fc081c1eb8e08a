import CSReduxKit

/// The two switches.
struct AppSettings: Equatable, Sendable, Codable {
  var filter = false
  var facebook = false
}

/// A user of the app.
struct SettingsUser: Equatable, Sendable, Codable, CustomStringConvertible {
  var name: String

  var description: String { "User(\(name.debugDescription))" }
}

/// The app state both screens share: settings and users, each with its own sub-reducer.
package struct SettingsState: StateProtocol, Equatable, Codable {
  var settings = AppSettings()
  var users: [SettingsUser] = []
}
