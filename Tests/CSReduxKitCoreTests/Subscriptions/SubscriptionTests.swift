import CSReduxKitCore
import CSReduxKitTestSupport
import Testing

@Suite("Subscriptions: order, filters, cancellation and owners")
struct SubscriptionTests {
  @Test("every subscriber is called once per action, in subscription order")
  func subscriptionOrder() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let log = Locked<[String]>([])
    for name in ["a", "b", "c", "d"] {
      store.subscribe { action, _ in log.append("\(name)\(action.type)") }
    }
    store.dispatch(Action(type: 1))
    store.dispatch(Action(type: 2))
    #expect(log.current == ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"])
  }

  @Test("filtered and unfiltered subscribers keep subscription order together")
  func mixedOrder() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let log = Locked<[String]>([])
    store.subscribe(to: [2]) { _, _ in log.append("two-first") }
    store.subscribe { _, _ in log.append("all") }
    store.subscribe(to: [1, 2]) { _, _ in log.append("one-or-two") }
    store.subscribe(to: .cases(CounterAction.add)) { _, _ in log.append("add-enum") }
    store.dispatch(Action(type: 2))
    store.dispatch(Action(type: 1))
    #expect(
      log.current == ["two-first", "all", "one-or-two", "add-enum", "all", "one-or-two"])
  }

  @Test("a filtered subscriber only receives its action types")
  func typeFilter() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let seen = Locked<[Int]>([])
    store.subscribe(to: [2, 3]) { action, _ in seen.append(action.type) }
    for type in [1, 2, 3, 4, 2, 1] { store.dispatch(Action(type: type)) }
    #expect(seen.current == [2, 3, 2])
  }

  @Test("filters on small, large and negative types route alike, and cancelling drops them")
  func typeFilterAllRanges() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let seen = Locked<[Int]>([])
    let types = [0, 7, 4_095, 4_096, 1 << 40, -1, Int.min + 2]
    let subscriptions = types.map { type in
      store.subscribe(to: [type, type == 7 ? 4_096 : type]) { action, _ in
        seen.append(action.type)
      }
    }
    for type in types + [8, 4_097, -2] { store.dispatch(Action(type: type)) }
    #expect(seen.current == [0, 7, 4_095, 4_096, 4_096, 1 << 40, -1, Int.min + 2])
    for subscription in subscriptions { subscription.cancel() }
    #expect(store.subscriberSlotCount == 0)
    for type in types { store.dispatch(Action(type: type)) }
    #expect(seen.current.count == 8)
  }

  @Test("a subscription to no types is never called")
  func emptyFilter() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let calls = Locked(0)
    store.subscribe(to: []) { _, _ in calls.withLock { $0 += 1 } }
    store.dispatch(Action(type: 1))
    #expect(calls.current == 0)
  }

  @Test("every dispatch notifies, even when the state did not change")
  func notifiesWithoutChange() {
    let store = Store(
      state: Counter(), reducer: Reducer<Counter> { _, state, finish in finish(state) })
    let calls = Locked(0)
    store.subscribe { _, _ in calls.withLock { $0 += 1 } }
    store.dispatch(Action(type: 1))
    store.dispatch(Action(type: 1))
    #expect(calls.current == 2)
  }

  @Test("a subscriber gets the action and the state committed for it")
  func receivesActionAndState() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let seen = Locked<[String]>([])
    store.subscribe { [weak store] action, state in
      seen.append("\(action.type):\(state.value):\(store?.state.value ?? -1)")
    }
    store.dispatch(Action(type: 2, data: 40))
    // `store.state` inside the subscriber is already the committed state.
    #expect(seen.current == ["2:40:40"])
  }

  @Test("a subscriber added during a notification round starts with the next action")
  func addedDuringRound() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let log = Locked<[String]>([])
    let added = Locked(false)
    store.subscribe { [weak store] action, _ in
      log.append("outer \(action.type)")
      let first = added.withLock { flag -> Bool in
        defer { flag = true }
        return !flag
      }
      if first {
        store?.subscribe { action, _ in log.append("inner \(action.type)") }
      }
    }
    store.dispatch(Action(type: 1))
    store.dispatch(Action(type: 2))
    #expect(log.current == ["outer 1", "outer 2", "inner 2"])
  }

  @Test("a subscriber cancelled during a round is not called later in that round")
  func cancelledDuringRound() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let log = Locked<[String]>([])
    let victim = Locked<Subscription?>(nil)
    store.subscribe { action, _ in
      log.append("first \(action.type)")
      victim.current?.cancel()
    }
    victim.withLock { $0 = store.subscribe { action, _ in log.append("second \(action.type)") } }
    store.dispatch(Action(type: 1))
    store.dispatch(Action(type: 2))
    #expect(log.current == ["first 1", "first 2"])
  }

  @Test("filtered subscribers changed in bulk during their round change from the next action")
  func filteredChurnDuringRound() {
    // Enough cancellations to squeeze the bucket's holes out and enough additions to grow its
    // array, were they applied during the round that reads the bucket.
    for type in [3, 1 << 40] {
      let store = Store(state: Counter(), reducer: counterReducer())
      let log = Locked<[String]>([])
      let victims = Locked<[Subscription]>([])
      let churned = Locked(false)
      store.subscribe(to: [type]) { [weak store] _, _ in
        log.append("first")
        guard let store, !churned.current else { return }
        churned.withLock { $0 = true }
        for subscription in victims.current { subscription.cancel() }
        for index in 0..<40 {
          store.subscribe(to: [type]) { _, _ in log.append("new \(index)") }
        }
      }
      victims.withLock { victims in
        for index in 0..<40 {
          victims.append(store.subscribe(to: [type]) { _, _ in log.append("victim \(index)") })
        }
      }
      store.dispatch(Action(type: type))
      #expect(log.current == ["first"])
      store.dispatch(Action(type: type))
      #expect(log.current == ["first", "first"] + (0..<40).map { "new \($0)" })
      #expect(store.subscriberCount == 41)
    }
  }

  @Test("a subscriber may cancel itself")
  func cancelsItself() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let calls = Locked(0)
    let me = Locked<Subscription?>(nil)
    me.withLock {
      $0 = store.subscribe { _, _ in
        calls.withLock { $0 += 1 }
        me.current?.cancel()
      }
    }
    store.dispatch(Action(type: 1))
    store.dispatch(Action(type: 1))
    #expect(calls.current == 1)
    #expect(me.current?.isCancelled == true)
    #expect(store.subscriberCount == 0)
  }

  @Test("after cancel returns, the subscriber is never called again")
  func cancelStopsCalls() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let calls = Locked(0)
    let subscription = store.subscribe { _, _ in calls.withLock { $0 += 1 } }
    store.dispatch(Action(type: 1))
    subscription.cancel()
    store.dispatch(Action(type: 1))
    #expect(calls.current == 1)
    #expect(subscription.isCancelled)
  }

  @Test("cancel and unsubscribe are idempotent")
  func idempotentCancel() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let first = store.subscribe { _, _ in }
    let second = store.subscribe { _, _ in }
    #expect(store.subscriberCount == 2)
    first.cancel()
    first.cancel()
    store.unsubscribe(first)
    #expect(store.subscriberCount == 1)
    store.unsubscribe(second)
    store.unsubscribe(second)
    second.cancel()
    #expect(store.subscriberCount == 0)
  }

  @Test("the same closure subscribed twice is two subscriptions")
  func sameClosureTwice() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let calls = Locked(0)
    let body: @Sendable (any ActionProtocol, Counter) -> Void = { _, _ in
      calls.withLock { $0 += 1 }
    }
    let first = store.subscribe(body)
    let second = store.subscribe(body)
    #expect(first != second)
    store.dispatch(Action(type: 1))
    #expect(calls.current == 2)
    first.cancel()
    store.dispatch(Action(type: 1))
    #expect(calls.current == 3)
  }

  @Test("the subscriber count goes 0, 1, 0 around subscribe and unsubscribe (Redux-iOS seed)")
  func reduxIOSSubscriberCount() {
    let store = Store(state: Counter(), reducer: counterReducer())
    #expect(store.subscriberCount == 0)
    let subscription = store.subscribe { _, _ in }
    #expect(store.subscriberCount == 1)
    store.unsubscribe(subscription)
    #expect(store.subscriberCount == 0)
  }

  @Test("unsubscribe with another store's subscription is reported and cancels nothing")
  func foreignUnsubscribe() {
    let log = DiagnosticLog()
    let store = Store(
      state: Counter(), reducer: counterReducer(), name: "Mine", diagnostics: log.handler)
    let other = Store(state: Counter(), reducer: counterReducer())
    let theirs = other.subscribe { _, _ in }
    store.unsubscribe(theirs)
    #expect(!theirs.isCancelled)
    #expect(log.kinds == [.foreignSubscription])
    #expect(log.entries.current.first?.description.contains("Mine") == true)
  }

  @Test("a subscription tied to an owner ends when the owner goes away")
  func ownerTiedSubscription() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let seen = Locked<[String]>([])
    var owner: Tracked? = Tracked("view")
    weak let weakOwner = owner
    let subscription = store.subscribe(owner: owner ?? Tracked()) { owner, action, _ in
      seen.append("\(owner.name) \(action.type)")
    }
    store.dispatch(Action(type: 1))
    owner = nil
    #expect(weakOwner == nil, "the store must not keep the owner alive")
    store.dispatch(Action(type: 2))
    store.dispatch(Action(type: 3))
    #expect(seen.current == ["view 1"])
    #expect(subscription.isCancelled)
    #expect(store.subscriberCount == 0)
  }

  @Test("an owner-tied subscription can filter action types")
  func ownerTiedFiltered() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let seen = Locked<[Int]>([])
    let owner = Tracked()
    store.subscribe(owner: owner, to: [2]) { _, action, _ in seen.append(action.type) }
    for type in [1, 2, 3, 2] { store.dispatch(Action(type: type)) }
    #expect(seen.current == [2, 2])
    withExtendedLifetime(owner) {}
  }

  @Test("an owner-tied subscription can name its action types as enum cases")
  func ownerTiedEnumCases() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let seen = Locked<[Int]>([])
    let owner = Tracked()
    store.subscribe(owner: owner, to: .cases(CounterAction.add, .reset)) { _, action, _ in
      seen.append(action.type)
    }
    for type in [1, 2, 3, 1, 3] { store.dispatch(Action(type: type)) }
    #expect(seen.current == [2, 3, 3])
    withExtendedLifetime(owner) {}
  }

  @Test("a custom store can vend subscriptions that run a cancel handler once")
  func customSubscription() {
    let cancels = Locked(0)
    let subscription = Subscription { cancels.withLock { $0 += 1 } }
    #expect(!subscription.isCancelled)
    subscription.cancel()
    subscription.cancel()
    #expect(subscription.isCancelled)
    #expect(cancels.current == 1)
  }

  @Test("subscriptions hash and compare by identity")
  func identity() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let a = store.subscribe { _, _ in }
    let b = store.subscribe { _, _ in }
    #expect(Set([a, b, a]).count == 2)
    #expect(a.description.hasPrefix("Subscription(#"))
  }

  @Test("subscribe and cancel churn leaves no growth in subscriber storage")
  func churnDoesNotGrow() async {
    let store = Store(state: Counter(), reducer: counterReducer())
    let keep = (0..<10).map { _ in store.subscribe { _, _ in } }
    let typedKeep = store.subscribe(to: [1, 2]) { _, _ in }
    // Seconds of work under a sanitizer: a stress run, off the cooperative pool.
    await stressRun {
      for round in 0..<100_000 {
        let subscription =
          round.isMultiple(of: 2)
          ? store.subscribe { _, _ in } : store.subscribe(to: [1, 2]) { _, _ in }
        subscription.cancel()
      }
    }
    #expect(store.subscriberCount == 11)
    // Storage is squeezed as holes accumulate: bounded by the live subscribers plus slack.
    #expect(store.subscriberSlotCount <= 11 * 2 + 2 * 34)
    store.dispatch(Action(type: 1))
    withExtendedLifetime((keep, typedKeep)) {}
  }
}

