import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Testing

/// A counter store whose reducer holds `finish` for actions of type 1 in `held` (the test
/// finishes them later), with the thunks middleware and then `probe`.
/// A middleware that opens `door` once an action of type 5 (an old query's result) went
/// through the whole chain into the store's queue.
private func opening(_ door: Door) -> Middleware<Counter> {
  Middleware { action, context in
    context.next(action)
    if action.type == 5 { door.open() }
  }
}

private func slowStore(
  held: Locked<(@Sendable () -> Void)?>, probe: Middleware<Counter>
) -> Store<Counter> {
  Store(
    state: Counter(),
    reducer: Reducer { action, state, finish in
      var next = state
      next.applied.append(action.type)
      guard action.type == 1 else {
        finish(next)
        return
      }
      let committed = next
      held.withLock { $0 = { finish(committed) } }
    },
    name: "Ordering", middleware: [probe])
}

@Suite("Effects: nothing a cancelled effect dispatched reaches the reducer")
struct EffectOrderingTests {
  @Test("an old query's result queued behind a slow reducer is dropped once the new one started")
  func queuedResultOfASupersededQuery() async throws {
    let held = Locked<(@Sendable () -> Void)?>(nil)
    let queued = Door()
    let probe = opening(queued)
    let store = slowStore(held: held, probe: probe)
    let oldOutcome = Locked<ActionOutcome?>(nil)
    store.dispatch(Action(type: 1))  // the reducer holds it: the store stays busy
    #expect(held.current != nil)
    store.dispatch(
      .effect(id: SearchID(), cancelInFlight: true) { context in
        let result = await context.send(Action(type: 5, data: "old"))
        oldOutcome.withLock { $0 = result.outcome }
      })
    #expect(await queued.opened())
    // The new query starts while the old result waits in the queue.
    store.dispatch(
      .effect(id: SearchID(), cancelInFlight: true) { context in
        context.dispatch(Action(type: 6, data: "new"))
      })
    held.current?()
    held.withLock { $0 = nil }  // the reducer holds it and it holds the store: a cycle
    try await store.waitUntilIdle(timeout: .seconds(hangBound))

    #expect(store.state.applied == [1, 6], "the old result never reached the reducer")
    #expect(oldOutcome.current?.description == "dropped(effect cancelled)")
  }

  @Test("an action a middleware holds past cancelEffects(id:) is dropped when it passes it on")
  func heldByMiddlewareAcrossTheCancellation() async throws {
    let held = Locked<(@Sendable () -> Void)?>(nil)
    let passOn = Locked<(@Sendable () -> Void)?>(nil)
    let holding = Door()
    // Holds the effect's action, as a middleware that waits for something would.
    let probe = Middleware<Counter> { action, context in
      guard action.type == 5 else {
        context.next(action)
        return
      }
      passOn.withLock { $0 = { context.next(action) } }
      holding.open()
    }
    let store = slowStore(held: held, probe: probe)
    let outcome = Locked<ActionOutcome?>(nil)
    store.dispatch(
      .effect(id: SearchID()) { context in
        let result = await context.send(Action(type: 5))
        outcome.withLock { $0 = result.outcome }
      })
    #expect(await holding.opened())
    #expect(store.cancelEffects(id: SearchID()) == 1)
    passOn.current?()  // the store is idle: the action would run at once
    passOn.withLock { $0 = nil }  // the middleware holds it and it holds the store: a cycle
    try await store.waitUntilIdle(timeout: .seconds(hangBound))

    #expect(store.state.applied.isEmpty)
    #expect(outcome.current?.description == "dropped(effect cancelled)")
  }

  @Test("a dropped action of a cancelled effect is released outside the store's lock")
  func droppedActionReleasedOutsideTheLock() async throws {
    let held = Locked<(@Sendable () -> Void)?>(nil)
    let queued = Door()
    let probe = opening(queued)
    let store = slowStore(held: held, probe: probe)
    // Set by the payload's deinit: whether another thread could take the store's lock then.
    let lockWasFree = Locked<Bool?>(nil)
    store.dispatch(Action(type: 1))  // the reducer holds it: the store stays busy
    #expect(held.current != nil)
    let ended = Door()
    store.dispatch(
      .effect(id: SearchID()) { [weak store] context in
        // Without a completion: once queued, the queue holds the only reference.
        context.dispatch(Action(type: 5, data: LockProbe(store: store, result: lockWasFree)))
        _ = await ended.opened()  // the effect runs until the test ends it
      })
    #expect(await queued.opened())
    #expect(store.cancelEffects(id: SearchID()) == 1)
    // Finishing the held action closes its round, which drops the queued one: on a thread of
    // its own, since the payload's deinit waits there for another thread's read.
    let finish = held.current
    held.withLock { $0 = nil }  // the reducer holds it and it holds the store: a cycle
    await offThePool { finish?() }
    ended.open()
    try await store.waitUntilIdle(timeout: .seconds(hangBound))

    #expect(store.state.applied == [1], "the effect's action never reached the reducer")
    #expect(lockWasFree.current == true, "the payload's deinit ran under the store's lock")
  }
}

/// A payload whose deinit checks, from another thread, that the store's lock is free: a read of
/// the store from the deinit's own thread would deadlock if it were not.
private final class LockProbe: Sendable {
  let store: Store<Counter>?
  let result: Locked<Bool?>

  init(store: Store<Counter>?, result: Locked<Bool?>) {
    self.store = store
    self.result = result
  }

  deinit {
    let read = DispatchSemaphore(value: 0)
    let store = self.store
    DispatchQueue.global().async {
      _ = store?.subscriberCount
      read.signal()
    }
    let free = read.wait(timeout: .now() + hangBound) == .success
    result.withLock { $0 = free }
  }
}
