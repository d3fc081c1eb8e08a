import CSReduxKit
import CSReduxKitTestSupport
import CSReduxKitTesting
import Testing

/// Equal to nothing, not even itself, although it prints alike.
private struct Restless: StateProtocol, Equatable {
  var value = 0
  static func == (lhs: Restless, rhs: Restless) -> Bool { false }
}

@Suite("Store.expect(dispatching:changes:)")
struct StoreExpectTests {
  @Test("passes when the action changes exactly what the closure changes")
  func passes() async throws {
    let store = Store(state: Tally(), reducer: tallyReducer)
    let state = try await store.expect(dispatching: Action(TallyAction.add, data: 2)) {
      $0.value = 2
    }
    #expect(state == Tally(value: 2))
    try await store.expect(dispatching: Action(type: 99))
  }

  @Test("the synchronous form passes too")
  func passesSync() async throws {
    let store = asyncTallyStore()
    try await offThePool {
      try store.expect(dispatching: Action(TallyAction.note, data: "sync")) {
        $0.notes = ["sync"]
      }
    }
    #expect(store.state == Tally(notes: ["sync"]))
  }

  @Test("waits for an asynchronous reducer, and compares with the state it started from")
  func asyncReducer() async throws {
    let store = asyncTallyStore()
    store.dispatch(Action(TallyAction.add, data: 5))
    try await store.expect(dispatching: Action(TallyAction.add, data: 1)) { $0.value = 6 }
    #expect(store.state.value == 6)
  }

