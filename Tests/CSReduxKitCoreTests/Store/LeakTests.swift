import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Testing

@Suite("Memory: stores and subscriptions are freed when their owners let go")
struct LeakTests {
  @Test("a store with live subscriptions is freed when its owners let go")
  func storeWithSubscriptionsIsFreed() {
    var store: Store<Counter>? = Store(state: Counter(), reducer: counterReducer())
    weak let weakStore = store
    let subscriptions = (0..<3).map { index in
      store?.subscribe { _, _ in _ = index }
    }
    let typed = store?.subscribe(to: [1]) { _, _ in }
    store?.dispatch(Action(type: 1))
    store = nil
    #expect(weakStore == nil)
    #expect(subscriptions.allSatisfy { $0?.isCancelled == true })
    #expect(typed?.isCancelled == true)
    subscriptions.forEach { $0?.cancel() }  // cancelling after the store is gone is harmless
  }

  @Test("a cancelled subscription releases its closure at once")
  func cancelReleasesClosure() {
    let store = Store(state: Counter(), reducer: counterReducer())
    var captured: Tracked? = Tracked()
    weak let weakCaptured = captured
    let subscription = store.subscribe { [captured] _, _ in _ = captured }
    captured = nil
    #expect(weakCaptured != nil, "the live subscription holds its closure")
    subscription.cancel()
    #expect(weakCaptured == nil)
  }

  @Test("a subscription cancelled during a round releases its closure when the round ends")
  func cancelDuringRoundReleasesAfterRound() {
    let store = Store(state: Counter(), reducer: counterReducer())
    var captured: Tracked? = Tracked()
    weak let weakCaptured = captured
    let victim = Locked<Subscription?>(nil)
    store.subscribe { _, _ in victim.current?.cancel() }
    victim.withLock { $0 = store.subscribe { [captured] _, _ in _ = captured } }
    captured = nil
    store.dispatch(Action(type: 1))
    #expect(weakCaptured == nil)
    #expect(store.subscriberCount == 1)
  }

  @Test("a store is freed even while a reducer still holds its finish callback")
  func pendingFinishDoesNotLeakStore() {
    let held = Locked<Finish<Counter>?>(nil)
    var store: Store<Counter>? = Store(
      state: Counter(),
      reducer: Reducer<Counter> { _, _, finish in held.withLock { $0 = finish } },
      reducerTimeout: .milliseconds(1), diagnostics: { _ in })  // action 2's finish is let go
    weak let weakStore = store
    store?.dispatch(Action(type: 1))
    store?.dispatch(Action(type: 2))
    store = nil
    #expect(weakStore == nil)
    held.current?(Counter(value: 1))  // finishing for a store that is gone does nothing
    held.withLock { $0 = nil }
  }

  @Test("the store does not keep the last action or completion alive after it completed")
  func completedActionIsReleased() {
    let store = Store(state: Counter(), reducer: counterReducer())
    var payload: Tracked? = Tracked()
    weak let weakPayload = payload
    var inCompletion: Tracked? = Tracked()
    weak let weakInCompletion = inCompletion
    store.dispatch(Action(type: 1, data: payload)) { [inCompletion] _ in _ = inCompletion }
    payload = nil
    inCompletion = nil
    #expect(weakPayload == nil)
    #expect(weakInCompletion == nil)
  }

  @Test("an owner-tied subscription does not keep its owner alive")
  func ownerNotRetained() {
    let store = Store(state: Counter(), reducer: counterReducer())
    var owner: Tracked? = Tracked()
    weak let weakOwner = owner
    if let owner { store.subscribe(owner: owner) { _, _, _ in } }
    owner = nil
    #expect(weakOwner == nil)
  }
}

@Suite("Memory: the store's engine")
struct EngineLifetimeTests {
  @Test("a store freed while its reducer is still working leaves nothing behind once it finishes")
  func engineFreedAfterPendingWork() {
    let held = Locked<Finish<Counter>?>(nil)
    var marker: Tracked? = Tracked("reducer")
    weak let weakMarker = marker
    var store: Store<Counter>? = Store(
      state: Counter(),
      reducer: Reducer<Counter> { [marker] action, state, finish in
        _ = marker
        if action.type == 1 {
          held.withLock { $0 = finish }  // finishes later, after the store is gone
        } else {
          finish(state)
        }
      }, reducerTimeout: .zero)
    marker = nil
    store?.dispatch(Action(type: 1))
    store?.dispatch(Action(type: 2))  // queued behind action 1
    store = nil
    #expect(weakMarker != nil, "the pending action keeps the engine until it finishes")
    held.current?(Counter(value: 1))  // runs action 2 too, then the engine goes idle
    held.withLock { $0 = nil }
    #expect(weakMarker == nil)
  }

  @Test("a store freed by its own subscriber mid-round calls no later subscriber, then frees them")
  func storeFreedDuringRound() {
    // The round runs from the finish call below, which holds no reference to the store, so
    // the first subscriber's release frees the store while the round still has nine entries
    // to go through.
    let fixture = MidRoundFixture { storeBox in storeBox.withLock { $0 = nil } }
    fixture.held.current?(Counter(value: 1))
    fixture.held.withLock { $0 = nil }
    fixture.expectStoreWentAwayMidRound()
  }

