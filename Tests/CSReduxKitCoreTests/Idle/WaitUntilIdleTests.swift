import CSReduxKit
import CSReduxKitTestSupport
import Dispatch
import Testing

/// The identity of the load the effect tests start.
private struct Load: Hashable, Sendable {}

/// Starts an effect that waits at `door`, then notes "loaded"; returns once it has started.
private func startLoad(_ store: Store<Tally>, waitingAt door: Door) async {
  let started = Door()
  store.dispatch(
    .effect(id: Load(), fileID: "Load.swift", line: 3) { context in
      started.open()
      await door.wait()
      context.dispatch(Action(TallyAction.note, data: "loaded"))
    })
  _ = await started.opened()
}

@Suite("Store.waitUntilIdle: one async and one blocking wait, with a timeout")
struct WaitUntilIdleTests {
  @Test("returns once an asynchronous reducer has worked through the queue")
  func waitsAsync() async throws {
    let store = asyncTallyStore()
    for amount in 1...3 { store.dispatch(Action(TallyAction.add, data: amount)) }
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(store.isIdle)
    #expect(store.state.value == 6)
  }

  @Test("the blocking form blocks until the store is idle")
  func waitsSync() async throws {
    let store = asyncTallyStore()
    for amount in 1...3 { store.dispatch(Action(TallyAction.add, data: amount)) }
    try await offThePool { try store.waitUntilIdle(timeout: .seconds(hangBound)) }
    #expect(store.state.value == 6)
  }

  @Test("returns at once for an idle store")
  func alreadyIdle() async throws {
    let store = Store(state: Tally(), reducer: tallyReducer)
    try await store.waitUntilIdle(timeout: .zero)
    try { try store.waitUntilIdle(timeout: .zero) }()
    #expect(store.isIdle)
  }

