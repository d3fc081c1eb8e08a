import CSReduxKit
import CSReduxKitTesting
import Testing

@Suite("The notes module")
struct NotesTests {
  @Test("adding a note appends it, and nothing else changes")
  func addsANote() async {
    let test = TestStore(makeNotesStore())
    await test.send(Action(NotesAction.add, data: "Buy milk")) {
      $0.notes = ["Buy milk"]
    }
    await test.finish()
  }

  @Test("loading receives what the effect dispatches, in order")
  func loads() async {
    // Each step waits up to 30 s for the effect: a passing test never waits that long.
    let test = TestStore(makeNotesStore(), timeout: .seconds(30))
    let loader = NotesLoader { ["Call Ann", "Buy milk"] }
    await test.send(loadNotes(with: loader))  // an effect changes no state itself
    await test.receive(NotesAction.load) { $0.isLoading = true }
    await test.receive(NotesAction.loaded) {
      $0.isLoading = false
      $0.notes = ["Call Ann", "Buy milk"]
    }
    await test.finish()  // nothing left unreceived, no effect still running
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
