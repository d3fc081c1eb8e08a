import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Testing

@Suite("Diagnostics: misuse is reported, never a crash or a corrupt state")
struct DiagnosticsTests {
  @Test("finish called twice is ignored and reported each time")
  func finishCalledTwice() {
    let log = DiagnosticLog()
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { action, state, finish in
        var state = state
        state.value += 1
        finish(state)
        state.value += 100
        finish(state)
        finish(state)
      },
      name: "TwiceStore", actions: ActionTypes(CounterAction.self),
      diagnostics: log.handler)
    let notified = Locked(0)
    store.subscribe { _, _ in notified.withLock { $0 += 1 } }
    store.dispatch(Action(CounterAction.reset))
    #expect(store.state.value == 1)
    #expect(notified.current == 1)
    #expect(log.kinds == [.finishCalledTwice, .finishCalledTwice])
    let report = log.entries.current[0]
    #expect(report.actionType == 3)
    #expect(report.actionName == "reset")
    #expect(report.storeName == "TwiceStore")
    #expect(
      report.description.hasPrefix(
        "CSReduxKit: TwiceStore: action 3 (reset): finish was called again"))
    #expect(report.description.contains("Call finish exactly once"))
  }

  @Test("a late second finish from another thread is ignored and reported")
  func lateSecondFinish() async {
    let log = DiagnosticLog()
    let held = Locked<Finish<Counter>?>(nil)
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { _, state, finish in
        held.withLock { $0 = finish }
        finish(state)
      }, diagnostics: log.handler)
    store.dispatch(Action(type: 1))
    let reported = log.latch(for: .finishCalledTwice)
    DispatchQueue.global().async { held.current?(Counter(value: 99)) }
    await reported.wait()
    #expect(store.state.value == 0)
    store.dispatch(Action(type: 2))
    #expect(store.state.applied == [])  // the reducer passes the state through unchanged
  }

  @Test("a reducer that does not finish in time is reported once; the store keeps working")
  func reducerTimeout() async {
    let log = DiagnosticLog()
    let held = Locked<[Finish<Counter>]>([])
    let store = Store(
      state: Counter(value: 1),
      reducer: Reducer<Counter> { action, state, finish in
        if action.type == 1 {
          held.append(finish)  // finishes only when the test says so
        } else {
          var state = state
          state.applied.append(action.type)
          finish(state)
        }
      },
      name: "SlowStore", reducerTimeout: .milliseconds(20), diagnostics: log.handler)
    let reported = log.latch(for: .reducerDidNotFinish)
    store.dispatch(Action(type: 1))
    await reported.wait()
    // Still queueing and answering state while it waits.
    store.dispatch(Action(type: 2))
    store.dispatch(Action(type: 3))
    #expect(store.state.value == 1)
    #expect(!store.isIdle)
    let report = log.entries.current.first { $0.kind == .reducerDidNotFinish }
    #expect(report?.actionType == 1)
    #expect(report?.description.contains("has not called finish") == true)
    #expect(report?.description.contains("no later action is waiting") == true)
    // Finishing late resumes the queue in order.
    held.current.first?(Counter(value: 7))
    #expect(store.state.value == 7)
    #expect(store.state.applied == [2, 3])
    #expect(store.isIdle)
    #expect(log.kinds.filter { $0 == .reducerDidNotFinish }.count == 1)
  }

  @Test("a second slow action is watched and reported too")
  func timeoutRearms() async {
    let log = DiagnosticLog()
    let held = Locked<[Finish<Counter>]>([])
    let reducing = Locked<Store<Counter>?>(nil)
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { action, _, finish in
        held.append(finish)
        // Queued while action 1 is reduced, so it is waiting when the watchdog fires however
        // late this thread runs again.
        if action.type == 1 { reducing.current?.dispatch(Action(type: 2)) }
      },
      reducerTimeout: .milliseconds(10), diagnostics: log.handler)
    reducing.withLock { $0 = store }
    defer { reducing.withLock { $0 = nil } }  // the reducer must not keep the store
    store.dispatch(Action(type: 1))
    await log.latch(for: .reducerDidNotFinish).wait()
    #expect(log.entries.current.last?.description.contains("1 later action(s) are waiting") == true)
    held.current[0](Counter(value: 1))
    await log.latch(for: .reducerDidNotFinish, count: 2).wait()
    #expect(log.entries.current.last?.actionType == 2)
    held.current[1](Counter(value: 2))
    #expect(store.state.value == 2)
  }

  @Test("a finish released without being called completes the action unchanged")
  func finishReleasedSynchronously() {
    let log = DiagnosticLog()
    let store = Store(
      state: Counter(value: 5),
      reducer: Reducer<Counter> { action, state, finish in
        if action.type == 2 {
          var state = state
          state.value += 1
          finish(state)
        }  // type 1 forgets to call finish
      }, name: "Forgetful", diagnostics: log.handler)
    let seen = Locked<[Int]>([])
    store.subscribe { action, _ in seen.append(action.type) }
    store.dispatch(Action(type: 1))
    #expect(log.kinds == [.finishReleasedWithoutCall])
    #expect(store.state.value == 5)
    #expect(seen.current == [1], "every action notifies, even one completed by the store")
    store.dispatch(Action(type: 2))
    #expect(store.state.value == 6)
    #expect(log.entries.current[0].description.contains("let finish go without calling it"))
  }

  @Test("a finish kept and later dropped without a call completes the action unchanged")
  func finishReleasedLater() async {
    let log = DiagnosticLog()
    let held = Locked<Finish<Counter>?>(nil)
    let store = Store(
      state: Counter(value: 5),
      reducer: Reducer<Counter> { action, state, finish in
        if action.type == 1 {
          held.withLock { $0 = finish }
        } else {
          finish(Counter(value: state.value + 1))
        }
      }, diagnostics: log.handler)
    let done = Latch()
    store.dispatch(Action(type: 1))
    store.dispatch(Action(type: 2)) { _ in done.open() }
    #expect(store.state.value == 5)
    held.withLock { $0 = nil }  // the last reference goes: the store completes action 1
    await done.wait()
    #expect(log.kinds == [.finishReleasedWithoutCall])
    #expect(store.state.value == 6)
  }

  @Test("a dispatch from inside a reducer is queued, runs next, and is reported")
  func dispatchFromReducer() {
    let log = DiagnosticLog()
    let storeBox = Locked<Store<Counter>?>(nil)
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { action, state, finish in
        if action.type == 1 { storeBox.current?.dispatch(Action(type: 2)) }
        var state = state
        state.applied.append(action.type)
        finish(state)
      }, actions: ActionTypes(CounterAction.self), diagnostics: log.handler)
    storeBox.withLock { $0 = store }
    store.dispatch(Action(type: 1))
    #expect(store.state.applied == [1, 2])
    #expect(log.kinds == [.dispatchFromReducer])
    let report = log.entries.current[0]
    #expect(report.actionType == 2)
    #expect(report.description.contains("inside the reducer of action 1 (increment)"))
    #expect(report.description.contains("Reducers should be pure"))
    storeBox.withLock { $0 = nil }
  }

  @Test("a dispatch from a subscriber is not reported as a dispatch from a reducer")
  func dispatchFromSubscriberIsFine() {
    let log = DiagnosticLog()
    let store = Store(state: Counter(), reducer: counterReducer(), diagnostics: log.handler)
    store.subscribe { [weak store] action, _ in
      if action.type == 1 { store?.dispatch(Action(type: 2)) }
    }
    store.dispatch(Action(type: 1))
    #expect(store.state.applied == [1, 2])
    #expect(log.kinds.isEmpty)
  }

  @Test("a reducer that fails keeps the state, notifies, and reports the payload error")
  func reducerFailure() {
    let log = DiagnosticLog()
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { action, state, finish in
        do {
          let amount = try action.payload(as: Int.self)
          finish(Counter(value: state.value + amount))
        } catch {
          finish.fail(error)
        }
      }, name: "PayloadStore", diagnostics: log.handler)
    let seen = Locked<[Int]>([])
    store.subscribe { _, state in seen.append(state.value) }
    store.dispatch(Action(type: 2, data: 5))
    store.dispatch(Action(type: 3, data: "five"))
    store.dispatch(Action(type: 3))
    #expect(store.state.value == 5)
    #expect(seen.current == [5, 5, 5])
    #expect(log.kinds == [.reducerFailed, .reducerFailed])
    #expect(
      log.entries.current[0].description
        == "CSReduxKit: PayloadStore: action 3: the reducer failed: action 3: expected Int "
        + "payload, found String. The state was left unchanged. Check the action's payload and "
        + "the state it applies to.")
    #expect(
      log.entries.current[1].error as? PayloadError
        == PayloadError(
          actionType: 3, expected: "Int", found: nil))
  }

  @Test("the default store name is its type name")
  func defaultName() {
    final class ModuleStore: Store<Counter>, @unchecked Sendable {
      init(log: DiagnosticLog) {
        super.init(state: Counter(), reducer: counterReducer(), diagnostics: log.handler)
      }
    }
    let log = DiagnosticLog()
    let store = ModuleStore(log: log)
    #expect(store.name == "ModuleStore")
    store.unsubscribe(Subscription {})
    #expect(log.entries.current.first?.storeName == "ModuleStore")
  }
}