  @Test("a store that stays busy times out with an error naming the store")
  func timesOut() async throws {
    let parking = Parking()
    let store = parking.store()
    store.dispatch(Action(TallyAction.add, data: 1))
    let error = await idleWaitError {
      try await store.waitUntilIdle(timeout: .milliseconds(200))
    }
    #expect(error?.kind == .timedOut)
    #expect(error?.storeName == "Stuck")
    #expect(
      error?.description == "the store 'Stuck' did not go idle within 0.2 seconds: a reducer "
        + "has not called finish, or actions keep coming")
    let blocking = await offThePool {
      idleWaitError { try store.waitUntilIdle(timeout: .milliseconds(200)) }?.description
    }
    #expect(blocking == error?.description)
    parking.release()
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(store.state.value == 1)
  }

  @Test("a blocking wait on the main thread names the blocked main thread")
  @MainActor
  func mainThreadWait() async throws {
    let store = mainQueueStore()
    store.dispatch(Action(TallyAction.add, data: 1))
    // On the main thread (the main actor): the reducer's finish is queued behind this wait.
    let error = idleWaitError { try store.waitUntilIdle(timeout: .milliseconds(200)) }
    #expect(error?.kind == .timedOut)
    #expect(
      error?.description == "the store 'MainQueue' did not go idle within 0.2 seconds while "
        + "this wait blocked the main thread: a reducer that finishes on the main queue "
        + "(DispatchQueue.main or the main actor) cannot run until the wait returns. Use the "
        + "async waitUntilIdle there, or call this from another thread")
    // Suspending lets the main queue run: the reducer finishes.
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(store.state.value == 1)
  }

  @Test("cancelling the waiting task ends the wait at once with CancellationError; nothing leaks")
  func cancellation() async throws {
    let parking = Parking()
    weak var weakStore: Store<Tally>?
    do {
      let store = parking.store()
      weakStore = store
      store.dispatch(Action(TallyAction.add, data: 1))
      let waiting = Door()
      let waiter = Task {
        waiting.open()
        try await store.waitUntilIdle(timeout: .seconds(hangBound))
      }
      #expect(await waiting.opened())
      waiter.cancel()
      let result = await waiter.result
      #expect(throws: CancellationError.self) { try result.get() }
      #expect(!store.isIdle, "the wait ended while the reducer still held the store")
      parking.release()
      try await store.waitUntilIdle(timeout: .seconds(hangBound))
      #expect(store.state.value == 1)
    }
    #expect(weakStore == nil, "the cancelled wait keeps nothing alive")
  }

  @Test("a task cancelled before it waits does not wait")
  func cancelledBefore() async throws {
    let parking = Parking()
    let store = parking.store()
    store.dispatch(Action(TallyAction.add, data: 1))
    let waiter = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await store.waitUntilIdle(timeout: .seconds(hangBound))
    }
    let result = await waiter.result
    #expect(throws: CancellationError.self) { try result.get() }
    parking.release()
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
  }

  @Test("idle includes effects by default: isIdle, whenIdle and both waits agree")
  func effectsByDefault() async throws {
    let store = Store(
      state: Tally(), reducer: tallyReducer, name: "Loader")
    let release = Door()
    await startLoad(store, waitingAt: release)
    #expect(!store.isIdle, "an effect still runs")
    let called = Locked(false)
    let calledDoor = Door()
    store.whenIdle {
      called.withLock { $0 = true }
      calledDoor.open()
    }
    #expect(!called.current)

    let error = await idleWaitError { try await store.waitUntilIdle(timeout: .milliseconds(20)) }
    #expect(error?.kind == .timedOut)
    #expect(error?.runningEffects.count == 1)
    #expect(
      error?.description.hasPrefix(
        "the store 'Loader' did not go idle within 0.02 seconds: a reducer has not called "
          + "finish, or actions keep coming, or an effect has not returned; effects still "
          + "running: effect ") == true)
    #expect(error?.description.hasSuffix("Load.swift:3)") == true)
    let blocking = await offThePool {
      idleWaitError { try store.waitUntilIdle(timeout: .milliseconds(20)) }?.runningEffects.count
    }
    #expect(blocking == 1)

    // The queue alone is idle: a wait without the effects returns at once.
    try await store.waitUntilIdle(timeout: .zero, includingEffects: false)
    try await offThePool { try store.waitUntilIdle(timeout: .zero, includingEffects: false) }
    let queueIdle = Locked(false)
    store.whenIdle(includingEffects: false) { queueIdle.withLock { $0 = true } }
    #expect(queueIdle.current)

    release.open()
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    // The effect leaves the store idle before it calls the closures waiting for that: this
    // wait may return first.
    #expect(await calledDoor.opened())
    #expect(store.isIdle)
    #expect(store.state.notes == ["loaded"])
  }

  @Test("the blocking wait on the thread that runs the store throws at once")
  func fromInside() async throws {
    let store = Store(state: Tally(), reducer: tallyReducer, name: "Inside")
    let fromSubscriber = Locked<IdleWaitError?>(nil)
    store.subscribe { [weak store] _, _ in
      let error = idleWaitError { try store?.waitUntilIdle(timeout: .seconds(hangBound)) }
      fromSubscriber.withLock { $0 = error }
    }
    store.dispatch(Action(TallyAction.add, data: 1))
    #expect(fromSubscriber.current?.kind == .calledFromInsideStore)
    #expect(
      fromSubscriber.current?.description
        == "waitUntilIdle was called on the thread that runs the store 'Inside' (from its "
        + "reducer, a middleware, a subscriber or a completion): the store cannot go idle "
        + "before that call returns, so the wait could never end. Wait from another thread or "
        + "task, or run the code in whenIdle")

    let box = Locked<Store<Tally>?>(nil)
    let fromReducer = Locked<IdleWaitError.Kind?>(nil)
    let reducing = Store(
      state: Tally(),
      reducer: Reducer<Tally> { action, state, finish in
        let store = box.current
        let error = idleWaitError { try store?.waitUntilIdle(timeout: .seconds(hangBound)) }
        fromReducer.withLock { $0 = error?.kind }
        tallyReducer.execute(action: action, state: state, finish: finish)
      })
    box.withLock { $0 = reducing }
    reducing.dispatch(Action(TallyAction.add, data: 1))
    box.withLock { $0 = nil }
    #expect(fromReducer.current == .calledFromInsideStore)
    #expect(reducing.state.value == 1)
  }

  @Test(
    "the blocking wait throws at once on the thread that finished a reducer on another thread",
    arguments: [false, true])
  func fromTheFinishingThread(inCompletion: Bool) async throws {
    let store = Store(state: Tally(), reducer: asyncTallyReducer, name: "Finishing")
    let kind = Locked<IdleWaitError.Kind?>(nil)
    // A bound against hangs only: the wait must throw at once, long before it.
    let wait: @Sendable () -> Void = { [weak store] in
      let error = idleWaitError { try store?.waitUntilIdle(timeout: .seconds(60)) }
      kind.withLock { $0 = error?.kind }
    }
    if inCompletion {
      store.dispatch(Action(TallyAction.add, data: 1)) { _ in wait() }
    } else {
      store.subscribe { _, _ in wait() }
      store.dispatch(Action(TallyAction.add, data: 1))
    }
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(kind.current == .calledFromInsideStore)
    #expect(store.state.value == 1)
  }
}
