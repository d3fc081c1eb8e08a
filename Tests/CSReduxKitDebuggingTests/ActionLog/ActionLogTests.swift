import CSReduxKit
import CSReduxKitTestSupport
import Dispatch
import Foundation
import Testing

/// A store whose reducer adds the payload (or 1), rejects negative payloads, and records types.
private func loggedStore(_ state: Counter = Counter()) -> Store<Counter> {
  Store(
    state: state,
    reducer: Reducer<Counter> { action, state, finish in
      let amount = (action.data as? Int) ?? 1
      guard amount >= 0 else { return finish.fail(Negative()) }
      var state = state
      state.value += amount
      state.applied.append(action.type)
      finish(state)
    }, diagnostics: { _ in })
}

private struct Negative: Error, CustomStringConvertible {
  var description: String { "negative amount" }
}

@Suite("Action log: recording")
struct ActionLogRecordingTests {
  @Test("each entry keeps the action, the committed state, a timestamp and a duration")
  func recordsEntries() {
    let store = loggedStore()
    let log = ActionLog(recording: store)
    store.dispatch(Action(type: 1, data: 2))
    store.dispatch(Action(type: 2, data: 3))
    let entries = log.entries
    #expect(entries.map(\.action.type) == [1, 2])
    #expect(entries.map(\.state.value) == [2, 5])
    #expect(entries.map(\.sequenceNumber) == [0, 1])
    #expect(entries[0].timestamp <= entries[1].timestamp)
    #expect(entries.allSatisfy { $0.reducerDuration >= .zero && !$0.isRejected })
    #expect(log.initialState == Counter())
    #expect(log.currentIndex == 1)
  }

  @Test("entries are dated by the wall clock at their dispatch, in a burst and after a pause")
  func timestamps() {
    let store = loggedStore()
    let log = ActionLog(recording: store)
    expectDatedByWallClock(
      burst: { for _ in 0..<100 { store.dispatch(Action(type: 1)) } },
      last: { store.dispatch(Action(type: 1)) },
      timestamps: { log.entries.map(\.timestamp) })
  }

  @Test("an asynchronous reducer's duration covers the time until finish")
  func asyncDuration() async {
    let gate = Latch()
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { _, state, finish in
        DispatchQueue.global().async {
          gate.wait()
          finish(state)
        }
      }, diagnostics: ignoringReducerTimeouts)
    let log = ActionLog(recording: store)
    let done = Latch()
    store.dispatch(Action(type: 1)) { _ in done.open() }
    // The turn started before `dispatch` returned, and the reducer cannot finish before the
    // gate opens, which is after this measured pause; measured from before the dispatch, a
    // slow first dispatch (under the thread sanitizer) ate the pause. The store's clock may
    // tick coarsely on some kernels: the pause is twice what the check asks for.
    let startedWaiting = ContinuousClock.now
    while ContinuousClock.now - startedWaiting < .milliseconds(10) {}
    gate.open()
    await done.wait()
    #expect(log.entries.first.map { $0.reducerDuration >= .milliseconds(5) } == true)
  }

  @Test("a rejected action is recorded as rejected with the state unchanged")
  func rejected() {
    let store = loggedStore()
    let log = ActionLog(recording: store)
    store.dispatch(Action(type: 1, data: 4))
    store.dispatch(Action(type: 1, data: -1))
    let last = log.entries.last
    #expect(last?.isRejected == true)
    #expect(last?.action is RejectedAction)
    #expect(last?.dispatchedAction.data as? Int == -1)
    #expect(last?.state.value == 4)
  }

  @Test("a full log keeps the last N entries; the initial state follows the dropped ones")
  func capacity() {
    let store = loggedStore()
    let log = ActionLog(recording: store, capacity: 3)
    for amount in 1...5 { store.dispatch(Action(type: 1, data: amount)) }
    #expect(log.entries.map(\.state.value) == [6, 10, 15])
    #expect(log.entries.map(\.sequenceNumber) == [2, 3, 4])
    #expect(log.initialState.value == 3)
  }

  @Test("a capacity below 1 keeps one entry instead of stopping the program")
  func capacityBelowOne() {
    for requested in [0, -5, Int.min] {
      let store = loggedStore()
      let log = ActionLog(recording: store, capacity: requested)
      #expect(log.capacity == 1)
      for amount in 1...3 { store.dispatch(Action(type: 1, data: amount)) }
      #expect(log.entries.map(\.state.value) == [6])
      #expect(log.initialState.value == 3)
    }
  }

  @Test("pause stops recording; resume records the state reached meanwhile as one entry")
  func pauseResume() {
    let store = loggedStore()
    let log = ActionLog(recording: store)
    store.dispatch(Action(type: 1, data: 1))
    log.pause()
    #expect(log.isPaused)
    store.dispatch(Action(type: 1, data: 10))
    store.dispatch(Action(type: 1, data: 100))
    #expect(log.entries.count == 1)
    log.resume()
    store.dispatch(Action(type: 2, data: 1000))
    let entries = log.entries
    #expect(entries.map(\.state.value) == [1, 111, 1111])
    #expect(entries[1].isStateReplacement)
    #expect(
      (entries[1].action as? StateReplacedAction)?.reason
        == "recording resumed after 2 unrecorded actions")
  }

  @Test("clear drops the entries; the current state becomes the initial state")
  func clear() {
    let store = loggedStore()
    let log = ActionLog(recording: store)
    store.dispatch(Action(type: 1, data: 5))
    log.clear()
    #expect(log.entries.isEmpty)
    #expect(log.initialState.value == 5)
    store.dispatch(Action(type: 1, data: 1))
    #expect(log.entries.map(\.state.value) == [6])
  }

  @Test("stopRecording ends the subscription; the entries stay")
  func stop() {
    let store = loggedStore()
    let log = ActionLog(recording: store)
    store.dispatch(Action(type: 1))
    log.stopRecording()
    store.dispatch(Action(type: 1))
    #expect(log.entries.count == 1)
    #expect(store.subscriberCount == 0)
  }

  @Test("the log neither keeps the store alive nor is kept alive by it")
  func lifetimes() {
    weak var weakLog: ActionLog<Counter>?
    weak var weakStore: Store<Counter>?
    var store: Store<Counter>? = loggedStore()
    do {
      let log = ActionLog(recording: store!)
      weakLog = log
      store?.dispatch(Action(type: 1))
    }
    #expect(weakLog == nil, "the store kept the log alive")
    #expect(store?.subscriberCount == 0, "a freed log cancels its subscription")
    let log = ActionLog(recording: store!)
    weakStore = store
    store = nil
    #expect(weakStore == nil, "the log kept the store alive")
    #expect(throws: ActionLogError.storeGone(storeName: "Store<Counter>")) {
      try log.jump(toEntry: -1)
    }
  }
}

