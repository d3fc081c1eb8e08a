import CSReduxKit
import DemoUI

/// The list of tasks, newest first, with a selection the screen moves.
@MainActor
final class TodoListView: TextView {
  /// What the view shows without tasks.
  nonisolated static let emptyText = "(no tasks)"

  private struct Model: Equatable {
    var names: [String] = []
    var selectedRow: Int?
  }

  private let model = ComponentState(Model())

  /// Creates the view, showing the store's tasks, and subscribes it to every action type of
  /// `store`.
  init(store: TodoStore) {
    model.update { $0.names = store.state.tasks.map(\.name) }
    store.subscribeOnMainActor(owner: self, to: TodoActionType.allCases) { view, _, state in
      view.show(state.tasks.map(\.name))
    }
  }

  private func show(_ names: [String]) {
    model.update { model in
      model.names = names
      if let selected = model.selectedRow, selected >= names.count {
        model.selectedRow = names.isEmpty ? nil : names.count - 1
      }
    }
  }

  /// The names shown.
  var names: [String] { model.value.names }

  /// The selected row, if any.
  var selectedRow: Int? { model.value.selectedRow }

  /// Moves the selection up (-1) or down (+1), staying within the rows.
  func moveSelection(by offset: Int) {
    model.update { model in
      guard !model.names.isEmpty else { return }
      model.selectedRow =
        model.selectedRow.map { min(max($0 + offset, 0), model.names.count - 1) }
        ?? (offset < 0 ? model.names.count - 1 : 0)
    }
  }

  var revision: Int { model.revision }

  /// One line per task: a `>` for the selection, the index and the name.
  func render() -> [String] {
    let model = model.value
    guard !model.names.isEmpty else { return [Self.emptyText] }
    return model.names.enumerated().map { index, name in
      "\(index == model.selectedRow ? ">" : " ") \(index)  \(name)"
    }
  }
}
