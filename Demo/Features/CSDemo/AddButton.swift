import CSReduxKit
import DemoUI

/// The screen's Add button: hidden while a record is being added.
///
/// | action | reaction |
/// |---|---|
/// | beginAddContent | hides the button |
/// | addContentFinish | shows it again |
/// | signOut | shows it again |
///
/// Both follow `state.canEdit`, so a rejected addContentFinish keeps it hidden.
@MainActor
final class AddButton: TextView {
  /// The button's label.
  nonisolated static let label = "[Add]"
  /// The action types the button subscribes to.
  nonisolated static let reactsTo: [CSDemoActionType] = [
    .beginAddContent, .addContentFinish, .signOut,
  ]

  private let model = ComponentState(true)

  /// Creates the button and subscribes it to `store` for as long as it lives.
  init(store: CSDemoStore) {
    store.subscribeOnMainActor(owner: self, to: .cases(Self.reactsTo)) { button, _, state in
      button.setVisible(!state.canEdit)
    }
  }

  /// Shows or hides the button.
  func setVisible(_ isVisible: Bool) {
    model.update { $0 = isVisible }
  }

  /// Whether the button shows.
  var isVisible: Bool { model.value }

  var revision: Int { model.revision }

  /// One line: `[Add]`, or an empty line while hidden.
  func render() -> [String] { [isVisible ? Self.label : ""] }
}
