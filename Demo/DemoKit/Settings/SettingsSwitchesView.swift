import CSReduxKit

/// Screen A: the Filter and Facebook switches, following the store.
final class SettingsSwitchesView: TextView {
  private struct Model: Equatable {
    var settings = AppSettings()
    var revision = 0
  }

  private let model = _Locked(Model())

  /// Creates the screen and subscribes it to both toggles and to signOut.
  init(store: SettingsStore) {
    let types: [SettingsActionType] = [.toggleFilter, .toggleFacebook, .signOut]
    store.subscribe(owner: self, to: types) { view, _, state in
      view.model.withLock { model in
        guard model.settings != state.settings else { return }
        model.settings = state.settings
        model.revision += 1
      }
    }
  }

  /// The settings shown.
  var settings: AppSettings { model.withLock { $0.settings } }

  var revision: Int { model.withLock { $0.revision } }

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
