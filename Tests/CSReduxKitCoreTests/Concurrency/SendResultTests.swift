import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Testing

private struct LoadError: Error, Equatable {}

@Suite("Store.send: the state and what became of the action")
struct SendOutcomeTests {
  @Test("an applied action reports applied with the new state")
  func applied() async {
    let store = moduleStore("A")
    let result = await store.send(Action(ModuleAction.add, data: 2))
    #expect(result.isApplied)
    #expect(result.state.value == 2)
    #expect("\(result.outcome)" == "applied")
  }

  @Test("a failed action reports the reducer's error and the unchanged state")
  func failed() async {
    let store = Store(
      state: Module(value: 4),
      reducer: Reducer<Module> { _, _, finish in finish.fail(LoadError()) },
      diagnostics: { _ in })
    let result = await store.send(Action(ModuleAction.add))
    #expect(result.outcome == .failed(LoadError()))
    #expect(result == SendResult(state: Module(value: 4), outcome: .failed(LoadError())))
    #expect(!result.isApplied)
  }

  @Test("a reducer that lets finish go without calling it reports failed without an error")
  func finishReleased() async {
    let store = Store(
      state: Module(value: 4), reducer: Reducer<Module> { _, _, _ in }, diagnostics: { _ in })
    let result = await store.send(Action(ModuleAction.add))
    #expect(result.outcome == .failed(nil))
    #expect(result.state == Module(value: 4))
  }

  @Test("an action a middleware does not pass on reports dropped by middleware")
  func droppedByMiddleware() async {
    let store = Store(
      state: Module(), reducer: moduleReducer(),
      middleware: [
        Middleware { action, context in
          guard action.type != ModuleAction.reset.rawValue else { return }
          context.next(action)
        }
      ],
      diagnostics: { _ in })
    let applied = await store.send(Action(ModuleAction.add, data: 3))
    #expect(applied.isApplied)
    let result = await store.send(Action(ModuleAction.reset))
    #expect(result.outcome == .dropped(.middleware))
    #expect(result.state.value == 3)
  }

  @Test("a feedback action past the limit reports dropped by the feedback limit")
  func droppedByFeedbackLimit() {
    let store = Store(
      state: Module(), reducer: moduleReducer(), nestedDispatchLimit: 3, diagnostics: { _ in })
    let outcomes = Locked<[String]>([])
    let subscription = store.subscribe { _, _ in
      // Dispatched back into the store from its own subscriber: past 3, they are dropped.
      store.dispatch(
        Action(ModuleAction.add),
        reportingOutcome: { _, outcome in
          outcomes.append("\(outcome)")
        })
    }
    store.dispatch(Action(ModuleAction.add))
    subscription.cancel()
    #expect(outcomes.current.contains("dropped(feedback limit)"))
    #expect(outcomes.current.first == "applied")
  }

  @Test("a completion that dispatches to another store does not see its own outcome there")
  func outcomeDoesNotLeakIntoNestedCompletions() async {
    let failing = Store(
      state: Module(), reducer: Reducer<Module> { _, _, finish in finish.fail(LoadError()) },
      diagnostics: { _ in })
    let other = moduleStore("B")
    let inner = Locked<[String]>([])
    let outer = Locked<[String]>([])
    failing.dispatch(
      Action(ModuleAction.add),
      reportingOutcome: { _, outcome in
        other.dispatch(
          Action(ModuleAction.add),
          reportingOutcome: { _, outcome in
            inner.append("\(outcome)")
          })
        outer.append("\(outcome)")
      })
    #expect(inner.current == ["applied"])
    #expect(outer.current.first?.hasPrefix("failed") == true)
  }

  @Test("outcomes compare with ==: same case, same reason, errors equal by type and value")
  func outcomesCompare() {
    struct Printed: Error {
      let code: Int
    }
    #expect(ActionOutcome.applied == .applied)
    #expect(ActionOutcome.dropped(.middleware) == .dropped(.middleware))
    #expect(ActionOutcome.dropped(.middleware) != .dropped(.feedbackLimit))
    #expect(ActionOutcome.failed(nil) == .failed(nil))
    #expect(ActionOutcome.failed(LoadError()) == .failed(LoadError()))
    #expect(ActionOutcome.failed(LoadError()) != .failed(nil))
    // An error that is not Equatable compares by type and by what it prints.
    #expect(ActionOutcome.failed(Printed(code: 3)) == .failed(Printed(code: 3)))
    #expect(ActionOutcome.failed(Printed(code: 3)) != .failed(Printed(code: 4)))
    #expect(ActionOutcome.failed(Printed(code: 3)) != .failed(LoadError()))
    #expect(ActionOutcome.applied != .failed(nil))
    #expect(ActionOutcome.applied != .dropped(.middleware))
  }

  @Test("send returns the committed state with the outcome")
  func sendReturnsTheStateAndTheOutcome() async {
    let store = moduleStore("A")
    #expect(
      await store.send(Action(ModuleAction.add, data: 5))
        == SendResult(state: Module(value: 5), outcome: .applied))
  }
}