@Suite("Rejected actions")
struct RejectedActionTests {
  @Test("subscribers receive a RejectedAction, with the same type and payload, for a failed action")
  func failedActionIsMarked() {
    struct Refused: Error {}
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { action, state, finish in
        if action.type == 2 { return finish.fail(Refused()) }
        finish(Counter(value: state.value + 1))
      }, diagnostics: { _ in })
    let seen = Locked<[String]>([])
    store.subscribe(to: [2]) { action, state in
      let rejected = action as? RejectedAction
      seen.append(
        "\(action.type) \(action.data as? String ?? "-") rejected=\(rejected != nil) "
          + "\(rejected?.error is Refused) \(state.value)")
    }
    let completed = Locked<[Int]>([])
    store.dispatch(Action(type: 1))
    store.dispatch(Action(type: 2, data: "x")) { state in completed.append(state.value) }
    #expect(seen.current == ["2 x rejected=true true 1"])
    #expect(completed.current == [1])
  }

  @Test("an action whose finish was released is delivered as a RejectedAction without error")
  func releasedActionIsMarked() {
    let store = Store(
      state: Counter(), reducer: Reducer<Counter> { _, _, _ in }, diagnostics: { _ in })
    let seen = Locked<[String]>([])
    store.subscribe { action, _ in
      seen.append(
        (action as? RejectedAction).map { "rejected \($0.type) \($0.error == nil)" } ?? "")
    }
    store.dispatch(Action(type: 4))
    #expect(seen.current == ["rejected 4 true"])
  }

  @Test("an applied action is delivered as dispatched")
  func appliedActionIsNotWrapped() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let seen = Locked<[Bool]>([])
    store.subscribe { action, _ in seen.append(action is Action) }
    store.dispatch(Action(type: 1))
    #expect(seen.current == [true])
  }
}