  @Test("a different state fails with the difference field by field, the action and the line")
  func mismatch() async throws {
    let store = Store(state: Tally(value: 1, notes: ["a"]), reducer: tallyReducer)
    let line = #line + 2
    let error = await expectationError {
      try await store.expect(dispatching: Action(TallyAction.note, data: "b")) {
        $0.value = 2
        $0.notes = ["a", "c"]
      }
    }
    #expect(error?.kind == .stateMismatch)
    #expect(
      error?.description == """
        CSReduxKitTestingTests/StoreExpectTests.swift:\(line): the state after \
        action 2 with payload "b" is not the expected one (expected → actual):
          .value: 2 → 1
          .notes[1]: "c" → "b"
        """)
    #expect(error?.difference?.changes.map(\.path) == [".value", ".notes[1]"])
  }

  @Test("the synchronous form fails the same way")
  func mismatchSync() throws {
    let store = Store(state: Tally(), reducer: tallyReducer)
    let error = expectationError {
      try store.expect(dispatching: Action(TallyAction.add, data: 1)) { $0.value = 10 }
    }
    #expect(
      error?.message == """
        the state after action 1 with payload 1 is not the expected one (expected → actual):
          .value: 10 → 1
        """)
  }

  @Test("when == disagrees with the printout, the failure says so")
  func equalPrintouts() async throws {
    let store = Store(state: Restless(), reducer: Reducer { _, state, finish in finish(state) })
    let error = await expectationError {
      try await store.expect(dispatching: Action(type: 1))
    }
    #expect(
      error?.message == """
        the state after action 1 is not the expected one: == says they differ, but both \
        print alike:
          Restless(value: 0)
        """)
  }

  @Test("failures name actions as the store's reports do: type, name, then payload")
  func actionsNamedLikeDiagnostics() async throws {
    let reports = Locked<[String]>([])
    let store = Store(
      state: Tally(), reducer: tallyReducer, actions: ActionTypes(TallyAction.self),
      diagnostics: { reports.append($0.description) })
    let rejected = await expectationError {
      try await store.expect(dispatching: Action(TallyAction.add, data: "two")) { $0.value = 2 }
    }
    #expect(
      rejected?.message == """
        action 1 (add) with payload "two" was rejected, so the state did not change: the \
        reducer failed with action 1: expected Int payload, found String
        """)
    #expect(reports.current.first?.hasPrefix("CSReduxKit: Store<Tally>: action 1 (add): ") == true)

    let recorder = StoreRecorder(store)
    store.dispatch(Action(TallyAction.fail))
    store.dispatch(Action(TallyAction.note, data: "kept"))
    let unread = await expectationError {
      try await recorder.expectNoMoreActions(timeout: .seconds(300))
    }
    #expect(
      unread?.message == """
        the store notified 2 actions nobody read:
          action 3 (fail), rejected: tally refused
          action 2 (note) with payload "kept"
        """)
  }

  @Test("a rejected action fails with the reducer's error")
  func rejected() async throws {
    let store = Store(state: Tally(), reducer: tallyReducer, diagnostics: { _ in })
    let error = await expectationError {
      try await store.expect(dispatching: Action(TallyAction.add, data: "two")) { $0.value = 2 }
    }
    #expect(error?.kind == .rejected)
    #expect(
      error?.message == """
        action 1 with payload "two" was rejected, so the state did not change: the reducer \
        failed with action 1: expected Int payload, found String
        """)
  }

  @Test("an action a middleware drops fails as dropped")
  func dropped() async throws {
    let dropAll = Middleware<Tally> { _, _ in }
    let store = Store(state: Tally(), reducer: tallyReducer, middleware: [dropAll])
    let error = await expectationError {
      try await store.expect(dispatching: Action(TallyAction.add, data: 1)) { $0.value = 1 }
    }
    #expect(error?.kind == .dropped)
    #expect(
      error?.message
        == "action 1 with payload 1 never reached the reducer (a middleware did not pass it "
        + "on): nothing was committed")
  }

  @Test("a thunk says what happened: it ran, and which actions followed; never Int.min")
  func thunk() async throws {
    let store = Store(
      state: Tally(), reducer: tallyReducer, actions: ActionTypes(TallyAction.self))
    let load = Thunk<Tally>.effect(fileID: "Load.swift", line: 4) { context in
      context.dispatch(Action(TallyAction.note, data: "started"))
      context.dispatch(Action(TallyAction.add, data: 2))
    }
    let error = await expectationError {
      try await store.expect(dispatching: load, timeout: .seconds(hangBound)) { $0.value = 2 }
    }
    #expect(error?.kind == .thunkDispatched)
    #expect(
      error?.message == """
        Thunk(Load.swift:4) is a thunk: it started an effect, and a thunk never reaches the \
        reducer, so no state was committed for it to compare. The store committed these 2 \
        actions after it:
          action 2 (note) with payload "started"
          action 1 (add) with payload 2
        Test a thunk with TestStore: send it, then receive each action it dispatches.
        """)
    let quiet = Thunk<Tally> { _ in }
    let ran = await expectationError {
      try await store.expect(dispatching: quiet, timeout: .seconds(hangBound))
    }
    #expect(
      ran?.message == """
        Thunk() is a thunk: it ran, and a thunk never reaches the reducer, so no state was \
        committed for it to compare. The store committed nothing after it.
        Test a thunk with TestStore: send it, then receive each action it dispatches.
        """)
  }

  @Test("exhaustive: follow-up actions fail, naming them; exhaustive: false allows them")
  func followUps() async throws {
    let store = asyncTallyStore()
    store.subscribe(to: .cases(TallyAction.add)) { [weak store] _, _ in
      store?.dispatch(Action(TallyAction.note, data: "added"))
    }
    let error = await expectationError {
      try await store.expect(dispatching: Action(TallyAction.add, data: 1)) { $0.value = 1 }
    }
    #expect(error?.kind == .unexpectedActions)
    #expect(
      error?.message == """
        besides action 1 with payload 1, the store committed 1 action nobody expected (pass \
        exhaustive: false to allow them, and check them with a StoreRecorder):
          action 2 with payload "added"
        """)

    let recorder = StoreRecorder(store)
    try await store.expect(dispatching: Action(TallyAction.add, data: 1), exhaustive: false) {
      $0.value = 2
    }
    try await recorder.waitForEntries(count: 2, timeout: .seconds(300))
    #expect(recorder.actionTypes == [1, 2])
  }

  @Test("an action whose reducer never finishes fails quickly, naming the action")
  func timesOut() async throws {
    let parking = Parking()
    let store = parking.store()
    let line = #line + 2
    let error = await expectationError {
      try await store.expect(
        dispatching: Action(TallyAction.add, data: 1), timeout: .milliseconds(200)
      ) {
        $0.value = 1
      }
    }
    #expect(error?.kind == .timedOut)
    #expect(
      error?.description == """
        CSReduxKitTestingTests/StoreExpectTests.swift:\(line): action 1 with payload 1 was not \
        committed within 0.2 seconds: its reducer has not called finish
        """)
    parking.release()
    try await store.waitUntilIdle(timeout: .seconds(300))
  }

  @Test("a store still busy with earlier actions fails before dispatching")
  func busyBefore() async throws {
    let parking = Parking()
    let store = parking.store()
    store.dispatch(Action(TallyAction.add, data: 1))
    let error = await expectationError {
      try await offThePool {
        _ = try store.expect(
          dispatching: Action(TallyAction.add, data: 2), timeout: .milliseconds(200))
      }
    }
    #expect(error?.kind == .timedOut)
    #expect(
      error?.message == """
        action 1 with payload 2 was not dispatched: the store 'Stuck' was still busy with \
        earlier actions after 0.2 seconds (a reducer has not called finish)
        """)
    parking.release()
    try await store.waitUntilIdle(timeout: .seconds(300))
    #expect(store.state.value == 1)
  }

  @Test("a follow-up that never finishes fails the exhaustive wait")
  func busyAfter() async throws {
    // Notes park; everything else is applied at once.
    let parking = Parking()
    let store = Store(
      state: Tally(),
      reducer: Reducer { action, state, finish in
        if action.type == TallyAction.note.rawValue {
          parking.reducer.execute(action: action, state: state, finish: finish)
        } else {
          tallyReducer.execute(action: action, state: state, finish: finish)
        }
      }, name: "Follower", reducerTimeout: .zero, diagnostics: { _ in })
    store.subscribe(to: .cases(TallyAction.add)) { [weak store] _, _ in
      store?.dispatch(Action(TallyAction.note, data: "later"))
    }
    let error = await expectationError {
      try await store.expect(
        dispatching: Action(TallyAction.add, data: 1), timeout: .milliseconds(200)
      ) { $0.value = 1 }
    }
    #expect(
      error?.message == """
        after action 1 with payload 1, the store 'Follower' did not go idle within 0.2 seconds: \
        an action that followed it has not finished
        """)
    parking.release()
    try await store.waitUntilIdle(timeout: .seconds(300))
    #expect(store.state == Tally(value: 1, notes: ["later"]))
  }

  @Test("expectRejection passes for a rejected action and fails for an applied one")
  func expectRejection() async throws {
    let store = Store(state: Tally(), reducer: tallyReducer, diagnostics: { _ in })
    let rejection = try await store.expectRejection(of: Action(TallyAction.fail))
    #expect(rejection.error is TallyError)
    let syncRejection = try { try store.expectRejection(of: Action(TallyAction.note, data: 1)) }()
    #expect(syncRejection.error is PayloadError)

    let error = await expectationError {
      try await store.expectRejection(of: Action(TallyAction.add, data: 3))
    }
    #expect(error?.kind == .notRejected)
    #expect(
      error?.message == """
        action 1 with payload 3 was applied, not rejected; it changed the state (before → after):
          .value: 0 → 3
        """)
  }

  @Test("record() reports the failure as an issue where the helper was called")
  func record() async throws {
    let store = Store(state: Tally(), reducer: tallyReducer)
    let error = try #require(
      await expectationError {
        try await store.expect(dispatching: Action(TallyAction.add, data: 1)) { $0.value = 2 }
      })
    withKnownIssue {
      error.record()
    } matching: { issue in
      issue.comments.map(\.rawValue) == [error.message]
        && issue.sourceLocation?.line == error.sourceLocation.line
        && issue.sourceLocation?.fileID == "CSReduxKitTestingTests/StoreExpectTests.swift"
    }
  }
}
