import CSReduxKit
import DemoUI

/// Screen A: the Filter and Facebook switches, following the store.
@MainActor
final class SettingsSwitchesView: TextView {
  private let model = ComponentState(AppSettings())

  /// Creates the screen and subscribes it to both toggles and to signOut.
  init(store: SettingsStore) {
    let types = ActionFilter.cases(SettingsActionType.toggleFilter, .toggleFacebook, .signOut)
    store.subscribeOnMainActor(owner: self, to: types) { view, _, state in
      view.model.update { $0 = state.settings }
    }
  }

  /// The settings shown.
  var settings: AppSettings { model.value }

  var revision: Int { model.revision }

  /// Two lines: `Filter    [ ] off` and `Facebook  [x] on` style.
  func render() -> [String] {
    let settings = settings
    func row(_ name: String, _ isOn: Bool) -> String {
      name.padding(toLength: 10) + (isOn ? "[x] on" : "[ ] off")
    }
    return [row("Filter", settings.filter), row("Facebook", settings.facebook)]
  }
}

extension String {
  /// The string padded with spaces to `length` characters (never cut).
  func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
