import CSReduxKit
import DemoUI

/// The two screens side by side on one store: the settings switches (A) and the facebook
/// button (B). Whichever toggles facebook, the other shows the new value.
@MainActor
final class SettingsScreens {
  /// The shared store.
  let store: SettingsStore
  /// Screen A.
  let switchesView: SettingsSwitchesView
  /// Screen B.
  let buttonView: FacebookButtonView

  /// Builds both screens on `store`.
  init(store: SettingsStore) {
    self.store = store
    switchesView = SettingsSwitchesView(store: store)
    buttonView = FacebookButtonView(store: store)
  }

  /// Screen A's Filter switch.
  func toggleFilter() {
    store.dispatch(Action(SettingsActionType.toggleFilter))
  }

  /// Screen A's Facebook switch.
  func toggleFacebookSwitch() {
    store.dispatch(Action(SettingsActionType.toggleFacebook))
  }

  /// Screen B's facebook button: the same action as the switch.
  func tapFacebookButton() {
    store.dispatch(Action(SettingsActionType.toggleFacebook))
  }

  /// The width of screen A's column.
  nonisolated static let columnWidth = 22

  /// Both screens side by side under their headings.
  func render() -> [String] {
    let left = ["screen A: settings"] + switchesView.render()
    let right = ["screen B"] + buttonView.render()
    return (0..<max(left.count, right.count)).map { row in
      let a = row < left.count ? left[row] : ""
      let b = row < right.count ? right[row] : ""
      return a.padding(toLength: Self.columnWidth) + "|" + (b.isEmpty ? "" : " " + b)
    }
  }
}
