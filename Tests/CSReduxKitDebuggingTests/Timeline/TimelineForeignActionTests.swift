import CSReduxKit
import CSReduxKitTestSupport
import Testing

@Suite("Timeline: actions that do not belong to their store")
struct TimelineForeignActionTests {
  @Test("a foreign action shows in the timeline as rejected, with why, and changes nothing")
  func foreignActionIsRejected() async throws {
    let timeline = Timeline()
    let todos = todoStore()
    try timeline.record(todos, codec: todosCodec)
    let error = await addThenSendForeign(to: todos)
    #expect(error is ForeignActionError)
    #expect(todos.state.items == ["Buy milk"])
    let entries = timeline.entries
    #expect(entries.map(\.isRejected) == [false, true])
    #expect((entries.last?.action as? RejectedAction)?.error is ForeignActionError)
    #expect(entries.last?.dispatchedAction.origin == ActionOrigin(AccountAction.self))
    #expect((entries.last?.state as? TodoState)?.items == ["Buy milk"])
  }

  @Test("a store a timeline stopped recording still reduces its own actions and refuses others")
  func checkOutlivesRecording() async throws {
    let timeline = Timeline()
    let todos = todoStore()
    try timeline.record(todos, codec: todosCodec)
    timeline.stopRecording()
    let error = await addThenSendForeign(to: todos)
    #expect(error is ForeignActionError)
    #expect(todos.state.items == ["Buy milk"])
    #expect(timeline.entries.isEmpty)
  }

  /// Adds "Buy milk", then sends `AccountAction.signIn`, whose raw value 0 is `TodoAction.add`'s:
  /// only its enum tells them apart. Returns the error the foreign action failed with, or
  /// records an issue and returns `nil` when it did not fail.
  private func addThenSendForeign(to todos: Store<TodoState>) async -> (any Error)? {
    _ = await todos.send(Action(TodoAction.add, data: "Buy milk"))
    let outcome = await todos.send(Action(AccountAction.signIn, data: "milk")).outcome
    guard case .failed(let error) = outcome else {
      Issue.record("expected .failed, got \(outcome)")
      return nil
    }
    return error
  }
}
