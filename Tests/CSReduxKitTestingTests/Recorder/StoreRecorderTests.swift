import CSReduxKit
import CSReduxKitTestSupport
import CSReduxKitTesting
import Dispatch
import Testing

@Suite("StoreRecorder")
struct StoreRecorderTests {
  @Test("records every action and state in commit order, nested dispatches included")
  func exactSequence() {
    let store = Store(state: Tally(), reducer: tallyReducer)
    let recorder = StoreRecorder(store)
    store.subscribe(to: .cases(TallyAction.add)) { [weak store] _, state in
      store?.dispatch(Action(TallyAction.note, data: "now \(state.value)"))
    }
    store.dispatch(Action(TallyAction.add, data: 2))
    store.dispatch(Action(TallyAction.add, data: 3))

    #expect(recorder.actionTypes == [1, 2, 1, 2])
    #expect(
      recorder.states == [
        Tally(value: 2), Tally(value: 2, notes: ["now 2"]),
        Tally(value: 5, notes: ["now 2"]), Tally(value: 5, notes: ["now 2", "now 5"]),
      ])
    #expect(recorder.actions.map { "\($0)" }[1] == #"Action(type: 2, data: "now 2")"#)
    #expect(recorder.entries.count == 4)
    #expect(recorder.count == 4)
  }

  @Test("records rejected actions as RejectedAction and replaced states as StateReplacedAction")
  func rejectionsAndReplacements() throws {
    let store = Store(state: Tally(), reducer: tallyReducer, diagnostics: { _ in })
    let recorder = StoreRecorder(store, types: .cases(TallyAction.fail))
    store.dispatch(Action(TallyAction.add, data: 1))
    store.dispatch(Action(TallyAction.fail))
    store.replaceState(with: Tally(value: 9), reason: "restore")

    #expect(recorder.actionTypes == [TallyAction.fail.rawValue, StateReplacedAction.type])
    let rejection = try #require(recorder.actions.first as? RejectedAction)
    #expect(rejection.error is TallyError)
    let replacement = try #require(recorder.actions.last as? StateReplacedAction)
    #expect(replacement.reason == "restore")
    #expect(recorder.states == [Tally(value: 1), Tally(value: 9)])
  }

  @Test("waits for the entries of an asynchronous reducer without sleeping")
  func waitsAsync() async throws {
    let store = asyncTallyStore()
    let recorder = StoreRecorder(store)
    for amount in 1...3 { store.dispatch(Action(TallyAction.add, data: amount)) }
    let entries = try await recorder.waitForEntries(count: 3, timeout: .seconds(300))
    #expect(entries.map(\.state.value) == [1, 3, 6])
  }

  @Test("the synchronous wait blocks until the entries come")
  func waitsSync() async throws {
    let store = asyncTallyStore()
    let recorder = StoreRecorder(store)
    store.dispatch(Action(TallyAction.add, data: 4))
    store.dispatch(Action(TallyAction.note, data: "four"))
    let entries = try await offThePool {
      try recorder.waitForEntries(count: 2, timeout: .seconds(300))
    }
    #expect(entries.map(\.state) == [Tally(value: 4), Tally(value: 4, notes: ["four"])])
    try await offThePool { try recorder.expectNoMoreActions(timeout: .seconds(300)) }
  }

  @Test("entries returned by waitForEntries count as read, like those nextEntry returns")
  func waitedEntriesAreRead() async throws {
    let store = asyncTallyStore()
    let recorder = StoreRecorder(store)
    store.dispatch(Action(TallyAction.add, data: 1))
    store.dispatch(Action(TallyAction.add, data: 2))
    let entries = try await recorder.waitForEntries(count: 2, timeout: .seconds(300))
    #expect(entries.count == 2)
    #expect(recorder.readCount == 2)
    try await recorder.expectNoMoreActions(timeout: .seconds(300))
    store.dispatch(Action(TallyAction.add, data: 3))
    #expect(try await recorder.nextEntry(timeout: .seconds(300)).state.value == 6)
  }

  @Test("a wait that times out throws an error listing what was recorded")
  func waitTimesOut() async throws {
    let parking = Parking()
    let store = parking.store()
    let recorder = StoreRecorder(store)
    store.replaceState(with: Tally(value: 1))
    store.dispatch(Action(TallyAction.add, data: 1))

    let line = #line + 2
    let error = await expectationError {
      try await recorder.waitForEntries(count: 2, timeout: .milliseconds(200))
    }
    #expect(error?.kind == .timedOut)
    #expect(
      error?.description == """
        CSReduxKitTestingTests/StoreRecorderTests.swift:\(line): waited 0.2 seconds for 2 \
        entries, recorded 1:
          StateReplacedAction(state replaced)
        """)

    let syncError = await expectationError {
      try await offThePool {
        try recorder.nextEntry(timeout: .milliseconds(1))
        try recorder.nextEntry(timeout: .milliseconds(200))
      }
    }
    #expect(
      syncError?.message
        == "waited 0.2 seconds for 2 entries, recorded 1:\n  StateReplacedAction(state replaced)")
    parking.release()
    try await recorder.waitForEntries(count: 2, timeout: .seconds(300))
  }

  @Test("nextEntry reads one entry at a time; expectNoMoreActions names the unread ones")
  func exhaustiveReading() async throws {
    let store = asyncTallyStore()
    let recorder = StoreRecorder(store)
    store.subscribe(to: .cases(TallyAction.add)) { [weak store] _, _ in
      store?.dispatch(Action(TallyAction.note, data: "added"))
    }
    store.dispatch(Action(TallyAction.add, data: 1))

    let first = try await recorder.nextEntry(timeout: .seconds(300))
    #expect(first.action.type == TallyAction.add.rawValue)
    #expect(recorder.readCount == 1)
    let line = #line + 2
    let error = await expectationError {
      try await recorder.expectNoMoreActions(timeout: .seconds(300))
    }
    #expect(error?.kind == .unexpectedActions)
    #expect(
      error?.description == """
        CSReduxKitTestingTests/StoreRecorderTests.swift:\(line): the store notified 1 action \
        nobody read:
          action 2 with payload "added"
        """)

    let second = try await recorder.nextEntry(timeout: .seconds(300))
    #expect(second.state == Tally(value: 1, notes: ["added"]))
    try await recorder.expectNoMoreActions(timeout: .seconds(300))
  }

  @Test("removeAll forgets the entries and the read position")
  func removeAll() throws {
    let store = Store(state: Tally(), reducer: tallyReducer)
    let recorder = StoreRecorder(store)
    store.dispatch(Action(TallyAction.add, data: 1))
    _ = try recorder.nextEntry(timeout: .seconds(1))
    recorder.removeAll()
    #expect(recorder.count == 0)
    #expect(recorder.readCount == 0)
    store.dispatch(Action(TallyAction.add, data: 2))
    #expect(try recorder.nextEntry(timeout: .seconds(1)).state.value == 3)
  }

  @Test("cancel stops recording and keeps what was recorded")
  func cancel() {
    let store = Store(state: Tally(), reducer: tallyReducer)
    let recorder = StoreRecorder(store)
    store.dispatch(Action(TallyAction.add, data: 1))
    recorder.cancel()
    recorder.cancel()
    store.dispatch(Action(TallyAction.add, data: 1))
    #expect(recorder.isCancelled)
    #expect(recorder.states == [Tally(value: 1)])
    #expect(store.subscriberCount == 0)
  }

  @Test("does not keep the store alive, and a released recorder unsubscribes")
  func lifetime() throws {
    var store: Store<Tally>? = Store(state: Tally(), reducer: tallyReducer)
    weak let weakStore = store
    let recorder = StoreRecorder(try #require(store))
    store = nil
    #expect(weakStore == nil)
    #expect(recorder.isCancelled)

    let kept = Store(state: Tally(), reducer: tallyReducer)
    var temporary: StoreRecorder<Tally>? = StoreRecorder(kept)
    #expect(kept.subscriberCount == 1)
    temporary = nil
    #expect(temporary == nil)
    #expect(kept.subscriberCount == 0)
  }

  @Test("records every notification from many threads, in commit order")
  func manyThreads() async throws {
    let store = Store(state: Tally(), reducer: tallyReducer)
    let recorder = StoreRecorder(store)
    DispatchQueue.concurrentPerform(iterations: 200) { _ in
      store.dispatch(Action(TallyAction.add, data: 1))
    }
    let entries = try await recorder.waitForEntries(count: 200, timeout: .seconds(300))
    #expect(entries.map(\.state.value) == Array(1...200))
  }
}
