import CSReduxKit
import CSReduxKitTestSupport
import CSReduxKitTesting
import Testing

/// A tally store named for messages, with its action names.
private func namedTally(
  reducer: some ReducerProtocol<Tally> = tallyReducer, middleware: [Middleware<Tally>] = []
) -> Store<Tally> {
  Store(
    state: Tally(), reducer: reducer, name: "Tally",
    actions: ActionTypes(TallyAction.self), middleware: middleware,
    diagnostics: { _ in })
}

/// An effect that notes "started", waits at `door`, then notes "loaded".
private func load(waitingAt door: Door? = nil) -> Thunk<Tally> {
  Thunk<Tally>.effect(id: "load", fileID: "Load.swift", line: 7) { context in
    context.dispatch(Action(TallyAction.note, data: "started"))
    await door?.wait()
    context.dispatch(Action(TallyAction.note, data: "loaded"))
  }
}

// example: testing-teststore
@Test("an effect's actions, step by step")
func effectStepByStep() async {
  let test = TestStore(
    Store(
      state: Tally(), reducer: tallyReducer,
      actions: ActionTypes(TallyAction.self)),
    timeout: .seconds(30))
  let load = Thunk<Tally>.effect(id: "load") { context in
    context.dispatch(Action(TallyAction.note, data: "started"))
    context.dispatch(Action(TallyAction.add, data: 3))
  }
  await test.send(Action(TallyAction.add, data: 1)) { $0.value = 1 }
  await test.send(load)  // an effect: it changes no state itself
  await test.receive(TallyAction.note, payload: "started") {
    $0.notes = ["started"]
  }
  await test.receive(TallyAction.add) { $0.value = 4 }
  await test.finish()
}
// end-example

