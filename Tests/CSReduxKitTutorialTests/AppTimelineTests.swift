import CSReduxKit
import Testing

@Suite("The app's timeline")
struct AppTimelineTests {
  @Test("both modules in one order, the sign-out in each")
  func recordsBothModules() throws {
    let app = App()
    let timeline = try recordTimeline(of: app)
    app.session.dispatch(Action(SessionAction.signIn, data: "Ann"))
    app.notes.dispatch(Action(NotesAction.add, data: "Buy milk"))
    app.signOut()
    for entry in timeline.entries {
      print(entry.sequence, entry.storeName, entry.action.type)
    }
    #expect(timeline.entries.map(\.storeName) == ["Session", "Notes", "Notes", "Session"])
  }
}
