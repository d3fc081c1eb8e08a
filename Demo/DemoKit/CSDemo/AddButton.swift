import CSReduxKit

/// The screen's Add button: hidden while a record is being added.
///
/// | action | reaction |
/// |---|---|
/// | beginAddContent | hides the button |
/// | addContentFinish | shows it again |
/// | signOut | shows it again |
///
/// Both follow `state.canEdit`, so a rejected addContentFinish keeps it hidden.
final class AddButton: TextView {
  /// The button's label.
  static let label = "[Add]"
  /// The action types the button subscribes to.
  static let reactsTo: [CSDemoActionType] = [.beginAddContent, .addContentFinish, .signOut]

  private struct Model: Equatable {
    var isVisible = true
    var revision = 0
  }

  private let model = _Locked(Model())

  /// Creates the button and subscribes it to `store` for as long as it lives.
  init(store: CSDemoStore) {
    store.subscribe(owner: self, to: Self.reactsTo) { button, _, state in
      button.setVisible(!state.canEdit)
    }
  }

  /// Shows or hides the button.
  func setVisible(_ isVisible: Bool) {
    model.withLock { model in
      guard model.isVisible != isVisible else { return }
      model.isVisible = isVisible
      model.revision += 1
    }
  }

  /// Whether the button shows.
  var isVisible: Bool { model.withLock { $0.isVisible } }

  var revision: Int { model.withLock { $0.revision } }

  /// One line: `[Add]`, or an empty line while hidden.
  func render() -> [String] { [isVisible ? Self.label : ""] }
}
