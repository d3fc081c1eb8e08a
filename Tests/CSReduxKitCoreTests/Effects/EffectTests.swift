import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Foundation
import Testing

/// Calls `body` when it is freed.
final class OnRelease: Sendable {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  deinit { body() }
}

/// The identity of the search effects in these tests.
struct SearchID: Hashable, Sendable {}

/// A store of counters with thunks, whose reducer records every action type it applies.
private func effectStore(
  diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void = { _ in }
) -> Store<Counter> {
  Store(
    state: Counter(), reducer: counterReducer(), name: "Effects",
    diagnostics: diagnostics)
}

@Suite("Effects: asynchronous work the store owns")
struct EffectTests {
  @Test("cancelEffects(id:) cancels the effects with that identity and drops what they dispatch")
  func cancelByIdentity() async throws {
    let store = effectStore()
    let started = Door()
    let release = Door()
    let sawCancellation = Locked<Bool?>(nil)
    let otherStarted = Door()
    let otherRelease = Door()
    store.dispatch(
      .effect(id: "load") { context in
        started.open()
        await release.wait()  // ignores cancellation: dispatches late on purpose
        sawCancellation.withLock { $0 = Task.isCancelled }
        context.dispatch(Action(type: 7))
      })
    store.dispatch(
      .effect(id: "other") { context in
        otherStarted.open()
        await otherRelease.wait()
        context.dispatch(Action(type: 8))
      })
    #expect(await started.opened())
    #expect(await otherStarted.opened())
    #expect(store.runningEffects.count == 2)

    #expect(store.cancelEffects(id: "load") == 1)
    #expect(store.cancelEffects(id: "load") == 0, "an effect is cancelled once")
    #expect(store.runningEffects.map(\.isCancelled) == [true, false])
    release.open()
    otherRelease.open()
    try await store.waitUntilIdle(timeout: .seconds(hangBound))

    #expect(sawCancellation.current == true, "the effect's task was cancelled")
    #expect(store.state.applied == [8], "the cancelled effect's dispatch was dropped")
    #expect(store.runningEffects.isEmpty)
  }

  @Test("effects with the same identity run side by side unless cancelInFlight")
  func sameIdentityWithoutCancelInFlight() async throws {
    let store = effectStore()
    let release = Door()
    let started = Door()
    let count = Locked(0)
    for _ in 0..<2 {
      store.dispatch(
        .effect(id: SearchID()) { _ in
          let number = count.withLock { value in
            value += 1
            return value
          }
          if number == 2 { started.open() }
          await release.wait()
        })
    }
    #expect(await started.opened())
    #expect(store.cancelEffects(id: SearchID()) == 2)
    #expect(store.cancelEffects(id: "SearchID()") == 0, "another type is another identity")
    release.open()
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(store.runningEffects.isEmpty)
  }

  @Test("cancelInFlight: the late result of the old query never reaches the reducer")
  func cancelInFlightWithALateResult() async throws {
    let store = effectStore()
    let reduced = Locked<[String]>([])
    store.subscribe { action, _ in
      if let query = action.data as? String { reduced.append(query) }
    }
    let firstStarted = Door()
    let firstAnswer = Door()
    let secondAnswer = Door()
    let firstSawCancellation = Locked<Bool?>(nil)
    func search(_ query: String, answer: Door, started: Door?) -> Thunk<Counter> {
      Thunk<Counter>.effect(id: SearchID(), cancelInFlight: true) { context in
        started?.open()
        await answer.wait()  // the request's result, late or not
        if query == "a" { firstSawCancellation.withLock { $0 = Task.isCancelled } }
        context.dispatch(Action(type: 5, data: query))
      }
    }
    store.dispatch(search("a", answer: firstAnswer, started: firstStarted))
    #expect(await firstStarted.opened())
    store.dispatch(search("b", answer: secondAnswer, started: nil))
    // The new query has started: the old result arrives now, late, then the new one.
    firstAnswer.open()
    secondAnswer.open()
    try await store.waitUntilIdle(timeout: .seconds(hangBound))

    #expect(reduced.current == ["b"])
    #expect(store.state.applied == [5])
    #expect(firstSawCancellation.current == true)
  }

