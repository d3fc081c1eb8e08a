import CSReduxKit
import CSReduxKitTestSupport
import CSReduxKitTesting
import Foundation
import Testing

// The CSReduxKitTesting rows of docs/reliability.md: each failure is produced here and its
// message must appear in the catalogue word for word, `<…>` placeholders aside
// (`DocumentedMessages` in the test-support target reads the catalogue).

/// Records an issue unless docs/reliability.md shows the error's message.
private func expectDocumented(
  _ error: StoreExpectationError?, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let message = error?.message else {
    Issue.record("the scenario threw no StoreExpectationError", sourceLocation: sourceLocation)
    return
  }
  CSReduxKitTestSupport.expectDocumented(message, sourceLocation: sourceLocation)
}

/// Checks that the core's `waitUntilIdle` failed with a message docs/reliability.md lists.
private func expectDocumented(
  _ error: IdleWaitError?, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let message = error?.description else {
    Issue.record("the scenario threw no IdleWaitError", sourceLocation: sourceLocation)
    return
  }
  CSReduxKitTestSupport.expectDocumented(message, sourceLocation: sourceLocation)
}

@Suite("Reliability catalogue: CSReduxKitTesting's failures read as docs/reliability.md shows")
struct TestingCatalogueTests {
  @Test("the catalogue is found and holds messages")
  func catalogueIsRead() {
    #expect(DocumentedMessages.shared.problem == nil)
    #expect(DocumentedMessages.shared.templates.count > 40)
  }

  @Test("expect's failures read as documented")
  func expectFailures() async {
    let names = ActionTypes(TallyAction.self)
    let store = Store(
      state: Tally(), reducer: tallyReducer, actions: names, diagnostics: { _ in })
    expectDocumented(
      await expectationError {
        try await store.expect(dispatching: Action(TallyAction.add, data: 1)) { $0.value = 2 }
      })
    expectDocumented(
      await expectationError {
        try await store.expect(dispatching: Action(TallyAction.add, data: "two")) { $0.value = 2 }
      })
    expectDocumented(
      await expectationError {
        try await store.expectRejection(of: Action(TallyAction.add, data: 3))
      })
    let dropping = Store(
      state: Tally(), reducer: tallyReducer, actions: names,
      middleware: [Middleware { _, _ in }])
    expectDocumented(
      await expectationError {
        try await dropping.expect(dispatching: Action(TallyAction.add, data: 1)) { $0.value = 1 }
      })
    let forgetful = Store(
      state: Tally(), reducer: Reducer<Tally> { _, _, _ in }, actions: names,
      diagnostics: { _ in })
    expectDocumented(
      await expectationError {
        try await forgetful.expect(dispatching: Action(TallyAction.add, data: 1))
      })

    let chatty = Store(state: Tally(), reducer: tallyReducer, actions: names)
    chatty.subscribe(to: .cases(TallyAction.add)) { [weak chatty] _, _ in
      chatty?.dispatch(Action(TallyAction.note, data: "added"))
    }
    expectDocumented(
      await expectationError {
        try await chatty.expect(dispatching: Action(TallyAction.add, data: 1)) { $0.value = 1 }
      })
  }

  @Test("timeouts read as documented")
  func timeouts() async throws {
    let parking = Parking()
    let stuck = parking.store()
    expectDocumented(
      await expectationError {
        try await stuck.expect(
          dispatching: Action(TallyAction.add, data: 1), timeout: .milliseconds(50)
        ) { $0.value = 1 }
      })
    expectDocumented(
      await expectationError {
        try await stuck.expect(
          dispatching: Action(TallyAction.add, data: 2), timeout: .milliseconds(50))
      })
    expectDocumented(
      await idleWaitError { try await stuck.waitUntilIdle(timeout: .milliseconds(50)) })
    let recorder = StoreRecorder(stuck)
    stuck.replaceState(with: Tally(value: 1))
    expectDocumented(
      await expectationError {
        try await recorder.waitForEntries(count: 2, timeout: .milliseconds(50))
      })
    parking.release()
    try await stuck.waitUntilIdle(timeout: .seconds(300))

    let follower = Parking()
    let store = Store(
      state: Tally(),
      reducer: Reducer { action, state, finish in
        if action.type == TallyAction.note.rawValue {
          follower.reducer.execute(action: action, state: state, finish: finish)
        } else {
          tallyReducer.execute(action: action, state: state, finish: finish)
        }
      }, name: "Follower", reducerTimeout: .zero, diagnostics: { _ in })
    store.subscribe(to: .cases(TallyAction.add)) { [weak store] _, _ in
      store?.dispatch(Action(TallyAction.note, data: "later"))
    }
    expectDocumented(
      await expectationError {
        try await store.expect(
          dispatching: Action(TallyAction.add, data: 1), timeout: .milliseconds(50)
        ) { $0.value = 1 }
      })
    follower.release()
    try await store.waitUntilIdle(timeout: .seconds(300))
  }

  @Test("effects still running read as documented")
  func effectsStillRunning() async throws {
    let release = Door()
    let loading = Middleware<Tally> { action, context in
      context.next(action)
      guard action.type == TallyAction.add.rawValue else { return }
      context.dispatch(Thunk<Tally>.effect(id: ProfileLoad()) { _ in await release.wait() })
    }
    let store = Store(
      state: Tally(), reducer: tallyReducer, name: "Profile", middleware: [loading])
    await startLoad(store, waitingAt: release)
    expectDocumented(
      await expectationError { try await store.expectNoRunningEffects(timeout: .zero) })
    expectDocumented(
      await idleWaitError { try await store.waitUntilIdle(timeout: .milliseconds(50)) })
    expectDocumented(
      await expectationError {
        try await store.expect(
          dispatching: Action(TallyAction.add, data: 1), timeout: .milliseconds(50)
        ) { $0.value = 1 }
      })
    release.open()
    try await store.expectNoRunningEffects(timeout: .seconds(300))
  }

  @Test("a blocking wait on the main thread reads as documented")
  @MainActor
  func mainThreadWait() async throws {
    let store = mainQueueStore()
    store.dispatch(Action(TallyAction.add, data: 1))
    expectDocumented(idleWaitError { try store.waitUntilIdle(timeout: .milliseconds(50)) })
    try await store.waitUntilIdle(timeout: .seconds(300))
  }

  @Test("a recorder's unread actions read as documented")
  func unread() async throws {
    let store = Store(
      state: Tally(), reducer: tallyReducer, actions: ActionTypes(TallyAction.self))
    let recorder = StoreRecorder(store)
    store.dispatch(Action(TallyAction.note, data: "unread"))
    expectDocumented(
      await expectationError { try await recorder.expectNoMoreActions(timeout: .seconds(5)) })
  }

  @Test("TestStore's failures read as documented")
  func testStoreFailures() async {
    let store = Store(
      state: Tally(), reducer: tallyReducer, actions: ActionTypes(TallyAction.self),
      middleware: [
        Middleware { action, context in
          if action.type != TallyAction.note.rawValue { context.next(action) }
        }
      ], diagnostics: { _ in })
    let test = TestStore(store, timeout: .seconds(hangBound))
    let issues = await recordedIssues {
      await test.send(Action(TallyAction.note, data: "dropped"))
      await test.send(Action(TallyAction.fail))
      await test.send(Thunk<Tally> { $0.dispatch(Action(TallyAction.add, data: 1)) })
      await test.receive(TallyAction.fail)
      await test.receive(TallyAction.add, timeout: .zero)
    }
    #expect(issues.count == 4)
    for message in issues { CSReduxKitTestSupport.expectDocumented(message) }
    await test.finish()
  }
}