@Suite("Action log: time travel")
struct ActionLogTimeTravelTests {
  @Test("jumping sets the recorded state and notifies every subscriber with StateReplacedAction")
  func jump() throws {
    let store = loggedStore()
    let log = ActionLog(recording: store)
    for amount in [1, 2, 3] { store.dispatch(Action(type: 1, data: amount)) }
    let seen = Locked<[String]>([])
    let filtered = store.subscribe(to: .cases(CounterAction.reset)) { action, state in
      seen.append("filtered \(action.type == StateReplacedAction.type) \(state.value)")
    }
    let all = store.subscribe { action, state in
      seen.append("all \(action) \(state.value)")
    }
    try log.jump(toEntry: 0)
    #expect(store.state.value == 1)
    #expect(log.currentIndex == 0)
    #expect(
      seen.current == [
        "filtered true 1", "all StateReplacedAction(jump to entry #0) 1",
      ])
    try log.jump(toEntry: -1)
    #expect(store.state == Counter())
    #expect(log.currentIndex == -1)
    #expect(log.entries.count == 3, "jumps are not entries")
    _ = (filtered, all)
  }

  @Test("dispatching after a jump continues from there and discards the later entries")
  func continueAfterJump() throws {
    let store = loggedStore()
    let log = ActionLog(recording: store)
    for amount in [1, 2, 3] { store.dispatch(Action(type: 1, data: amount)) }
    try log.jump(toEntry: 1)
    store.dispatch(Action(type: 2, data: 10))
    #expect(store.state.value == 13)
    #expect(log.entries.map(\.state.value) == [1, 3, 13])
    #expect(log.currentIndex == 2)
  }

  @Test("a jump out of range is refused with a clear error and changes nothing")
  func outOfRange() {
    let store = loggedStore()
    let log = ActionLog(recording: store)
    store.dispatch(Action(type: 1))
    #expect(throws: ActionLogError.indexOutOfRange(index: 5, count: 1)) {
      try log.jump(toEntry: 5)
    }
    #expect(
      "\(ActionLogError.indexOutOfRange(index: 5, count: 1))"
        == "action log: no entry at index 5; valid entries are 0…0 (-1 is the initial state "
        + "for jumps)")
    let emptyStore = loggedStore()
    #expect(throws: ActionLogError.indexOutOfRange(index: 0, count: 0)) {
      try ActionLog(recording: emptyStore).setSkipped(true, at: 0)
    }
    #expect(store.state.value == 1)
  }

  @Test("skipping an entry recomputes the later states; unskipping restores them")
  func skip() throws {
    let store = loggedStore()
    let log = ActionLog(recording: store)
    store.dispatch(Action(type: 1, data: 1))
    store.dispatch(Action(type: 2, data: 10))
    store.dispatch(Action(type: 3, data: 100))
    let notified = Locked<[Int]>([])
    let subscription = store.subscribe { action, state in
      if action.type == StateReplacedAction.type { notified.append(state.value) }
    }
    try log.setSkipped(true, at: 1)
    #expect(log.entries.map(\.state.value) == [1, 1, 101])
    #expect(log.entries.map(\.state.applied) == [[1], [1], [1, 3]])
    #expect(log.entries.map(\.isSkipped) == [false, true, false])
    #expect(store.state.value == 101)
    try log.setSkipped(false, at: 1)
    #expect(log.entries.map(\.state.value) == [1, 11, 111])
    #expect(store.state == Counter(value: 111, applied: [1, 2, 3]))
    #expect(notified.current == [101, 111])
    #expect(log.entries.count == 3)
    _ = subscription
  }

  @Test("skipping can make a later action rejected, and keeps the state a jump reached")
  func skipChangesOutcomeAndRespectsPosition() throws {
    // Type 9 is rejected unless the value is at least 5.
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { action, state, finish in
        if action.type == 9 && state.value < 5 { return finish.fail(Negative()) }
        var state = state
        state.value += (action.data as? Int) ?? 1
        finish(state)
      }, diagnostics: { _ in })
    let log = ActionLog(recording: store)
    store.dispatch(Action(type: 1, data: 5))
    store.dispatch(Action(type: 9, data: 1))
    #expect(log.entries.map(\.isRejected) == [false, false])
    try log.jump(toEntry: 0)
    try log.setSkipped(true, at: 0)
    #expect(log.entries.map(\.isRejected) == [false, true])
    #expect(log.entries.map(\.state.value) == [0, 0])
    #expect(store.state.value == 0, "the store follows the entry it was at")
  }

  @Test("skipping recomputes through an asynchronous reducer in the store's turn")
  func skipAsync() async throws {
    let store = Store(state: Counter(), reducer: asyncCounterReducer())
    let log = ActionLog(recording: store)
    for amount in [1, 2, 4] { store.dispatch(Action(type: 1, data: amount)) }
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    let done = Latch()
    try log.setSkipped(true, at: 0) { _ in done.open() }
    store.dispatch(Action(type: 1, data: 8))  // queued behind the recomputation
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    await done.wait()
    #expect(log.entries.map(\.state.value) == [0, 2, 6, 14])
    #expect(store.state.value == 14)
  }
}

