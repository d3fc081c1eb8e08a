import CSReduxKit
import CSReduxKitTestSupport
import CSReduxKitTesting
import Dispatch
import Testing

@Suite("Store.waitUntilIdle(timeout:)")
struct StoreIdleTests {
  @Test("returns once an asynchronous reducer has worked through the queue")
  func waitsAsync() async throws {
    let store = asyncTallyStore()
    for amount in 1...3 { store.dispatch(Action(TallyAction.add, data: amount)) }
    try await store.waitUntilIdle(timeout: .seconds(300))
    #expect(store.isIdle)
    #expect(store.state.value == 6)
  }

  @Test("the synchronous form blocks until the store is idle")
  func waitsSync() async throws {
    let store = asyncTallyStore()
    for amount in 1...3 { store.dispatch(Action(TallyAction.add, data: amount)) }
    try await offThePool { try store.waitUntilIdle(timeout: .seconds(300)) }
    #expect(store.state.value == 6)
  }

  @Test("returns at once for an idle store")
  func alreadyIdle() async throws {
    let store = Store(state: Tally(), reducer: tallyReducer)
    try await store.waitUntilIdle(timeout: .zero)
    try { try store.waitUntilIdle(timeout: .zero) }()
    #expect(store.isIdle)
  }

  @Test("a store that stays busy fails quickly with a readable error")
  func timesOut() async throws {
    let parking = Parking()
    let store = parking.store()
    store.dispatch(Action(TallyAction.add, data: 1))
    let line = #line + 2
    let error = await expectationError {
      try await store.waitUntilIdle(timeout: .milliseconds(200))
    }
    #expect(error?.kind == .timedOut)
    #expect(
      error?.description == """
        CSReduxKitTestingTests/StoreIdleTests.swift:\(line): the store 'Stuck' did not go idle \
        within 0.2 seconds: a reducer has not called finish, or actions keep coming
        """)
    let syncError = await expectationError {
      try await offThePool { try store.waitUntilIdle(timeout: .milliseconds(200)) }
    }
    #expect(syncError?.message == error?.message)
    parking.release()
    try await store.waitUntilIdle(timeout: .seconds(300))
    #expect(store.state.value == 1)
  }

  @Test("a blocking wait on the main thread names the blocked main thread")
  @MainActor
  func mainThreadWait() async throws {
    let store = mainQueueStore()
    store.dispatch(Action(TallyAction.add, data: 1))
    // On the main thread (the main actor): the reducer's finish is queued behind this wait.
    let error = expectationError { try store.waitUntilIdle(timeout: .milliseconds(200)) }
    #expect(error?.kind == .timedOut)
    #expect(
      error?.message == "the store 'MainQueue' did not go idle within 0.2 seconds while this "
        + "wait blocked the main thread: a reducer that finishes on the main queue "
        + "(DispatchQueue.main or the main actor) cannot run until the wait returns. Use the "
        + "async waitUntilIdle(timeout:) there, or call this from another thread")
    // Suspending lets the main queue run: the reducer finishes.
    try await store.waitUntilIdle(timeout: .seconds(300))
    #expect(store.state.value == 1)
  }

  @Test("cancelling the waiting task ends the wait with the timeout error")
  func cancellation() async throws {
    let parking = Parking()
    let store = parking.store()
    store.dispatch(Action(TallyAction.add, data: 1))
    let waiter = Task { try await store.waitUntilIdle(timeout: .seconds(300)) }
    waiter.cancel()
    let result = await waiter.result
    #expect(throws: StoreExpectationError.self) { try result.get() }
    parking.release()
    try await store.waitUntilIdle(timeout: .seconds(300))
  }
}

/// A tally store whose reducer finishes on the main queue.
func mainQueueStore() -> Store<Tally> {
  Store(
    state: Tally(),
    reducer: Reducer { action, state, finish in
      DispatchQueue.main.async {
        tallyReducer.execute(action: action, state: state, finish: finish)
      }
    }, name: "MainQueue", diagnostics: { _ in })
}
