import CSReduxKit
import CSReduxKitTesting
import Testing

@Suite("The notes module")
struct NotesTests {
  @Test("adding a note appends it, and nothing else changes")
  func addsANote() async throws {
    let store = makeNotesStore()
    try await store.expect(dispatching: Action(NotesAction.add, data: "Buy milk")) {
      $0.notes = ["Buy milk"]
    }
  }

  @Test("loading shows what the loader returned")
  func loads() async throws {
    let store = makeNotesStore()
    let loader = NotesLoader { ["Call Ann", "Buy milk"] }
    store.dispatch(loadNotes(with: loader))
    try await store.waitUntilIdle()  // the effect included
    #expect(store.state == NotesState(notes: ["Call Ann", "Buy milk"]))
  }

  @Test("signing out clears the notes")
  func signOutClears() {
    let app = App()
    app.session.dispatch(Action(SessionAction.signIn, data: "Ann"))
    app.notes.dispatch(Action(NotesAction.add, data: "Buy milk"))
    app.signOut()
    #expect(app.notes.state.notes.isEmpty)
    #expect(app.session.state.userName == nil)
  }
}