@Suite("TestStore: send, receive, finish, exhaustive by default")
struct TestStoreTests {
  @Test("send checks the state committed for an action against the expected changes")
  func sendChecksTheState() async {
    let test = TestStore(namedTally(), timeout: .seconds(hangBound))
    await test.send(Action(TallyAction.add, data: 2)) { $0.value = 2 }
    let issues = await recordedIssues {
      await test.send(Action(TallyAction.add, data: 1)) { $0.value = 4 }
    }
    #expect(
      issues == [
        "the state after action 1 (add) with payload 1 is not the expected one "
          + "(expected → actual):\n  .value: 4 → 3"
      ])
    await test.finish()
  }

  @Test("an effect's actions are received in order, and finish passes when all were")
  func effectActionsAreReceived() async {
    let test = TestStore(namedTally(), timeout: .seconds(hangBound))
    let issues = await recordedIssues {
      await test.send(load())
      await test.receive(TallyAction.note, payload: "started") { $0.notes = ["started"] }
      await test.receive(TallyAction.note) { $0.notes.append("loaded") }
      await test.finish()
    }
    #expect(issues == [])
  }

  @Test("forgetting a receive fails at finish, naming the action as the store names it")
  func forgottenReceiveFails() async {
    let test = TestStore(namedTally(), timeout: .seconds(hangBound))
    let issues = await recordedIssues {
      await test.send(load())
      await test.receive(TallyAction.note) { $0.notes = ["started"] }
      await test.finish()
    }
    #expect(
      issues == [
        "1 received action not asserted with receive:\n"
          + "  action 2 (note) with payload \"loaded\""
      ])
  }

  @Test("a wrong next action fails naming both the expected and the actual one")
  func wrongActionNamesBoth() async {
    let test = TestStore(namedTally(), timeout: .seconds(hangBound))
    let issues = await recordedIssues {
      await test.send(load())
      await test.receive(TallyAction.add)
      await test.receive(TallyAction.note, payload: "started")
      await test.receive(TallyAction.note, timeout: .milliseconds(100))
      await test.finish()
    }
    #expect(
      issues == [
        "expected to receive action 1 (add), but the next action was action 2 (note) with "
          + "payload \"started\"",
        "expected to receive action 2 (note) with payload \"started\", but the next action "
          + "was action 2 (note) with payload \"loaded\"",
        "expected to receive action 2 (note) within 0.1 seconds, but nothing came; no "
          + "effect is running",
      ])
  }

  @Test("receive waits for an action a running effect dispatches later")
  func receiveWaits() async {
    let door = Door()
    let test = TestStore(namedTally(), timeout: .seconds(hangBound))
    await test.send(load(waitingAt: door))
    await test.receive(TallyAction.note) { $0.notes = ["started"] }
    door.open()
    await test.receive(TallyAction.note) { $0.notes.append("loaded") }
    await test.finish()
  }

  @Test("receive that times out names the timeout and the effects still running")
  func receiveTimesOut() async {
    let door = Door()
    let test = TestStore(namedTally(), timeout: .seconds(hangBound))
    await test.send(load(waitingAt: door))
    await test.receive(TallyAction.note) { $0.notes = ["started"] }
    let issues = await recordedIssues {
      await test.receive(TallyAction.note, timeout: .zero)
    }
    #expect(
      issues == [
        "expected to receive action 2 (note) within 0.0 seconds, but nothing came; 1 effect "
          + "still running:\n  effect \"load\" started by Thunk(id: \"load\", Load.swift:7)"
      ])
    door.open()
    await test.receive(TallyAction.note) { $0.notes.append("loaded") }
    await test.finish()
  }

  @Test("finish fails on an effect still running, naming its id and where it started")
  func finishNamesRunningEffects() async {
    let door = Door()
    let test = TestStore(namedTally(), timeout: .seconds(hangBound))
    await test.send(load(waitingAt: door))
    await test.receive(TallyAction.note) { $0.notes = ["started"] }
    let issues = await recordedIssues {
      await test.finish(timeout: .zero)
    }
    #expect(
      issues == [
        "after 0.0 seconds, 1 effect still running:\n"
          + "  effect \"load\" started by Thunk(id: \"load\", Load.swift:7)\n"
          + "(cancel them in the test, or let them return)"
      ])
    door.open()
    _ = try? await test.store.waitUntilIdle()
  }

  @Test("with exhaustivity off, receive skips to the action it names and finish is quiet")
  func exhaustivityOff() async {
    let test = TestStore(namedTally(), timeout: .seconds(hangBound))
    test.exhaustivity = .off
    let issues = await recordedIssues {
      await test.send(load())
      await test.receive(TallyAction.note, payload: "loaded") {
        $0.notes = ["started", "loaded"]
      }
      await test.send(Action(TallyAction.add, data: 1)) { $0.value = 1 }
      await test.send(load())
      await test.finish()
    }
    #expect(issues == [])
  }

  @Test("a thunk sent is reported as one: it changes no state itself")
  func thunkChangesNoState() async {
    let test = TestStore(namedTally(), timeout: .seconds(hangBound))
    let thunk = Thunk<Tally> { context in
      context.dispatch(Action(TallyAction.add, data: 5))
    }
    let issues = await recordedIssues {
      await test.send(thunk) { $0.value = 5 }
    }
    #expect(
      issues == [
        "Thunk() ran and changes no state itself (receive the actions it dispatches, and "
          + "assert their changes there), yet the state expected after it differs "
          + "(expected → actual):\n  .value: 5 → 0"
      ])
    await test.receive(TallyAction.add) { $0.value = 5 }
    await test.finish()
  }

  @Test("sending before receiving what came first fails, naming those actions")
  func sendBeforeReceiving() async {
    let test = TestStore(namedTally(), timeout: .seconds(hangBound))
    await test.send(Thunk<Tally> { $0.dispatch(Action(TallyAction.add, data: 1)) })
    let issues = await recordedIssues {
      await test.send(Action(TallyAction.add, data: 2)) { $0.value = 3 }
    }
    #expect(
      issues == [
        "before sending action 1 (add) with payload 2, receive the actions that came first: "
          + "1 received action not asserted with receive:\n  action 1 (add) with payload 1"
      ])
    await test.finish()
  }

  @Test("an action a middleware drops, or the reducer rejects, fails the send and says so")
  func droppedAndRejected() async {
    let dropNotes = Middleware<Tally> { action, context in
      if action.type != TallyAction.note.rawValue { context.next(action) }
    }
    let test = TestStore(namedTally(middleware: [dropNotes]), timeout: .seconds(hangBound))
    let issues = await recordedIssues {
      await test.send(Action(TallyAction.note, data: "x"))
      await test.send(Action(TallyAction.fail))
    }
    #expect(
      issues == [
        "action 2 (note) with payload \"x\" never reached the reducer: a middleware did not "
          + "pass it on",
        "action 3 (fail) was rejected, so the state did not change: the reducer failed with "
          + "tally refused",
      ])
    await test.finish()
  }

  @Test("a reducer that finishes later, on another thread, is tested the same way")
  func asyncReducer() async {
    let test = TestStore(namedTally(reducer: asyncTallyReducer), timeout: .seconds(hangBound))
    await test.send(Action(TallyAction.add, data: 2)) { $0.value = 2 }
    await test.send(load())
    await test.receive(TallyAction.note) { $0.notes = ["started"] }
    await test.receive(TallyAction.note) { $0.notes.append("loaded") }
    await test.finish()
  }

  @Test("a test store released without finish reports what was left")
  func releasedWithoutFinish() async {
    let store = namedTally()
    let issues = await recordedIssues {
      let test = TestStore(store, timeout: .seconds(hangBound))
      await test.send(Thunk<Tally> { $0.dispatch(Action(TallyAction.add, data: 1)) })
    }
    #expect(
      issues == [
        "the test store of 'Tally' was released without await finish(), leaving 1 received "
          + "action not asserted with receive:\n  action 1 (add) with payload 1"
      ])
  }
}
