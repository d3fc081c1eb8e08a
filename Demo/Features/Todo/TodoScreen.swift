import CSReduxKit
import DemoUI

/// The todo screen: the task list and a line to type a new task's name.
///
/// The new-task line is local to the screen until Enter, which dispatches addTask.
@MainActor
final class TodoScreen {
  /// The module's store.
  let store: TodoStore
  /// The list of tasks.
  let listView: TodoListView

  /// The new task's name while it is typed; `nil` otherwise.
  private let draft = ComponentState<String?>(nil)

  /// Builds the screen on `store`.
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
  var isTyping: Bool { draft.value != nil }

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
    let name = draft.value ?? ""
    if let message = add(name) { return message }
    cancelTyping()
    return nil
  }

  private func editDraft(_ change: (inout String?) -> Void) {
    draft.update(change)
  }

  /// Grows with every change of the new-task line.
  var draftRevision: Int { draft.revision }

  /// The new-task line: `[name_]` while typing, a hint otherwise.
  func renderDraft() -> [String] {
    guard let text = draft.value else { return ["(a: new task)"] }
    return ["[\(text)_]"]
  }
}
