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
      .effect(id: SearchEffect(), cancelInFlight: true) { context in
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

  // MARK: Typing a new task or a search

  /// What the line being typed becomes on Enter.
  enum DraftKind: Equatable {
    /// A new task's name: Enter dispatches addTask.
    case task
    /// A search's query: Enter starts the search.
    case search
  }

  /// The line being typed and what it is for.
  private struct Draft: Equatable {
    var kind: DraftKind
    var text: String
  }

  /// The line being typed; `nil` otherwise.
  private let draft = ComponentState<Draft?>(nil)

  /// Whether a new task's name or a search is being typed.
  var isTyping: Bool { draft.value != nil }

  /// What the line being typed is for, if one is.
  var draftKind: DraftKind? { draft.value?.kind }

  /// Starts typing a new task.
  func beginTyping() { draft.update { $0 = $0 ?? Draft(kind: .task, text: "") } }

  /// Starts typing a search, from the search shown (if any).
  func beginSearch() {
    let query = listView.query ?? ""
    draft.update { $0 = $0 ?? Draft(kind: .search, text: query) }
  }

  /// Types into the line.
  func type(_ text: String) { draft.update { $0?.text += text } }

  /// Erases the last character of the line.
  func deleteBackward() {
    draft.update { draft in
      if draft?.text.isEmpty == false { draft?.text.removeLast() }
    }
  }

  /// Stops typing without adding or searching.
  func cancelTyping() { draft.update { $0 = nil } }

  /// Adds the typed task, or starts the typed search, and stops typing.
  func submit() -> String? {
    guard let draft = draft.value else { return nil }
    switch draft.kind {
    case .task:
      if let message = add(draft.text) { return message }
    case .search:
      search(draft.text)
    }
    cancelTyping()
    return nil
  }

  /// Grows with every change of the line being typed.
  var draftRevision: Int { draft.revision }

  /// The line being typed: `[name_]` for a task, `/query_` for a search; a hint otherwise.
  func renderDraft() -> [String] {
    guard let draft = draft.value else { return ["(a: new task)"] }
    switch draft.kind {
    case .task: return ["[\(draft.text)_]"]
    case .search: return ["/\(draft.text)_"]
    }
  }
}
