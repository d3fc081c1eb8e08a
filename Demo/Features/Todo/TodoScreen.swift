import CSReduxKit
import DemoUI

/// The todo screen: the task list and a line to type a new task's name.
///
/// The new-task line is local to the screen until Enter, which dispatches addTask.
///
/// A search runs as an effect of the store: a lookup that takes a moment (simulated), then
/// showSearch. A new search cancels the one in flight, whose late answer then never shows.
@MainActor
final class TodoScreen {
  /// The identity of the search effect: one search at a time.
  struct SearchEffect: Hashable, Sendable {}

  /// How long the simulated search lookup takes.
  nonisolated static let lookupLatency: Duration = .milliseconds(120)

  /// The simulated search service: answers after ``lookupLatency``, or throws
  /// `CancellationError` at once when the search is cancelled.
  nonisolated static let simulatedLookup: @Sendable (String) async throws -> Void = { _ in
    try await Task.sleep(for: lookupLatency)
  }

  /// The module's store.
  let store: TodoStore
  /// The list of tasks.
  let listView: TodoListView
  /// Waits for the search service's answer to a query.
  private let lookup: @Sendable (String) async throws -> Void

  /// The new task's name while it is typed; `nil` otherwise.
  private let draft = ComponentState<String?>(nil)

  /// Builds the screen on `store`, whose searches wait for `lookup`.
  init(
    store: TodoStore,
    lookup: @escaping @Sendable (String) async throws -> Void = TodoScreen.simulatedLookup
  ) {
    self.store = store
    self.lookup = lookup
    listView = TodoListView(store: store)
  }

  /// Starts a search for `query` (an empty one shows every task again), cancelling the one in
  /// flight: once this returns, the older search's answer can no longer reach the list.
  func search(_ query: String) {
    let lookup = lookup
    store.dispatch(
      Thunk<TodoState>.effect(id: SearchEffect(), cancelInFlight: true) { context in
        if !query.isEmpty { try await lookup(query) }
        context.dispatch(Action(TodoActionType.showSearch, data: query))
      })
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
