import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Testing

/// Leak checks that LeakTests and SubscriptionTests do not already make: middleware, thunks,
/// closures released with their store, and churn of every kind of subscription while
/// dispatching.
@Suite("ModelBased leaks: middleware, thunks and subscriptions are freed with their owners")
struct ModelBasedLeakTests {
  @Test("a store with middleware and subscriptions is freed, and so is what they captured")
  func storeWithMiddlewareIsFreed() {
    var captured: Tracked? = Tracked("middleware")
    weak let weakCaptured = captured
    var inSubscriber: Tracked? = Tracked("subscriber")
    weak let weakInSubscriber = inSubscriber
    var store: Store<Counter>? = Store(
      state: Counter(), reducer: counterReducer(),
      middleware: [
        Middleware<Counter> { [captured] action, context in
          _ = captured
          context.next(action)
        }
      ])
    weak let weakStore = store
    store?.subscribe { [inSubscriber] _, _ in _ = inSubscriber }
    store?.subscribe(to: [1]) { [weak store] _, _ in _ = store?.state }
    store?.dispatch(Action(type: 1))
    store?.dispatch(Thunk<Counter> { context in context.dispatch(Action(type: 2)) })
    #expect(store?.state.applied == [1, 2])
    captured = nil
    inSubscriber = nil
    store = nil
    #expect(weakStore == nil)
    #expect(weakCaptured == nil)
    #expect(weakInSubscriber == nil)
  }

  @Test("a store with middleware is freed while its reducer still holds finish")
  func pendingReducerWithMiddleware() {
    let held = Locked<Finish<Counter>?>(nil)
    let log = DiagnosticLog()
    var store: Store<Counter>? = Store(
      state: Counter(),
      reducer: Reducer<Counter> { _, _, finish in held.withLock { $0 = finish } },
      middleware: [Middleware<Counter> { action, context in context.next(action) }],
      reducerTimeout: .zero, diagnostics: log.handler)
    weak let weakStore = store
    let completed = Locked(0)
    store?.dispatch(Action(type: 1)) { _ in completed.withLock { $0 += 1 } }
    store?.dispatch(Action(type: 2)) { _ in completed.withLock { $0 += 1 } }
    store = nil
    #expect(weakStore == nil)
    // The store is gone, but work already under way completes: finishing action 1 runs action 2,
    // whose finish is then let go; both completions are called, none is lost.
    held.current?(Counter(value: 1))
    held.withLock { $0 = nil }
    #expect(completed.current == 2)
    #expect(log.entries.current.map(\.actionType) == [2])
    #expect(log.kinds == [.finishReleasedWithoutCall])
  }

  @Test("a completion dropped by middleware is called once and then released")
  func droppedCompletionIsReleased() {
    let store = Store(
      state: Counter(), reducer: counterReducer(),
      middleware: [Middleware<Counter> { _, _ in }])  // drops every action
    var captured: Tracked? = Tracked("completion")
    weak let weakCaptured = captured
    let calls = Locked(0)
    store.dispatch(Action(type: 1)) { [captured] _ in
      _ = captured
      calls.withLock { $0 += 1 }
    }
    captured = nil
    #expect(calls.current == 1)
    #expect(weakCaptured == nil)
    #expect(store.state.applied == [])
  }

  @Test("subscriber closures are released when their store is freed, not only on cancel")
  func closuresReleasedWithStore() {
    var captured: Tracked? = Tracked("closure")
    weak let weakCaptured = captured
    var owner: Tracked? = Tracked("owner")
    var store: Store<Counter>? = Store(state: Counter(), reducer: counterReducer())
    store?.subscribe { [captured] _, _ in _ = captured }
    store?.subscribe(to: [1, 2]) { [captured] _, _ in _ = captured }
    if let owner { store?.subscribe(owner: owner) { [captured] _, _, _ in _ = captured } }
    captured = nil
    #expect(weakCaptured != nil)
    store = nil
    #expect(weakCaptured == nil)
    owner = nil
  }

  @Test("100,000 rounds of mixed subscribe and cancel with dispatches leave storage bounded")
  func mixedChurnWithDispatch() async {
    let store = Store(state: Counter(), reducer: valueOnlyReducer())
    let steady = Locked(0)
    let keep = store.subscribe { _, _ in steady.withLock { $0 += 1 } }
    let owner = Tracked("steady owner")
    store.subscribe(owner: owner, to: [1]) { _, _, _ in }
    // Seconds of work under a sanitizer: a stress run, off the cooperative pool.
    let dispatched = await stressRun {
      var dispatched = 0
      for round in 0..<100_000 {
        let subscription: Subscription
        switch round % 4 {
        case 0: subscription = store.subscribe { _, _ in }
        case 1: subscription = store.subscribe(to: [1, 2]) { _, _ in }
        case 2:
          let transient = Tracked("transient")
          subscription = store.subscribe(owner: transient) { _, _, _ in }
        default: subscription = store.subscribe(to: [3]) { _, _ in }
        }
        if round.isMultiple(of: 7) {
          store.dispatch(Action(type: 1 + round % 3))
          dispatched += 1
        }
        if round.isMultiple(of: 2) {
          subscription.cancel()
        } else {
          store.unsubscribe(subscription)
        }
      }
      return dispatched
    }
    #expect(store.subscriberCount == 2)
    #expect(store.subscriberSlotCount <= 2 * 2 + 2 * 34)
    #expect(steady.current == dispatched)
    #expect(store.state.value == dispatched)
    withExtendedLifetime((keep, owner)) {}
  }
}