  @Test("a cancelled effect's send returns the current state at once, and nothing is applied")
  func sendAfterCancellation() async throws {
    let store = effectStore()
    let started = Door()
    let release = Door()
    let sent = Locked<Counter?>(nil)
    store.dispatch(Action(type: 1, data: 4))
    store.dispatch(
      .effect(id: 1) { context in
        started.open()
        await release.wait()
        #expect(context.isCancelled)
        let state = await context.send(Action(type: 2, data: 100)).state
        sent.withLock { $0 = state }
      })
    #expect(await started.opened())
    store.cancelAllEffects()
    release.open()
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(sent.current?.value == 4)
    #expect(store.state.applied == [1])
  }

  @Test("freeing the store cancels its effects: no late dispatch, and nothing is kept alive")
  func cancelledWhenTheStoreIsFreed() async {
    let released = Door()
    var inReducer: OnRelease? = OnRelease { released.open() }
    let applied = Locked<[Int]>([])
    var store: Store<Counter>? = Store(
      state: Counter(),
      reducer: Reducer<Counter> { [inReducer] action, state, finish in
        _ = inReducer
        applied.append(action.type)
        counterReducer().execute(action: action, state: state, finish: finish)
      })
    inReducer = nil
    weak let weakStore = store
    let started = Door()
    let release = Door()
    let ended = Door()
    let sawCancellation = Locked<Bool?>(nil)
    let stateSeen = Locked<Int?>(nil)
    store?.dispatch(Action(type: 1, data: 3))
    store?.dispatch(
      .effect(id: "load") { context in
        defer { ended.open() }
        started.open()
        await release.wait()
        sawCancellation.withLock { $0 = Task.isCancelled }
        stateSeen.withLock { $0 = context.state.value }
        context.dispatch(Action(type: 9))
      })
    #expect(await started.opened())
    store = nil
    #expect(weakStore == nil, "a running effect does not keep the store alive")
    release.open()
    #expect(await ended.opened())
    #expect(sawCancellation.current == true)
    #expect(stateSeen.current == 3, "a cancelled effect still reads the last committed state")

    // The store's machinery, and the reducer's capture with it, goes once the effect's task
    // has returned.
    #expect(await released.opened(), "the effect kept the store's machinery alive")
    #expect(applied.current == [1], "the late dispatch reached the reducer")
  }

  @Test("a store freed while its effect awaits what never comes: the effect ends, nothing leaks")
  func freedStoreEndsAWaitingEffect() async {
    let released = Door()
    var inReducer: OnRelease? = OnRelease { released.open() }
    var store: Store<Counter>? = Store(
      state: Counter(),
      reducer: Reducer<Counter> { [inReducer] action, state, finish in
        _ = inReducer
        counterReducer().execute(action: action, state: state, finish: finish)
      }, diagnostics: { _ in Issue.record("nothing to report") })
    inReducer = nil
    let started = Door()
    let never = Door()
    store?.dispatch(
      .effect { _ in
        started.open()
        try await never.waitUnlessCancelled()
      })
    #expect(await started.opened())
    store = nil
    #expect(await released.opened(), "the waiting effect kept the machinery alive")
  }

  @Test("an effect that throws is reported, naming the store and the effect; the store goes on")
  func thrownErrorIsReported() async throws {
    struct Offline: Error {}
    let reported = Door()
    let diagnostics = Locked<[StoreDiagnostic]>([])
    let store = effectStore { diagnostic in
      diagnostics.append(diagnostic)
      reported.open()
    }
    store.dispatch(
      .effect(id: "save") { context in
        context.dispatch(Action(type: 1))
        throw Offline()
      })
    #expect(await reported.opened())
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    let diagnostic = diagnostics.current.first
    #expect(diagnostics.current.count == 1)
    #expect(diagnostic?.kind == .effectFailed)
    #expect(diagnostic?.storeName == "Effects")
    #expect(diagnostic?.error is Offline)
    #expect(diagnostic?.message.contains("effect \"save\"") == true)
    #expect(diagnostic?.message.contains("EffectTests.swift") == true, "where it was created")
    expectDocumented(diagnostic?.message)
    #expect(store.state.applied == [1], "what it dispatched stays applied")
    store.dispatch(Action(type: 2))
    #expect(store.state.applied == [1, 2])
  }

