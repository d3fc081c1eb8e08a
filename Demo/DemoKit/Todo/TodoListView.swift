import CSReduxKit

/// The list of tasks, newest first, with a selection the screen moves.
final class TodoListView: TextView {
  /// What the view shows without tasks.
  static let emptyText = "(no tasks)"

  private struct Model: Equatable {
    var names: [String] = []
    var selectedRow: Int?
    var revision = 0
  }

  private let model = _Locked(Model())

  /// Creates the view and subscribes it to both action types of `store`.
  init(store: TodoStore) {
    model.withLock { $0.names = store.state.tasks.map(\.name) }
    store.subscribe(owner: self, to: TodoActionType.allCases) { view, _, state in
      view.show(state.tasks.map(\.name))
    }
  }

  private func show(_ names: [String]) {
    model.withLock { model in
      var changed = model
      changed.names = names
      if let selected = changed.selectedRow, selected >= names.count {
        changed.selectedRow = names.isEmpty ? nil : names.count - 1
      }
      guard changed != model else { return }
      changed.revision += 1
      model = changed
    }
  }

  /// The names shown.
  var names: [String] { model.withLock { $0.names } }

  /// The selected row, if any.
  var selectedRow: Int? { model.withLock { $0.selectedRow } }

  /// Moves the selection up (-1) or down (+1), staying within the rows.
  func moveSelection(by offset: Int) {
    model.withLock { model in
      guard !model.names.isEmpty else { return }
      let row =
        model.selectedRow.map { min(max($0 + offset, 0), model.names.count - 1) }
        ?? (offset < 0 ? model.names.count - 1 : 0)
      guard row != model.selectedRow else { return }
      model.selectedRow = row
      model.revision += 1
    }
  }

  var revision: Int { model.withLock { $0.revision } }

  /// One line per task: a `>` for the selection, the index and the name.
  func render() -> [String] {
    let model = model.withLock { $0 }
    guard !model.names.isEmpty else { return [Self.emptyText] }
    return model.names.enumerated().map { index, name in
      "\(index == model.selectedRow ? ">" : " ") \(index)  \(name)"
    }
  }
}
