/// The two settings screens driven by commands and keys.
final class SettingsSession: DemoSession {
  let app: DemoApp
  let screens: SettingsScreens
  let transcript: ActionTranscript
  var diagnosticLog: DiagnosticLog { app.diagnosticLog }

  /// Builds both screens on the app's settings store.
  init(app: DemoApp = DemoApp()) {
    self.app = app
    screens = SettingsScreens(store: app.settingsStore)
    transcript = ActionTranscript(store: screens.store)
  }

  var heading: String { "CSReduxKit demo: two screens share one setting" }

  static let commands = [
    CommandHelp(usage: "filter", summary: "screen A's Filter switch (dispatches toggleFilter)"),
    CommandHelp(
      usage: "facebook", summary: "screen A's Facebook switch (dispatches toggleFacebook)"),
    CommandHelp(
      usage: "button", summary: "screen B's facebook button (dispatches toggleFacebook)"),
  ]

  static let keys = [
    KeyHelp(key: "f", summary: "screen A: Filter switch"),
    KeyHelp(key: "s", summary: "screen A: Facebook switch"),
    KeyHelp(key: "b", summary: "screen B: facebook button"),
  ]

  var keyHint: String { "f filter  s facebook switch  b facebook button  o sign out  q quit" }

  var sections: [FrameSection] { Self.sections(of: screens) }

  /// Both screens as one section; `demo replay` lays out its frames with it too.
  static func sections(of screens: SettingsScreens) -> [FrameSection] {
    [
      FrameSection(
        "", revision: { screens.switchesView.revision + screens.buttonView.revision },
        render: { screens.render() })
    ]
  }

  func perform(_ command: ScriptCommand) -> CommandResult {
    switch command.name {
    case "filter": screens.toggleFilter()
    case "facebook": screens.toggleFacebookSwitch()
    case "button": screens.tapFacebookButton()
    case "signout": return .done(message: app.signOut())
    default: return .unknown
    }
    return .ok
  }

  func handle(_ key: Key) -> CommandResult {
    switch key {
    case .character("f"): screens.toggleFilter()
    case .character("s"): screens.toggleFacebookSwitch()
    case .character("b"): screens.tapFacebookButton()
    case .character("o"): return .done(message: app.signOut())
    case .character("q"): return .quit
    default: break
    }
    return .ok
  }
}
