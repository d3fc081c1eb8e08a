import CSReduxKit
import DemoUI

/// Screen B: the single "facebook" button, showing the setting it toggles.
@MainActor
final class FacebookButtonView: TextView {
  private let model = ComponentState(false)

  /// Creates the screen and subscribes it to toggleFacebook and signOut.
  init(store: SettingsStore) {
    let types = ActionFilter.cases(SettingsActionType.toggleFacebook, .signOut)
    store.subscribeOnMainActor(owner: self, to: types) { view, _, state in
      view.model.update { $0 = state.settings.facebook }
    }
  }

  /// Whether the button shows facebook as on.
  var isOn: Bool { model.value }

  var revision: Int { model.revision }

  /// One line: `[ facebook ] on` or `[ facebook ] off`.
  func render() -> [String] { ["[ facebook ] " + (isOn ? "on" : "off")] }
}
