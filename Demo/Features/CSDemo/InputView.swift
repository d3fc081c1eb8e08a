import CSReduxKit
import DemoUI

/// The demo's text field: focused between Add and submit, cleared once a record is added.
///
/// | action | reaction |
/// |---|---|
/// | beginAddContent | takes focus |
/// | addContentFinish | loses focus, text cleared |
/// | signOut | loses focus, text cleared |
///
/// Both reactions follow `state.canEdit`, so an action the reducer rejected (a wrong payload)
/// leaves the field as it was. Typing and cancelling are local to the view and dispatch
/// nothing. From submit until the store commits addContentFinish (the reducer saves the record
/// first), the field shows its text as saving and takes no typing.
@MainActor
final class InputView: TextView {
  /// What the field shows while empty and unfocused.
  nonisolated static let placeholder = "please enter content"
  /// The action types this view subscribes to.
  nonisolated static let reactsTo: [CSDemoActionType] = [
    .beginAddContent, .addContentFinish, .signOut,
  ]

  private struct Model: Equatable {
    var text = ""
    var isFocused = false
    var isSaving = false
  }

  private let model = ComponentState(Model())

  /// Creates the view and subscribes it to `store` for as long as the view lives.
  init(store: CSDemoStore) {
    store.subscribeOnMainActor(owner: self, to: .cases(Self.reactsTo)) { view, action, state in
      view.apply(action, state)
    }
  }

  private func apply(_ action: any ActionProtocol, _ state: CSDemoState) {
    switch CSDemoActionType(rawValue: action.type) {
    case .beginAddContent:
      model.update { $0.isFocused = state.canEdit }
    case .addContentFinish where !state.canEdit, .signOut where !state.canEdit:
      model.update { $0 = Model() }
    case .addContentFinish:
      // Rejected: the text stays, to be corrected and submitted again.
      model.update { $0.isSaving = false }
    default:
      return
    }
  }

  /// The text typed so far.
  var text: String { model.value.text }

  /// Whether the field has focus (typing goes to it).
  var isFocused: Bool { model.value.isFocused }

  /// Whether the text was submitted and the store has not committed it yet.
  var isSaving: Bool { model.value.isSaving }

  /// Appends typed text.
  func insert(_ typed: String) {
    model.update { $0.text += typed }
  }

  /// Removes the last character, if any.
  func deleteBackward() {
    model.update { model in
      if !model.text.isEmpty { model.text.removeLast() }
    }
  }

  /// Marks the text as submitted, until the store commits addContentFinish.
  func beginSaving() {
    model.update { $0.isSaving = true }
  }

  /// Gives up adding: the field loses focus and its text.
  func cancel() {
    model.update { $0 = Model() }
  }

  var revision: Int { model.revision }

  /// One line: `[text_]` while focused, `[text] saving...` once submitted, `(text)` or
  /// `(please enter content)` otherwise.
  func render() -> [String] {
    let model = model.value
    if model.isSaving { return ["[\(model.text)] saving..."] }
    if model.isFocused { return ["[\(model.text)_]"] }
    return ["(\(model.text.isEmpty ? Self.placeholder : model.text))"]
  }
}
