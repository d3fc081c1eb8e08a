import CSReduxKit
import DemoUI

/// The demo's title: it follows the record being added or touched.
///
/// | action | reaction |
/// |---|---|
/// | beginAddContent | shows "Adding text...." |
/// | addContentFinish, deleteContent, cellClick | shows currentAddText (empty when none) |
/// | titleClick | no change (it is not subscribed) |
/// | signOut | shows "Title" again |
///
/// Cancelling an add dispatches nothing, so the screen tells the view with
/// ``cancelAdding()``: the title goes back to the text it showed before Add.
@MainActor
final class TitleView: TextView {
  /// The text before any action.
  nonisolated static let initialText = "Title"
  /// The text while a record is being added.
  nonisolated static let addingText = "Adding text...."
  /// The action types this view subscribes to.
  nonisolated static let reactsTo: [CSDemoActionType] = [
    .beginAddContent, .addContentFinish, .deleteContent, .cellClick, .signOut,
  ]

  private let model = ComponentState(TitleView.initialText)
  /// The text shown before beginAddContent, while adding; `nil` otherwise.
  private var textBeforeAdding: String?

  /// Creates the view and subscribes it to `store` for as long as the view lives.
  init(store: CSDemoStore) {
    store.subscribeOnMainActor(owner: self, to: .cases(Self.reactsTo)) { view, action, state in
      view.apply(action, state)
    }
  }

  private func apply(_ action: any ActionProtocol, _ state: CSDemoState) {
    let text: String
    switch CSDemoActionType(rawValue: action.type) {
    case .beginAddContent:
      // A second Add while adding keeps the text from before the first.
      if textBeforeAdding == nil { textBeforeAdding = model.value }
      text = Self.addingText
    case .signOut:
      textBeforeAdding = nil
      text = Self.initialText
    case .addContentFinish, .deleteContent, .cellClick:
      textBeforeAdding = nil
      text = state.currentAddText ?? ""
    case .titleClick, nil: return
    }
    model.update { $0 = text }
  }

  /// Shows the text from before Add again, when an add is cancelled.
  func cancelAdding() {
    guard let text = textBeforeAdding else { return }
    textBeforeAdding = nil
    model.update { $0 = text }
  }

  /// The title's current text; tapping the title dispatches it.
  var text: String { model.value }

  var revision: Int { model.revision }

  /// One line: the text.
  func render() -> [String] { [text] }
}