@Suite("Action log: replay")
struct ActionLogReplayTests {
  @Test("replaying into a fresh store with the same reducer yields the same states")
  func replaySame() async throws {
    let store = loggedStore()
    let log = ActionLog(recording: store)
    for amount in [1, 2, -3, 4] { store.dispatch(Action(type: 1, data: amount)) }
    store.replaceState(with: Counter(value: 50))
    store.dispatch(Action(type: 2, data: 5))
    let applied = try await log.recording.replay(into: loggedStore(Counter(value: 999)))
    #expect(applied == 6)
  }

  @Test("replay skips skipped entries")
  func replaySkipping() async throws {
    let store = loggedStore()
    let log = ActionLog(recording: store)
    for amount in [1, 2, 4] { store.dispatch(Action(type: 1, data: amount)) }
    try log.setSkipped(true, at: 1)
    let fresh = loggedStore()
    let applied = try await log.recording.replay(into: fresh)
    #expect(applied == 2)
    #expect(fresh.state.value == 5)
  }

  @Test("a different reducer is reported at the first entry that differs, field by field")
  func replayMismatch() async throws {
    let store = loggedStore()
    let log = ActionLog(recording: store)
    for amount in [1, 2, 3] { store.dispatch(Action(type: 1, data: amount)) }
    let changed = Store(
      state: Counter(),
      reducer: Reducer<Counter> { action, state, finish in
        var state = state
        let amount = (action.data as? Int) ?? 1
        state.value += amount == 2 ? 20 : amount
        state.applied.append(action.type)
        finish(state)
      }, actions: ActionTypes(CounterAction.self))
    let error = await #expect(throws: ReplayMismatch.self) {
      try await log.recording.replay(into: changed)
    }
    #expect(error?.index == 1)
    #expect(
      error?.description == """
        replay differs at entry 1 (action 1 (increment)):
          the state differs (recorded → replayed):
          .value: 3 → 21
        """)
  }

  @Test("a changed outcome (rejected in the replay) is reported")
  func replayOutcomeMismatch() async throws {
    let store = Store(state: Counter(), reducer: counterReducer())
    let log = ActionLog(recording: store)
    store.dispatch(Action(type: 1, data: -1))
    let error = await #expect(throws: ReplayMismatch.self) {
      try await log.recording.replay(into: loggedStore())
    }
    #expect(error?.replayedRejected == true)
    #expect(error?.recordedRejected == false)
    #expect(
      error?.description.hasPrefix(
        "replay differs at entry 0 (action 1):\n"
          + "  the recording says the reducer applied it; the replay rejected it") == true)
  }
}
