import CSReduxKit

/// Where notes come from: a server in the app, a closure in tests.
struct NotesLoader: Sendable {
  var load: @Sendable () async throws -> [String]
}

/// Loads the notes as an effect of the notes store: the store tracks it,
/// cancels it when the store goes, and reports what it throws. A second
/// load cancels the first.
func loadNotes(with loader: NotesLoader) -> Thunk<NotesState> {
  Thunk.effect(id: "load notes", cancelInFlight: true) { context in
    context.dispatch(Action(NotesAction.load))
    let notes = try await loader.load()
    context.dispatch(Action(NotesAction.loaded, data: notes))
  }
}
