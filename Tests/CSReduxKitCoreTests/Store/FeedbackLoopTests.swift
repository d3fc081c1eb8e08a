import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Testing

@Suite("Runaway feedback loops")
struct FeedbackLoopTests {
  @Test("a subscriber that dispatches on every notification is stopped and reported once")
  func loopIsStopped() {
    let log = DiagnosticLog()
    let store = Store(
      state: Counter(), reducer: valueOnlyReducer(),
      actions: ActionTypes(CounterAction.self), nestedDispatchLimit: 1_000,
      diagnostics: log.handler)
    store.subscribe { [weak store] _, _ in store?.dispatch(Action(CounterAction.increment)) }
    store.dispatch(Action(CounterAction.increment))
    // The first action plus 1,000 fed back; the 1,001st fed back is dropped and ends the loop.
    #expect(store.state.value == 1_001)
    #expect(store.isIdle)
    #expect(log.kinds == [.feedbackLoop])
    let report = log.entries.current.first
    #expect(report?.actionType == 1)
    #expect(report?.description.contains("more than 1000 actions were dispatched back") == true)
    #expect(report?.description.contains("most recent types: 1 (increment)") == true)
  }

  @Test("after the store is idle again, feedback is counted from zero")
  func counterResets() {
    let log = DiagnosticLog()
    let store = Store(
      state: Counter(), reducer: valueOnlyReducer(), nestedDispatchLimit: 10,
      diagnostics: log.handler)
    let remaining = Locked(0)
    store.subscribe { [weak store] _, _ in
      let more = remaining.withLock { count -> Bool in
        defer { count -= 1 }
        return count > 0
      }
      if more { store?.dispatch(Action(type: 1)) }
    }
    for _ in 0..<3 {
      remaining.withLock { $0 = 10 }  // a legitimate chain of exactly the limit
      store.dispatch(Action(type: 1))
    }
    #expect(store.state.value == 33)
    #expect(log.kinds.isEmpty)
  }

  @Test("a dropped feedback action's completion gets the current state")
  func droppedCompletion() {
    let store = Store(
      state: Counter(), reducer: valueOnlyReducer(), nestedDispatchLimit: 2,
      diagnostics: { _ in })
    let completed = Locked<[Int]>([])
    store.subscribe { [weak store] _, state in
      store?.dispatch(Action(type: 1)) { state in completed.append(state.value) }
    }
    store.dispatch(Action(type: 1))
    // Two fed-back actions run (values 2 and 3). The first one's completion sees 2; the third
    // fed-back action is dropped during the second one's round, its completion seeing 3, and
    // then the second one's completion sees 3.
    #expect(store.state.value == 3)
    #expect(completed.current == [2, 3, 3])
  }

  @Test("actions from other threads are never dropped while a loop runs")
  func otherThreadsKeepTheirActions() async {
    let log = DiagnosticLog()
    let store = Store(
      state: Counter(), reducer: counterReducer(), nestedDispatchLimit: 20_000,
      diagnostics: log.handler)
    store.subscribe(to: [1]) { [weak store] _, _ in store?.dispatch(Action(type: 1, data: 0)) }
    await onThreads(2) { thread in
      if thread == 0 {
        store.dispatch(Action(type: 1, data: 0))  // starts the loop
      } else {
        for _ in 0..<500 { store.dispatch(Action(type: 2, data: 1)) }
      }
    }
    let done = Latch()
    store.dispatch(Action(type: 3, data: 0)) { _ in done.open() }
    await done.wait()
    #expect(store.state.applied.filter { $0 == 2 }.count == 500)
    #expect(store.state.value == 500)
  }

  @Test("dispatches after a reducer went asynchronous are not counted as feedback")
  func asynchronousReducerIsNotFeedback() async {
    let log = DiagnosticLog()
    let store = Store(
      state: Counter(), reducer: asyncCounterReducer(), nestedDispatchLimit: 5,
      diagnostics: log.handler)
    let done = Latch()
    for index in 0..<50 {
      store.dispatch(Action(type: 1)) { _ in if index == 49 { done.open() } }
    }
    await done.wait()
    #expect(store.state.value == 50)
    #expect(log.kinds.isEmpty)
  }
}