  @Test("a store freed mid-round by a subscriber filtered on the action calls no later one")
  func storeFreedDuringFilteredRound() {
    // Nobody takes every action: the round reads the type's own bucket in place, which the
    // store's going away must leave as it is until the round ends.
    let fixture = MidRoundFixture(filter: [1]) { storeBox in storeBox.withLock { $0 = nil } }
    fixture.held.current?(Counter(value: 1))
    fixture.held.withLock { $0 = nil }
    fixture.expectStoreWentAwayMidRound()
  }

  @Test("a store freed on another thread while its round runs calls no later subscriber")
  func storeFreedByAnotherThreadDuringRound() {
    let inRound = DispatchSemaphore(value: 0)
    let storeReleased = DispatchSemaphore(value: 0)
    let roundDone = DispatchSemaphore(value: 0)
    let fixture = MidRoundFixture { _ in
      inRound.signal()
      storeReleased.wait()
    }
    let finish = fixture.held.withLock { finish in finish.take() }
    DispatchQueue.global().async {
      finish?(Counter(value: 1))  // the round runs on this thread
      roundDone.signal()
    }
    inRound.wait()  // the round has started and waits in its first subscriber
    fixture.storeBox.withLock { $0 = nil }  // frees the store on this thread, mid-round
    storeReleased.signal()
    roundDone.wait()
    fixture.expectStoreWentAwayMidRound()
  }

  @Test("an idle store's engine and reducer are freed with the store")
  func engineFreedWithStore() {
    var marker: Tracked? = Tracked("reducer")
    weak let weakMarker = marker
    var store: Store<Counter>? = Store(
      state: Counter(),
      reducer: Reducer<Counter> { [marker] _, state, finish in
        _ = marker
        finish(state)
      })
    marker = nil
    store?.dispatch(Action(type: 1))
    store = nil
    #expect(weakMarker == nil)
  }

  @Test("a state a reducer replaced, and its outcome, are released once committed")
  func replacedStateIsReleased() {
    struct Holder: StateProtocol {
      var marker: Tracked?
    }
    var first: Tracked? = Tracked("first")
    weak let weakFirst = first
    var second: Tracked? = Tracked("second")
    weak let weakSecond = second
    let store = Store(
      state: Holder(marker: first),
      reducer: Reducer<Holder> { action, _, finish in
        // Finishes before returning: the outcome goes through the store's finish box.
        finish(Holder(marker: action.data as? Tracked))
      })
    first = nil
    store.dispatch(Action(type: 1, data: second))
    second = nil
    // The committed state holds the second marker, and nothing holds the first any more.
    #expect(weakFirst == nil)
    #expect(store.state.marker === weakSecond)
    store.dispatch(Action(type: 1))
    // Neither the box nor anything else kept a copy of the outcome that held the second.
    #expect(weakSecond == nil)
  }
}

/// A store held only by `storeBox`, whose reducer keeps `finish` in `held`, with ten
/// subscribers: `first`, then nine that count their calls in `later` and capture a tracked
/// object. One action has been dispatched and awaits `finish`.
private struct MidRoundFixture {
  let held = Locked<Finish<Counter>?>(nil)
  let storeBox: Locked<Store<Counter>?>
  let later = Locked(0)
  let subscriptions: [Subscription?]
  weak var store: Store<Counter>?
  weak var captured: Tracked?

  /// Every subscriber takes the actions `filter` lets through; the fixture dispatches type 1.
  init(
    filter: ActionFilter = .all, first: @escaping @Sendable (Locked<Store<Counter>?>) -> Void
  ) {
    let held = self.held
    let storeBox = Locked<Store<Counter>?>(
      Store(
        state: Counter(),
        reducer: Reducer<Counter> { _, _, finish in held.withLock { $0 = finish } },
        diagnostics: ignoringReducerTimeouts))
    self.storeBox = storeBox
    store = storeBox.current
    let later = self.later
    let captured = Tracked("subscriber")
    self.captured = captured
    var subscriptions = [storeBox.current?.subscribe(to: filter) { _, _ in first(storeBox) }]
    for _ in 0..<9 {
      subscriptions.append(
        storeBox.current?.subscribe(to: filter) { [captured] _, _ in
          _ = captured
          later.withLock { $0 += 1 }
        })
    }
    self.subscriptions = subscriptions
    storeBox.current?.dispatch(Action(type: 1))
  }

  /// Checks the round after the store went away during it: no later subscriber was called,
  /// every subscription is cancelled, and the round's end released the subscribers.
  func expectStoreWentAwayMidRound() {
    #expect(store == nil)
    #expect(later.current == 0, "the store went away first: the rest of its round is cancelled")
    #expect(subscriptions.allSatisfy { $0?.isCancelled == true })
    #expect(captured == nil, "the round's end released the subscribers the store dropped")
  }
}
