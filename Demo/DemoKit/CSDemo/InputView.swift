import CSReduxKit

/// The demo's text field: focused between Add and submit, cleared once a record is added.
///
/// | action | reaction |
/// |---|---|
/// | beginAddContent | takes focus |
/// | addContentFinish | loses focus, text cleared |
/// | signOut | loses focus, text cleared |
///
/// Both reactions follow `state.canEdit`, so an action the reducer rejected (a wrong payload)
/// leaves the field as it was. Typing and cancelling are local to the view and dispatch nothing.
final class InputView: TextView {
  /// What the field shows while empty and unfocused.
  static let placeholder = "please enter content"
  /// The action types this view subscribes to.
  static let reactsTo: [CSDemoActionType] = [.beginAddContent, .addContentFinish, .signOut]

  private struct Model: Equatable {
    var text = ""
    var isFocused = false
    var revision = 0
  }

  private let model = _Locked(Model())

  /// Creates the view and subscribes it to `store` for as long as the view lives.
  init(store: CSDemoStore) {
    store.subscribe(owner: self, to: Self.reactsTo) { view, action, state in
      view.apply(action, state)
    }
  }

  private func apply(_ action: any ActionProtocol, _ state: CSDemoState) {
    switch CSDemoActionType(rawValue: action.type) {
    case .beginAddContent:
      update { $0.isFocused = state.canEdit }
    case .addContentFinish where !state.canEdit, .signOut where !state.canEdit:
      update {
        $0.isFocused = false
        $0.text = ""
      }
    default:
      return
    }
  }

  private func update(_ change: (inout Model) -> Void) {
    model.withLock { model in
      var changed = model
      change(&changed)
      guard changed != model else { return }
      changed.revision += 1
      model = changed
    }
  }

  /// The text typed so far.
  var text: String { model.withLock { $0.text } }

  /// Whether the field has focus (typing goes to it).
  var isFocused: Bool { model.withLock { $0.isFocused } }

  /// Appends typed text.
  func insert(_ typed: String) {
    update { $0.text += typed }
  }

  /// Removes the last character, if any.
  func deleteBackward() {
    update { model in
      if !model.text.isEmpty { model.text.removeLast() }
    }
  }

  /// Gives up adding: the field loses focus and its text.
  func cancel() {
    update {
      $0.isFocused = false
      $0.text = ""
    }
  }

  var revision: Int { model.withLock { $0.revision } }

  /// One line: `[text_]` while focused, `(text)` or `(please enter content)` otherwise.
  func render() -> [String] {
    let model = model.withLock { $0 }
    if model.isFocused { return ["[\(model.text)_]"] }
    return ["(\(model.text.isEmpty ? Self.placeholder : model.text))"]
  }
}