@Suite("Subscribing and reading the state atomically")
struct SubscribeReadingStateTests {
  /// What one subscription was given, and the first commit it saw.
  struct Probe: Sendable {
    let given: Int
    let firstSeen: Locked<Int?>
  }

  @Test("the first commit a subscriber sees is the one right after the state it was given")
  func noCommitFallsBetween() async {
    let store = Store(state: Counter(), reducer: valueOnlyReducer())
    let probes = Locked<[(Probe, Subscription)]>([])
    let subscribing = Locked(true)
    let dispatched = Locked(0)
    await onThreads(2) { thread in
      if thread == 0 {
        // Commit continuously for as long as the other thread subscribes (bounded).
        var count = 0
        while subscribing.current, count < 5_000_000 {
          store.dispatch(Action(type: 1))
          count += 1
        }
        dispatched.withLock { $0 = count }
      } else {
        defer { subscribing.withLock { $0 = false } }
        for _ in 0..<2_000 {
          let firstSeen = Locked<Int?>(nil)
          let (subscription, state) = store.subscribeReadingState { _, state in
            firstSeen.withLock { $0 = $0 ?? state.value }
          }
          probes.append((Probe(given: state.value, firstSeen: firstSeen), subscription))
        }
      }
    }
    #expect(store.state.value == dispatched.current)
    for (probe, subscription) in probes.current {
      subscription.cancel()
      // A subscription made after the last commit sees none; any other sees the next one.
      if let seen = probe.firstSeen.current { #expect(seen == probe.given + 1) }
    }
  }
}
