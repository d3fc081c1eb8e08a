import CSReduxKit

/// The todo screen: the task list and a line to type a new task's name.
///
/// The new-task line is local to the screen until Enter, which dispatches addTask.
final class TodoScreen: Sendable {
  /// The module's store.
  let store: TodoStore
  /// The list of tasks.
  let listView: TodoListView

  private struct Draft: Equatable {
    var text: String?
    var revision = 0
  }

  private let draft = _Locked(Draft())

  init(store: TodoStore) {
    self.store = store
    listView = TodoListView(store: store)
  }

  /// Dispatches addTask with `name`; an empty name is refused.
  func add(_ name: String) -> String? {
    guard !name.isEmpty else { return "enter a task name!" }
    store.dispatch(Action(TodoActionType.addTask, data: name))
    return nil
  }

  /// Dispatches deleteTask with `index` as given; the reducer reports an index out of range.
  func delete(index: Int) -> String? {
    store.dispatch(Action(TodoActionType.deleteTask, data: index))
    return nil
  }

  /// Deletes the selected task.
  func deleteSelected() -> String? {
    guard let row = listView.selectedRow else { return "select a task first!" }
    return delete(index: row)
  }

  // MARK: Typing a new task

  /// Whether a new task's name is being typed.
  var isTyping: Bool { draft.withLock { $0.text != nil } }

  /// Starts typing a new task.
  func beginTyping() { editDraft { $0 = $0 ?? "" } }

  /// Types into the new task's name.
  func type(_ text: String) { editDraft { $0? += text } }

  /// Erases the last character of the new task's name.
  func deleteBackward() {
    editDraft { text in
      if text?.isEmpty == false { text?.removeLast() }
    }
  }

  /// Stops typing without adding.
  func cancelTyping() { editDraft { $0 = nil } }

  /// Adds the typed task and stops typing.
  func submit() -> String? {
    let name = draft.withLock { $0.text } ?? ""
    if let message = add(name) { return message }
    cancelTyping()
    return nil
  }

  private func editDraft(_ change: (inout String?) -> Void) {
    draft.withLock { draft in
      var text = draft.text
      change(&text)
      guard text != draft.text else { return }
      draft.text = text
      draft.revision += 1
    }
  }

  /// The new-task line as a section: `[name_]` while typing, a hint otherwise.
  var draftRevision: Int { draft.withLock { $0.revision } }

  /// The new-task line.
  func renderDraft() -> [String] {
    guard let text = draft.withLock({ $0.text }) else { return ["(a: new task)"] }
    return ["[\(text)_]"]
  }
}