  @Test("a cancelled effect that throws CancellationError is not reported")
  func cancellationIsNotReported() async throws {
    let diagnostics = Locked<[StoreDiagnostic]>([])
    let store = effectStore { diagnostics.append($0) }
    let started = Door()
    let never = Door()
    store.dispatch(
      .effect(id: "poll") { _ in
        started.open()
        try await never.waitUnlessCancelled()
      })
    #expect(await started.opened())
    #expect(store.cancelEffects(id: "poll") == 1)
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(diagnostics.current.isEmpty)
  }

  @Test("whenIdle waits for the effects; whenIdle(includingEffects: false) does not")
  func idleWithEffects() async throws {
    let store = effectStore()
    let started = Door()
    let release = Door()
    store.dispatch(
      .effect { context in
        started.open()
        await release.wait()
        context.dispatch(Action(type: 4))
      })
    #expect(await started.opened())
    try await store.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: false)
    #expect(!store.isIdle, "the queue alone is idle, but the effect runs")

    let calledWithoutEffects = Locked(false)
    store.whenIdle(includingEffects: false) { calledWithoutEffects.withLock { $0 = true } }
    #expect(calledWithoutEffects.current)

    let settled = Door()
    let stateWhenSettled = Locked<[Int]?>(nil)
    store.whenIdle {
      stateWhenSettled.withLock { $0 = store.state.applied }
      settled.open()
    }
    #expect(stateWhenSettled.current == nil, "called while the effect still runs")
    release.open()
    #expect(await settled.opened())
    #expect(stateWhenSettled.current == [4], "called before the effect's dispatch was applied")

    let again = Locked(false)
    store.whenIdle(includingEffects: true) { again.withLock { $0 = true } }
    #expect(again.current, "called at once when nothing runs")
  }

  @Test("waitUntilIdle returns after the effect's last action")
  func asyncWaitWithEffects() async throws {
    let store = effectStore()
    store.dispatch(
      .effect { context in
        for type in 1...3 { await context.send(Action(type: type)) }
      })
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(store.state.applied == [1, 2, 3])
    #expect(store.runningEffects.isEmpty)
  }

  @Test("an effect is described by its identity and the thunk that started it")
  func description() async throws {
    let store = effectStore()
    let started = Door()
    let release = Door()
    store.dispatch(
      .effect(id: SearchID(), cancelInFlight: true, fileID: "Search.swift", line: 12) { _ in
        started.open()
        await release.wait()
      })
    #expect(await started.opened())
    let effect = store.runningEffects.first
    #expect(effect?.id as? SearchID == SearchID())
    #expect(effect?.action is Thunk<Counter>)
    #expect(
      effect?.description
        == "effect CSReduxKitCoreTests.SearchID() started by Thunk(id: CSReduxKitCoreTests.SearchID(), "
        + "cancelInFlight, Search.swift:12)")
    store.cancelAllEffects()
    #expect(store.runningEffects.first?.description.hasSuffix("12) (cancelled)") == true)
    release.open()
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
  }

  @Test("8 threads start and cancel effects: every effect ends, the store stays consistent")
  func threadsStartAndCancel() async {
    let rounds = Int(ProcessInfo.processInfo.environment["CSREDUXKIT_EFFECT_ROUNDS"] ?? "") ?? 200
    let store = effectStore()
    let attempts = Locked(0)
    // The threads block while they start together; the effects need the cooperative pool, so
    // this test only awaits: the blocking happens on threads of its own.
    let finished = await onThreads(8, deadline: hangBound) { thread in
      for round in 0..<rounds {
        let id = (thread + round) % 4
        store.dispatch(
          .effect(id: id, cancelInFlight: round % 2 == 0) { context in
            await Task.yield()
            attempts.withLock { $0 += 1 }
            context.dispatch(Action(type: 1))
          })
        switch round % 5 {
        case 0: store.cancelEffects(id: (id + 1) % 4)
        case 1: _ = store.runningEffects.count
        case 2 where thread == 0: store.cancelAllEffects()
        default: store.dispatch(Action(type: 2, data: 0))
        }
      }
    }
    #expect(finished, "a thread did not finish: a deadlock")
    let settled = Door()
    store.whenIdle(includingEffects: true) { settled.open() }
    #expect(
      await settled.opened(), "effects still running: \(store.runningEffects.count)")
    #expect(store.runningEffects.isEmpty)
    let applied = store.state.applied.filter { $0 == 1 }.count
    #expect(applied <= attempts.current, "only dispatches the effects made were applied")
    #expect(store.state.value == applied, "every applied action was reduced once")
  }
}
