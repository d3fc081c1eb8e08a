import CSReduxKit

/// Screen B: the single "facebook" button, showing the setting it toggles.
final class FacebookButtonView: TextView {
  private struct Model: Equatable {
    var isOn = false
    var revision = 0
  }

  private let model = _Locked(Model())

  /// Creates the screen and subscribes it to toggleFacebook and signOut.
  init(store: SettingsStore) {
    let types: Set = [
      SettingsActionType.toggleFacebook.rawValue, SettingsActionType.signOut.rawValue,
    ]
    store.subscribe(owner: self, to: types) {
      view, _, state in
      view.model.withLock { model in
        guard model.isOn != state.settings.facebook else { return }
        model.isOn = state.settings.facebook
        model.revision += 1
      }
    }
  }

  /// Whether the button shows facebook as on.
  var isOn: Bool { model.withLock { $0.isOn } }

  var revision: Int { model.withLock { $0.revision } }

  /// One line: `[ facebook ] on` or `[ facebook ] off`.
  func render() -> [String] { ["[ facebook ] " + (isOn ? "on" : "off")] }
}
