import CSReduxKit
import CSReduxKitTestSupport
import CSReduxKitTesting
import Dispatch
import Foundation
import Testing

struct ProfileLoad: Hashable, Sendable {
  var user = 7
}

/// A tally store that runs thunks.
func effectStore() -> Store<Tally> {
  Store(state: Tally(), reducer: tallyReducer, name: "Profile")
}

/// Starts an effect that waits at `door`, then notes "loaded"; returns once it has started.
func startLoad(
  _ store: Store<Tally>, waitingAt door: Door, line: Int = 12
) async {
  let started = Door()
  store.dispatch(
    Thunk<Tally>.effect(id: ProfileLoad(), fileID: "Profile.swift", line: line) { context in
      started.open()
      await door.wait()
      context.dispatch(Action(TallyAction.note, data: "loaded"))
    })
  _ = await started.opened()
}

/// A stand-in for a service the example loads from.
func savedCount() async throws -> Int {
  3
}

// example: testing-effects
@Test("a load started by a thunk")
func load() async throws {
  let store = Store(
    state: CounterState(), reducer: CounterReducer())
  store.dispatch(
    .effect(id: "load") { context in
      let saved = try await savedCount()
      context.dispatch(Action(CounterAction.add, data: saved))
    })
  try await store.expectNoRunningEffects(timeout: .seconds(30))
  #expect(store.state.count == 3)
}
// end-example

@Suite("Effects in tests: waiting for them and requiring that none is left running")
struct StoreEffectsTests {
  @Test("expectNoRunningEffects names each effect still running: identity and thunk")
  func namesTheRunningEffect() async throws {
    let store = effectStore()
    let release = Door()
    await startLoad(store, waitingAt: release)

    let error = await expectationError {
      try await store.expectNoRunningEffects(timeout: .zero)
    }
    #expect(error?.kind == .effectsStillRunning)
    #expect(
      error?.message
        == "1 effect still running in the store 'Profile' after 0.0 seconds: effect "
        + "CSReduxKitTestingTests.ProfileLoad(user: 7) started by "
        + "Thunk(id: CSReduxKitTestingTests.ProfileLoad(user: 7), Profile.swift:12)")
    #expect(error?.description.hasPrefix("CSReduxKitTestingTests/StoreEffectsTests.swift:") == true)

    release.open()
    try await store.expectNoRunningEffects(timeout: .seconds(300))
    #expect(store.state.notes == ["loaded"])
  }

  @Test("a failing expectNoRunningEffects is a test failure when recorded")
  func recordedFailure() async throws {
    let store = effectStore()
    let release = Door()
    await startLoad(store, waitingAt: release)
    await withKnownIssue {
      do {
        try await store.expectNoRunningEffects(timeout: .zero)
      } catch let error as StoreExpectationError {
        error.record()
      } catch {
        Issue.record("unexpected error \(error)")
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("ProfileLoad(user: 7)") }
    }
    release.open()
    try await store.waitUntilIdle(timeout: .seconds(300))
  }

  @Test("waitUntilIdle waits for effects, and its timeout names them")
  func asyncIdleWaitsForEffects() async throws {
    let store = effectStore()
    let release = Door()
    await startLoad(store, waitingAt: release)

    let error = await idleWaitError {
      try await store.waitUntilIdle(timeout: .milliseconds(20))
    }
    #expect(error?.kind == .timedOut)
    #expect(error?.description.contains("effects still running: effect ") == true)
    #expect(error?.description.contains("Profile.swift:12") == true)
    try await store.waitUntilIdle(timeout: .zero, includingEffects: false)

    release.open()
    try await store.waitUntilIdle(timeout: .seconds(300))
    #expect(store.state.notes == ["loaded"])
    #expect(store.runningEffects.isEmpty)
  }

  @Test("the blocking waits, on a thread of their own, wait for effects too")
  func blockingWaits() async throws {
    let store = effectStore()
    let release = Door()
    await startLoad(store, waitingAt: release)

    let whileRunning = Locked<(IdleWaitError?, StoreExpectationError?)>((nil, nil))
    let firstDone = Door()
    Thread {
      let idle = idleWaitError { try store.waitUntilIdle(timeout: .milliseconds(20)) }
      let none = expectationError { try store.expectNoRunningEffects(timeout: .zero) }
      whileRunning.withLock { $0 = (idle, none) }
      firstDone.open()
    }.start()
    #expect(await firstDone.opened())
    let (idle, none) = whileRunning.withLock { $0 }
    #expect(idle?.kind == .timedOut)
    #expect(none?.kind == .effectsStillRunning)

    release.open()
    let after = Locked<[String]?>(nil)
    let secondDone = Door()
    Thread {
      do {
        try store.waitUntilIdle(timeout: .seconds(300))
        try store.expectNoRunningEffects(timeout: .seconds(300))
        after.withLock { $0 = store.state.notes }
      } catch {
        Issue.record("the blocking waits failed: \(error)")
      }
      secondDone.open()
    }.start()
    #expect(await secondDone.opened())
    #expect(after.withLock { $0 } == ["loaded"])
  }

  @Test("an exhaustive expect waits for the effects its action started and reports what they add")
  func exhaustiveExpectWaitsForStartedEffects() async throws {
    let committed = Door()
    let loading = Middleware<Tally> { action, context in
      context.next(action)
      guard action.type == TallyAction.add.rawValue else { return }
      context.dispatch(
        Thunk<Tally>.effect(id: ProfileLoad()) { context in
          await committed.wait()
          context.dispatch(Action(TallyAction.note, data: "loaded"))
        })
    }
    let store = Store(
      state: Tally(), reducer: tallyReducer, name: "Profile", middleware: [loading])
    store.subscribe(to: .cases(TallyAction.add)) { _, _ in committed.open() }

    let error = await expectationError {
      try await store.expect(
        dispatching: Action(TallyAction.add, data: 1), timeout: .seconds(300)
      ) { $0.value = 1 }
    }
    #expect(error?.kind == .unexpectedActions, "\(error.map(String.init(describing:)) ?? "")")
    #expect(store.state.notes == ["loaded"])
  }

  @Test("an expect does not wait for effects started before its action")
  func expectIgnoresEarlierEffects() async throws {
    let store = effectStore()
    let release = Door()
    await startLoad(store, waitingAt: release)
    try await store.expect(dispatching: Action(TallyAction.add, data: 2), timeout: .seconds(300)) {
      $0.value = 2
    }
    #expect(store.runningEffects.count == 1)
    release.open()
    try await store.expectNoRunningEffects(timeout: .seconds(300))
  }
}
