import CSReduxKit

/// Everything the notes module shows.
struct NotesState: StateProtocol, Codable, Equatable {
  var notes: [String] = []
  var isLoading = false
}

/// The notes module's actions: each case's raw value is an action's `type`.
enum NotesAction: Int, CaseIterable {
  case add, clear, load, loaded
}

/// The notes module's logic. A wrong payload throws: the store rejects
/// the action and reports it, and the state stays as it was.
let notesReducer = InPlaceReducer<NotesState> { action, state in
  switch NotesAction(rawValue: action.type) {
  case .add: state.notes.append(try action.payload(as: String.self))
  case .clear: state.notes = []
  case .load: state.isLoading = true
  case .loaded:
    state.notes = try action.payload(as: [String].self)
    state.isLoading = false
  case nil: break  // not one of ours
  }
}

/// The notes module's store: one per module.
func makeNotesStore() -> Store<NotesState> {
  Store(state: NotesState(), reducer: notesReducer, name: "Notes")
}
