import CSReduxKit
import DemoUI

/// The demo screen: one store, and the title, input and list views (then the Add button)
/// subscribed to it in that order. It turns the user's gestures into actions.
///
/// User-side rules:
/// - tapping the title dispatches titleClick with the title's current text;
/// - the input accepts typing only while adding, otherwise it says "tap Add first!";
/// - submitting empty text says "enter content!" and dispatches nothing; otherwise it
///   dispatches addContentFinish with the text, which the input shows as saving until the
///   store commits it;
/// - selecting a row dispatches cellClick with its text; deleting dispatches deleteContent.
///
/// Every gesture returns the message the user should see, or `nil`.
@MainActor
final class CSDemoScreen {
  /// Messages the screen shows for gestures it refuses.
  enum Message {
    /// Typing or submitting before tapping Add.
    static let tapAddFirst = "tap Add first!"
    /// Submitting empty text.
    static let enterContent = "enter content!"
    /// Deleting with no row selected.
    static let selectRowFirst = "select a row first!"
    /// Typing or submitting while the submitted record is being saved.
    static let saving = "saving..."
    /// Cancelling an add.
    static let cancelled = "adding cancelled"
    /// Selecting a row that does not exist.
    static func noRow(_ row: Int) -> String { "there is no row \(row)" }
  }

  /// The shared store.
  let store: CSDemoStore
  /// The title view (first subscriber).
  let titleView: TitleView
  /// The input view (second subscriber).
  let inputView: InputView
  /// The list view (third subscriber).
  let listView: ListView
  /// The screen's Add button (fourth subscriber).
  let addButton: AddButton

  /// Builds the screen on `store`, subscribing its components in that order.
  init(store: CSDemoStore) {
    self.store = store
    titleView = TitleView(store: store)
    inputView = InputView(store: store)
    listView = ListView(store: store)
    addButton = AddButton(store: store)
  }

  /// Whether a record is being added: the store allows editing, the input has focus and
  /// nothing submitted is still saving.
  var isAdding: Bool { store.state.canEdit && inputView.isFocused && !inputView.isSaving }

  /// The message for typing or submitting when not adding.
  private var notAddingMessage: String {
    inputView.isSaving ? Message.saving : Message.tapAddFirst
  }

  /// Taps Add: dispatches beginAddContent.
  func tapAdd() -> String? {
    store.dispatch(Action(.beginAddContent))
    return nil
  }

  /// Types `text` into the input, when adding.
  func type(_ text: String) -> String? {
    guard isAdding else { return notAddingMessage }
    inputView.insert(text)
    return nil
  }

  /// Erases the last typed character, when adding.
  func deleteBackward() -> String? {
    guard isAdding else { return notAddingMessage }
    inputView.deleteBackward()
    return nil
  }

  /// Submits the input: dispatches addContentFinish with its text unless it is empty.
  ///
  /// The reducer saves the record before it finishes, so `dispatch` returns before the commit;
  /// the input shows the text as saving until then.
  func submit() -> String? {
    guard isAdding else { return notAddingMessage }
    let text = inputView.text
    guard !text.isEmpty else { return Message.enterContent }
    inputView.beginSaving()
    store.dispatch(Action(.addContentFinish, text))
    return nil
  }

  /// Gives up adding without dispatching: the input clears, the Add button shows again and
  /// the title shows what it showed before Add.
  ///
  /// No action cancels, so the store's `canEdit` stays true until the next Add or submit; the
  /// screen counts as adding only while the input has focus.
  func cancelAdding() -> String? {
    guard isAdding else { return nil }
    inputView.cancel()
    addButton.setVisible(true)
    titleView.cancelAdding()
    return Message.cancelled
  }

  /// Selects `row` and dispatches cellClick with its text.
  func select(row: Int) -> String? {
    guard let text = listView.select(row) else { return Message.noRow(row) }
    store.dispatch(Action(.cellClick, text))
    return nil
  }

  /// Moves the selection up (-1) or down (+1) and dispatches cellClick for the new row.
  func moveSelection(by offset: Int) -> String? {
    let count = listView.rows.count
    guard count > 0 else { return nil }
    let row: Int
    if let selected = listView.selectedRow {
      row = min(max(selected + offset, 0), count - 1)
    } else {
      row = offset < 0 ? count - 1 : 0
    }
    return select(row: row)
  }

  /// Deletes the selected row: dispatches deleteContent with its index.
  func deleteSelected() -> String? {
    guard let row = listView.selectedRow else { return Message.selectRowFirst }
    return delete(row: row)
  }

  /// Dispatches deleteContent with `row` as given; the reducer reports a row out of range.
  func delete(row: Int) -> String? {
    store.dispatch(Action(.deleteContent, row))
    return nil
  }

  /// Taps the title: dispatches titleClick with the title's current text.
  func tapTitle() -> String? {
    store.dispatch(Action(.titleClick, titleView.text))
    return nil
  }
}
