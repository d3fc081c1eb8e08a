import CSReduxKit
import DemoUI

/// The list of tasks, newest first, with a selection the screen moves. While a search is
/// shown, only the tasks that match it, with their indices in the whole list.
@MainActor
final class TodoListView: TextView {
  /// What the view shows without tasks.
  nonisolated static let emptyText = "(no tasks)"

  private struct Model: Equatable {
    var names: [String] = []
    /// The indices of the rows shown: every task's, or the search's matches.
    var shown: [Int] = []
    var query: String?
    /// The selected task's index in `names`, always one of `shown`.
    var selectedRow: Int?
  }

  private let model = ComponentState(Model())

  /// Creates the view, showing the store's tasks, and subscribes it to every action type of
  /// `store`.
  init(store: TodoStore) {
    let state = store.state
    model.update { model in
      model.names = state.tasks.map(\.name)
      model.shown = state.shownIndices
      model.query = state.query
    }
    store.subscribeOnMainActor(owner: self, to: .cases(TodoActionType.allCases)) { view, _, state in
      view.show(state)
    }
  }

  private func show(_ state: TodoState) {
    model.update { model in
      model.names = state.tasks.map(\.name)
      model.shown = state.shownIndices
      model.query = state.query
      if let selected = model.selectedRow, !model.shown.contains(selected) {
        model.selectedRow = model.shown.last { $0 < selected } ?? model.shown.first
      }
    }
  }

  /// The names of every task, shown or not.
  var names: [String] { model.value.names }

  /// The search shown, if any.
  var query: String? { model.value.query }

  /// The selected row (a task's index in the whole list), if any.
  var selectedRow: Int? { model.value.selectedRow }

  /// Moves the selection up (-1) or down (+1) among the rows shown, staying within them.
  func moveSelection(by offset: Int) {
    model.update { model in
      guard !model.shown.isEmpty else { return }
      let position = model.selectedRow.flatMap { model.shown.firstIndex(of: $0) }
      let next =
        position.map { min(max($0 + offset, 0), model.shown.count - 1) }
        ?? (offset < 0 ? model.shown.count - 1 : 0)
      model.selectedRow = model.shown[next]
    }
  }

  var revision: Int { model.revision }

  /// One line per task shown: a `>` for the selection, the index and the name.
  func render() -> [String] {
    let model = model.value
    guard !model.names.isEmpty else { return [Self.emptyText] }
    guard !model.shown.isEmpty else { return ["(no task matches \"\(model.query ?? "")\")"] }
    return model.shown.map { index in
      "\(index == model.selectedRow ? ">" : " ") \(index)  \(model.names[index])"
    }
  }

  /// The search line: `"milk": 2 of 5 tasks`; empty without a search.
  func renderSearch() -> [String] {
    let model = model.value
    guard let query = model.query else { return [] }
    return ["\"\(query)\": \(model.shown.count) of \(model.names.count) tasks"]
  }
}
