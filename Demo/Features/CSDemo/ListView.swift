import CSReduxKit
import DemoUI

/// The demo's list of records, with a selection and the rows equal to the title highlighted.
///
/// | action | reaction |
/// |---|---|
/// | beginAddContent, addContentFinish, deleteContent | shows listData |
/// | titleClick | highlights every row equal to state.title |
/// | cellClick | selects the row clicked, unless the selection already shows its text |
/// | signOut | shows listData (empty), no highlight, no selection |
///
/// The highlight is kept as the title's text, so rows added later that equal it are highlighted
/// too. The screen moves the selection and stays within the rows; the cellClick it dispatches
/// finds the row already selected. A replay dispatches the cellClick alone, so the view selects
/// the row from the action: the selected row, or the first with the clicked text.
@MainActor
final class ListView: TextView {
  /// What the view shows when there are no rows.
  nonisolated static let emptyText = "(empty)"
  /// The marker after a highlighted row.
  nonisolated static let highlightMarker = "  <- title"
  /// The action types this view subscribes to.
  nonisolated static let reactsTo: [CSDemoActionType] = [
    .beginAddContent, .addContentFinish, .deleteContent, .titleClick, .cellClick, .signOut,
  ]

  private struct Model: Equatable {
    var rows: [String] = []
    var highlightedText: String?
    var selectedRow: Int?
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
    case .beginAddContent, .addContentFinish, .deleteContent:
      model.update { model in
        model.rows = state.listData
        if let selected = model.selectedRow, selected >= model.rows.count {
          model.selectedRow = model.rows.isEmpty ? nil : model.rows.count - 1
        }
      }
    case .titleClick:
      model.update { $0.highlightedText = state.title }
    case .signOut:
      model.update { model in
        model.rows = state.listData
        model.highlightedText = state.title
        model.selectedRow = nil
      }
    case .cellClick:
      guard let text = state.currentAddText else { return }
      model.update { model in
        if let selected = model.selectedRow, model.rows.indices.contains(selected),
          model.rows[selected] == text
        {
          return
        }
        model.selectedRow = model.rows.firstIndex(of: text) ?? model.selectedRow
      }
    case nil:
      return
    }
  }

  /// The rows shown.
  var rows: [String] { model.value.rows }

  /// The indices of the highlighted rows.
  var highlightedRows: [Int] {
    let model = model.value
    return model.rows.indices.filter { model.rows[$0] == model.highlightedText }
  }

  /// The selected row, if any.
  var selectedRow: Int? { model.value.selectedRow }

  /// Selects `row` when it exists; returns its text, or `nil` when there is no such row.
  @discardableResult
  func select(_ row: Int) -> String? {
    model.update { model in
      guard model.rows.indices.contains(row) else { return nil }
      model.selectedRow = row
      return model.rows[row]
    }
  }

  var revision: Int { model.revision }

  /// One line per row: a `>` for the selection, the index, the text, and `<- title` when it is
  /// highlighted; `(empty)` when there are no rows.
  func render() -> [String] {
    let model = model.value
    guard !model.rows.isEmpty else { return [Self.emptyText] }
    return model.rows.enumerated().map { index, text in
      let mark = index == model.selectedRow ? ">" : " "
      let highlight = text == model.highlightedText ? Self.highlightMarker : ""
      return "\(mark) \(index)  \(text)\(highlight)"
    }
  }
}
