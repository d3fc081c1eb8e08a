import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Testing

@Suite("Replacing the state")
struct StateReplacementTests {
  @Test("replaceState commits the state without calling the reducer")
  func replacesWithoutReducer() {
    let calls = Locked(0)
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { _, state, finish in
        calls.withLock { $0 += 1 }
        finish(state)
      })
    store.replaceState(with: Counter(value: 42, applied: [9]))
    #expect(store.state == Counter(value: 42, applied: [9]))
    #expect(calls.current == 0)
  }

  @Test("every subscriber, filtered or not, receives a StateReplacedAction")
  func notifiesEverySubscriber() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let seen = Locked<[String]>([])
    let a = store.subscribe(to: .cases(CounterAction.add)) { action, state in
      seen.append("add-filter \(action.type == StateReplacedAction.type) \(state.value)")
    }
    let b = store.subscribe { action, state in
      seen.append("all \(action.type == StateReplacedAction.type) \(state.value)")
    }
    let c = store.subscribe(to: .cases(CounterAction.reset, .increment)) { action, state in
      seen.append("two-types \(action.type == StateReplacedAction.type) \(state.value)")
    }
    store.replaceState(with: Counter(value: 7), reason: "jump to entry 1")
    #expect(
      seen.current == ["add-filter true 7", "all true 7", "two-types true 7"],
      "once each, in subscription order")
    _ = (a, b, c)
  }

  @Test("the replacement waits its turn behind queued actions, and later actions build on it")
  func ordersInQueue() async {
    let gate = Latch()
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { action, state, finish in
        var state = state
        state.value += (action.data as? Int) ?? 1
        state.applied.append(action.type)
        if action.type == 100 {
          DispatchQueue.global().async { [state] in
            gate.wait()
            finish(state)
          }
        } else {
          finish(state)
        }
      })
    let done = Latch()
    store.dispatch(Action(type: 100))  // parks the queue
    store.dispatch(Action(type: 1, data: 5))
    store.replaceState(with: Counter(value: 1000))
    store.dispatch(Action(type: 1, data: 1)) { _ in done.open() }
    #expect(store.state == Counter())
    gate.open()
    await done.wait()
    #expect(store.state == Counter(value: 1001, applied: [1]))
  }

  @Test("a StateReplacedAction carrying the wrong state type is rejected, state kept")
  func wrongStateType() {
    let log = DiagnosticLog()
    let store = Store(
      state: Counter(value: 3), reducer: counterReducer(), diagnostics: log.handler)
    let delivered = Locked<[any ActionProtocol]>([])
    let s = store.subscribe { action, _ in delivered.append(action) }
    struct Other: StateProtocol {}
    store.dispatch(StateReplacedAction(state: Other()))
    #expect(store.state == Counter(value: 3))
    #expect(log.kinds == [.reducerFailed])
    #expect(delivered.current.first is RejectedAction)
    let message = log.entries.current.first?.description ?? ""
    #expect(message.contains("stateReplaced"), "\(message)")
    _ = s
  }

  @Test("the reserved type has a name in diagnostics and a readable description")
  func naming() {
    #expect(StateReplacedAction.type == Int.min + 1)
    #expect(ActionTypes.none.label(for: Int.min + 1) == "\(Int.min + 1) (stateReplaced)")
    let action = StateReplacedAction(state: Counter(), reason: "jump to entry 3")
    #expect("\(action)" == "StateReplacedAction(jump to entry 3)")
  }
}

@Suite("Waiting for the store to go idle")
struct IdleWaitingTests {
  @Test("whenIdle runs at once on an idle store")
  func idleNow() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let ran = Locked(false)
    store.whenIdle { ran.withLock { $0 = true } }
    #expect(ran.current)
  }

  @Test("whenIdle runs after the last queued action's subscribers and completion")
  func afterQueueDrains() async {
    let queue = DispatchQueue(label: "reducer")
    let store = Store(state: Counter(), reducer: asyncCounterReducer(on: queue))
    let events = Locked<[String]>([])
    let s = store.subscribe { _, state in events.append("notify \(state.value)") }
    for _ in 0..<3 { store.dispatch(Action(type: 1)) }
    store.dispatch(Action(type: 1)) { state in events.append("completion \(state.value)") }
    let idle = Latch()
    store.whenIdle {
      events.append("idle")
      idle.open()
    }
    await idle.wait()
    #expect(
      events.current == [
        "notify 1", "notify 2", "notify 3", "notify 4", "completion 4", "idle",
      ])
    #expect(store.isIdle)
    _ = s
  }

  @Test("waitUntilIdle resumes once nested dispatches are done too")
  func awaitIdle() async throws {
    let store = Store(state: Counter(), reducer: asyncCounterReducer())
    let s = store.subscribe { [weak store] _, state in
      if state.value < 5 { store?.dispatch(Action(type: 1)) }
    }
    store.dispatch(Action(type: 1))
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(store.state.value == 5)
    #expect(store.isIdle)
    _ = s
  }
}
