import DemoUI

/// The two settings screens driven by commands and keys.
@MainActor
package final class SettingsSession: FeatureSession {
  /// The screens the commands and keys drive.
  let screens: SettingsScreens

  /// Drives `screens`.
  init(screens: SettingsScreens) {
    self.screens = screens
  }

  nonisolated static let commands = [
    CommandHelp(usage: "filter", summary: "screen A's Filter switch (dispatches toggleFilter)"),
    CommandHelp(
      usage: "facebook", summary: "screen A's Facebook switch (dispatches toggleFacebook)"),
    CommandHelp(
      usage: "button", summary: "screen B's facebook button (dispatches toggleFacebook)"),
  ]

  nonisolated static let keys = [
    KeyHelp(key: "f", summary: "screen A: Filter switch"),
    KeyHelp(key: "s", summary: "screen A: Facebook switch"),
    KeyHelp(key: "b", summary: "screen B: facebook button"),
  ]

  package var keyHint: String {
    "f filter  s facebook switch  b facebook button  o sign out  q quit"
  }

  /// Both screens as one section, side by side.
  package var sections: [FrameSection] {
    let screens = screens
    return [
      FrameSection(
        "", revision: { screens.switchesView.revision + screens.buttonView.revision },
        render: { screens.render() })
    ]
  }

  package func perform(_ command: ScriptCommand) -> CommandResult {
    switch command.name {
    case "filter": screens.toggleFilter()
    case "facebook": screens.toggleFacebookSwitch()
    case "button": screens.tapFacebookButton()
    default: return .unknown
    }
    return .ok
  }

  package func handle(_ key: Key) -> CommandResult {
    switch key {
    case .character("f"): screens.toggleFilter()
    case .character("s"): screens.toggleFacebookSwitch()
    case .character("b"): screens.tapFacebookButton()
    default: return .unknown
    }
    return .ok
  }
}
