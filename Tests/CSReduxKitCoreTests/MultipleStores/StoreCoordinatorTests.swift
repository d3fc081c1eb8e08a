import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Testing

/// Records, per store, the action types and `Int` payloads its subscribers saw.
private func record(
  _ stores: [Store<Module>], into log: Locked<[String]>
) -> [Subscription] {
  stores.map { store in
    let name = store.name
    return store.subscribe { action, _ in
      log.append("\(name):\(action.type):\(action.data.map { "\($0)" } ?? "-")")
    }
  }
}

@Suite("StoreCoordinator: broadcasting to several stores")
struct CoordinatorBroadcastTests {
  @Test("a broadcast reaches every registered store, in registration order")
  func registrationOrder() {
    let stores = ["A", "B", "C"].map { moduleStore($0) }
    let coordinator = StoreCoordinator()
    for store in [stores[1], stores[0], stores[2]] { coordinator.register(store) }
    let log = Locked<[String]>([])
    let subscriptions = record(stores, into: log)
    coordinator.broadcast(Action(ModuleAction.add, data: 5))
    #expect(log.current == ["B:10:5", "A:10:5", "C:10:5"])
    #expect(stores.map(\.state.value) == [5, 5, 5])
    #expect(coordinator.storeNames == ["B", "A", "C"])
    subscriptions.forEach { $0.cancel() }
  }

  @Test("sign out resets every module store through each module's own reset action")
  func signOut() {
    enum AppAction: Int { case signOut = 1000 }
    let stores = ["Todo", "Settings", "Game"].map { moduleStore($0) }
    let untouched = moduleStore("Untouched")
    let coordinator = StoreCoordinator()
    for store in stores {
      coordinator.register(store) { action in
        action.type == AppAction.signOut.rawValue ? Action(ModuleAction.reset) : nil
      }
    }
    coordinator.register(untouched) { _ in nil }
    for store in stores + [untouched] {
      store.dispatch(Action(ModuleAction.add, data: 3))
      store.dispatch(Action(ModuleAction.note, data: "signed in"))
    }
    coordinator.broadcast(Action(AppAction.signOut))
    #expect(stores.map(\.state) == [Module(), Module(), Module()])
    #expect(untouched.state == Module(value: 3, note: "signed in"))
  }

  @Test("each store keeps its own FIFO order: a broadcast queues behind pending actions")
  func perStoreFIFO() async {
    let gate = DispatchQueue(label: "gate")
    gate.suspend()
    let slow = moduleStore("Slow", finishOn: gate)
    let fast = moduleStore("Fast")
    let coordinator = StoreCoordinator()
    coordinator.register(slow)
    coordinator.register(fast)
    let log = Locked<[String]>([])
    let subscriptions = record([slow, fast], into: log)
    let done = Latch(count: 2)
    slow.dispatch(Action(ModuleAction.add, data: 1)) { _ in done.open() }
    coordinator.broadcast(Action(ModuleAction.setValue, data: 9))
    #expect(log.current == ["Fast:11:9"], "the fast store did not wait for the slow one")
    slow.dispatch(Action(ModuleAction.add, data: 2)) { _ in done.open() }
    gate.resume()
    await done.wait()
    #expect(log.current == ["Fast:11:9", "Slow:10:1", "Slow:11:9", "Slow:10:2"])
    #expect(slow.state.value == 11)
    subscriptions.forEach { $0.cancel() }
  }

  @Test("a broadcast made by a subscriber is delivered after the current one reached every store")
  func nestedBroadcast() {
    let stores = ["A", "B", "C"].map { moduleStore($0) }
    let coordinator = StoreCoordinator()
    for store in stores { coordinator.register(store) }
    let log = Locked<[String]>([])
    let subscriptions = record(stores, into: log)
    let nested = stores[0].subscribe(to: .cases(ModuleAction.note)) { [weak coordinator] _, _ in
      coordinator?.broadcast(Action(ModuleAction.add, data: 1))
    }
    coordinator.broadcast(Action(ModuleAction.note, data: "x"))
    #expect(
      log.current == [
        "A:13:x", "B:13:x", "C:13:x", "A:10:1", "B:10:1", "C:10:1",
      ])
    nested.cancel()
    subscriptions.forEach { $0.cancel() }
  }

  @Test("broadcasts from four threads reach every store in one and the same order")
  func concurrentBroadcasts() async {
    let stores = ["A", "B", "C"].map { moduleStore($0) }
    let coordinator = StoreCoordinator()
    for store in stores { coordinator.register(store) }
    let seen = stores.map { _ in Locked<[Int]>([]) }
    let subscriptions = zip(stores, seen).map { store, seen in
      store.subscribe { action, _ in seen.append((action.data as? Int) ?? -1) }
    }
    await onThreadsBounded(4) { thread in
      for index in 0..<100 {
        coordinator.broadcast(Action(ModuleAction.add, data: thread * 1000 + index))
      }
    }
    let orders = seen.map(\.current)
    #expect(orders[0].count == 400)
    #expect(Set(orders[0]).count == 400)
    #expect(orders[1] == orders[0])
    #expect(orders[2] == orders[0])
    subscriptions.forEach { $0.cancel() }
  }

  @Test("registering again keeps the place and replaces translate; unregister stops broadcasts")
  func registerAgainAndUnregister() {
    let a = moduleStore("A")
    let b = moduleStore("B")
    let coordinator = StoreCoordinator()
    coordinator.register(a)
    coordinator.register(b)
    coordinator.register(a) { _ in Action(ModuleAction.add, data: 100) }
    #expect(coordinator.storeNames == ["A", "B"])
    coordinator.broadcast(Action(ModuleAction.add, data: 1))
    #expect(a.state.value == 100)
    #expect(b.state.value == 1)
    coordinator.unregister(b)
    coordinator.unregister(b)  // no effect
    coordinator.broadcast(Action(ModuleAction.add, data: 1))
    #expect(coordinator.storeNames == ["A"])
    #expect(a.state.value == 200)
    #expect(b.state.value == 1)
  }
}

@Suite("StoreCoordinator: one store following another")
struct CoordinatorFollowTests {
  @Test("a follow sends the current value, then only values that changed")
  func skipsRepeats() {
    let account = moduleStore("Account")
    let profile = moduleStore("Profile")
    let coordinator = StoreCoordinator()
    account.dispatch(Action(ModuleAction.setValue, data: 7))
    let received = Locked<[Int]>([])
    let spy = profile.subscribe(to: .cases(ModuleAction.setMirror)) { action, _ in
      received.append((action.data as? Int) ?? -1)
      #expect(action is CoordinatedAction)
    }
    coordinator.follow(account, select: { $0.value }, in: profile) { value in
      Action(ModuleAction.setMirror, data: value)
    }
    #expect(profile.state.mirror == 7)
    account.dispatch(Action(ModuleAction.note, data: "unrelated"))
    account.dispatch(Action(ModuleAction.setValue, data: 7))
    account.dispatch(Action(ModuleAction.add, data: 1))
    account.dispatch(Action(ModuleAction.add, data: 0))
    account.dispatch(Action(ModuleAction.add, data: 1))
    #expect(received.current == [7, 8, 9])
    #expect(profile.state.mirror == 9)
    spy.cancel()
  }

  @Test("a follow made with sendsInitialValue false sends only later changes")
  func withoutInitialValue() {
    let account = moduleStore("Account")
    let profile = moduleStore("Profile")
    let coordinator = StoreCoordinator()
    account.dispatch(Action(ModuleAction.setValue, data: 7))
    coordinator.follow(account, select: { $0.value }, in: profile, sendsInitialValue: false) {
      Action(ModuleAction.setMirror, data: $0)
    }
    #expect(profile.state.mirror == 0)
    account.dispatch(Action(ModuleAction.setValue, data: 7))
    #expect(profile.state.mirror == 0)
    account.dispatch(Action(ModuleAction.add))
    #expect(profile.state.mirror == 8)
  }

  @Test("a follow of an optional value sends nil as a value of its own, and skips its repeats")
  func optionalValue() {
    let account = moduleStore("Account")
    let profile = moduleStore("Profile")
    let coordinator = StoreCoordinator()
    let received = Locked<[String]>([])
    let spy = profile.subscribe(to: .cases(ModuleAction.note)) { action, _ in
      received.append((action.data as? String) ?? "?")
    }
    // nil while the value is 0: the follow's first value is nil, and later nils are repeats.
    coordinator.follow(account, select: { $0.value == 0 ? nil : $0.value }, in: profile) {
      Action(ModuleAction.note, data: $0.map(String.init) ?? "none")
    }
    account.dispatch(Action(ModuleAction.setValue, data: 0))
    account.dispatch(Action(ModuleAction.add))
    account.dispatch(Action(ModuleAction.setValue, data: 0))
    account.dispatch(Action(ModuleAction.setValue, data: 0))
    #expect(received.current == ["none", "1", "none"])
    spy.cancel()
  }

  @Test("cancelling the follow's subscription stops it")
  func cancelStops() {
    let account = moduleStore("Account")
    let profile = moduleStore("Profile")
    let coordinator = StoreCoordinator()
    let follow = coordinator.follow(account, select: { $0.value }, in: profile) {
      Action(ModuleAction.setMirror, data: $0)
    }
    account.dispatch(Action(ModuleAction.add))
    follow.cancel()
    account.dispatch(Action(ModuleAction.add))
    #expect(profile.state.mirror == 1)
    #expect(account.subscriberCount == 0)
  }

  @Test("a follow started while its source commits on another thread ends in step, in order")
  func startRacesCommits() async {
    // The start's own value and the commits' values meet in the follow's outbox: each pair
    // gives the two threads one chance to hand the target a value at the same time.
    let pairs = (0..<100).map { _ in (moduleStore("Source"), moduleStore("Target")) }
    let received = pairs.map { _ in Locked<[Int]>([]) }
    let spies = zip(pairs, received).map { pair, log in
      pair.1.subscribe(to: .cases(ModuleAction.setMirror)) { action, _ in
        log.append((action.data as? Int) ?? -1)
      }
    }
    let coordinator = StoreCoordinator()
    let finished = await onThreadsBounded(2) { thread in
      for (source, target) in pairs {
        if thread == 0 {
          for _ in 0..<20 { source.dispatch(Action(ModuleAction.add)) }
        } else {
          coordinator.follow(source, select: { $0.value }, in: target) {
            Action(ModuleAction.setMirror, data: $0)
          }
        }
      }
    }
    guard finished else { return }
    for ((source, target), log) in zip(pairs, received) {
      #expect(target.state.mirror == source.state.value)
      let values = log.current
      #expect(values == values.sorted() && Set(values).count == values.count)
    }
    spies.forEach { $0.cancel() }
  }

  @Test("a chain of follows carries the path of stores it went through")
  func path() {
    let a = moduleStore("A")
    let b = moduleStore("B")
    let c = moduleStore("C")
    let coordinator = StoreCoordinator()
    coordinator.follow(a, select: { $0.value }, in: b, sendsInitialValue: false) {
      Action(ModuleAction.setValue, data: $0)
    }
    coordinator.follow(b, select: { $0.value }, in: c, sendsInitialValue: false) {
      Action(ModuleAction.setValue, data: $0)
    }
    let paths = Locked<[[String]]>([])
    let spy = c.subscribe { action, _ in
      paths.append((action as? CoordinatedAction)?.path ?? [])
    }
    a.dispatch(Action(ModuleAction.setValue, data: 4))
    #expect(c.state.value == 4)
    #expect(paths.current == [["A", "B", "C"]])
    spy.cancel()
  }

  @Test("a follow fed by two chains gives each change the path it came along")
  func pathsOfTwoChains() {
    let a = moduleStore("A")
    let b = moduleStore("B")
    let c = moduleStore("C")
    let d = moduleStore("D")
    let coordinator = StoreCoordinator()
    for source in [a, b] {
      coordinator.follow(source, select: { $0.value }, in: c, sendsInitialValue: false) {
        Action(ModuleAction.setValue, data: $0)
      }
    }
    coordinator.follow(c, select: { $0.value }, in: d, sendsInitialValue: false) {
      Action(ModuleAction.setValue, data: $0)
    }
    let paths = Locked<[[String]]>([])
    let spy = d.subscribe { action, _ in
      paths.append((action as? CoordinatedAction)?.path ?? [])
    }
    for (step, source) in [a, a, b, a, b, b].enumerated() {
      source.dispatch(Action(ModuleAction.setValue, data: step + 1))
    }
    c.dispatch(Action(ModuleAction.setValue, data: 10))
    #expect(
      paths.current == [
        ["A", "C", "D"], ["A", "C", "D"], ["B", "C", "D"], ["A", "C", "D"], ["B", "C", "D"],
        ["B", "C", "D"], ["C", "D"],
      ])
    #expect(d.state.value == 10)
    spy.cancel()
  }

  @Test("follows that settle are not reported, however the change enters")
  func convergingIsNotACycle() {
    let log = DiagnosticLog()
    let a = moduleStore("A")
    let b = moduleStore("B")
    let coordinator = StoreCoordinator(diagnostics: log.handler)
    coordinator.follow(a, select: { $0.value }, in: b) { Action(ModuleAction.setValue, data: $0) }
    coordinator.follow(b, select: { $0.value }, in: a) { Action(ModuleAction.setValue, data: $0) }
    for step in 1...20 {
      (step.isMultiple(of: 2) ? a : b).dispatch(Action(ModuleAction.add, data: step))
    }
    #expect(a.state.value == 210)
    #expect(b.state.value == 210)
    #expect(log.kinds.isEmpty)
  }

  @Test("follows that never settle are stopped after the depth limit and reported once")
  func cycleIsReported() async {
    let log = DiagnosticLog()
    let a = moduleStore("A")
    let b = moduleStore("B")
    let coordinator = StoreCoordinator(followDepthLimit: 6, diagnostics: log.handler)
    coordinator.follow(a, select: { $0.value }, in: b, sendsInitialValue: false) {
      Action(ModuleAction.setValue, data: $0 + 1)
    }
    coordinator.follow(b, select: { $0.value }, in: a, sendsInitialValue: false) {
      Action(ModuleAction.setValue, data: $0 + 1)
    }
    let returned = Latch()
    DispatchQueue.global().async {
      a.dispatch(Action(ModuleAction.setValue, data: 1))
      returned.open()
    }
    guard await returned.wait() else { return }
    #expect(a.isIdle && b.isIdle)
    // 1 in A, then six hops: B 2, A 3, B 4, A 5, B 6, A 7; the seventh (B 8) is dropped.
    #expect(a.state.value == 7)
    #expect(b.state.value == 6)
    let reports = log.entries.current
    try? #require(reports.count == 1)
    let report = reports.first
    #expect(report?.kind == .crossStoreCycle)
    #expect(report?.storeName == "B")
    #expect(report?.actionType == ModuleAction.setValue.rawValue)
    #expect(report?.actionName == "setValue")
    #expect(report?.message.contains("A -> B -> A -> B -> A -> B -> A -> B (7 hops") == true)
    a.dispatch(Action(ModuleAction.setValue, data: 100))  // a fresh change starts a new chain
    #expect(log.kinds == [.crossStoreCycle, .crossStoreCycle])
  }

  @Test("a cycle through reducers that finish on other threads is still stopped")
  func cycleAcrossThreads() async {
    let log = DiagnosticLog()
    let a = moduleStore("A", finishOn: DispatchQueue(label: "A"))
    let b = moduleStore("B", finishOn: DispatchQueue(label: "B"))
    let coordinator = StoreCoordinator(followDepthLimit: 5, diagnostics: log.handler)
    coordinator.follow(a, select: { $0.value }, in: b, sendsInitialValue: false) {
      Action(ModuleAction.setValue, data: $0 + 1)
    }
    coordinator.follow(b, select: { $0.value }, in: a, sendsInitialValue: false) {
      Action(ModuleAction.setValue, data: $0 + 1)
    }
    let reported = log.latch(for: .crossStoreCycle)
    a.dispatch(Action(ModuleAction.setValue, data: 1))
    guard await reported.wait() else { return }
    let settled = Latch()
    a.dispatch(Action(ModuleAction.note, data: "probe")) { _ in settled.open() }
    await settled.wait()
    #expect(a.state.value == 5)
    #expect(b.state.value == 6)
    #expect(log.kinds == [.crossStoreCycle])
  }

  @Test("four threads dispatching into two stores that follow each other never deadlock")
  func noDeadlock() async {
    let log = DiagnosticLog()
    let a = moduleStore("A")
    let b = moduleStore("B")
    let coordinator = StoreCoordinator(diagnostics: log.handler)
    coordinator.follow(a, select: { $0.value }, in: b) { Action(ModuleAction.setMirror, data: $0) }
    coordinator.follow(b, select: { $0.value }, in: a) { Action(ModuleAction.setMirror, data: $0) }
    // Subscribers that dispatch into the other store too: cross-store dispatch from both sides.
    let pokeB = a.subscribe(to: .cases(ModuleAction.add)) { [weak b] _, _ in
      b?.dispatch(Action(ModuleAction.note, data: "from A"))
    }
    let pokeA = b.subscribe(to: .cases(ModuleAction.add)) { [weak a] _, _ in
      a?.dispatch(Action(ModuleAction.note, data: "from B"))
    }
    let finished = await onThreadsBounded(4) { thread in
      let store = thread < 2 ? a : b
      for _ in 0..<250 { store.dispatch(Action(ModuleAction.add)) }
    }
    guard finished else { return }
    #expect(a.isIdle && b.isIdle)
    #expect(a.state.value == 500)
    #expect(b.state.value == 500)
    #expect(a.state.mirror == 500)
    #expect(b.state.mirror == 500)
    #expect(log.kinds.isEmpty)
    pokeA.cancel()
    pokeB.cancel()
  }
}

@Suite("StoreCoordinator: lifetimes")
struct CoordinatorLifetimeTests {
  @Test("stores and the coordinator are freed when let go")
  func freedWhenLetGo() {
    weak var weakA: Store<Module>?
    weak var weakB: Store<Module>?
    weak var weakCoordinator: StoreCoordinator?
    do {
      let a = moduleStore("A")
      let b = moduleStore("B")
      let coordinator = StoreCoordinator()
      coordinator.register(a)
      coordinator.register(b)
      coordinator.follow(a, select: { $0.value }, in: b) {
        Action(ModuleAction.setMirror, data: $0)
      }
      coordinator.follow(b, select: { $0.value }, in: a) {
        Action(ModuleAction.setMirror, data: $0)
      }
      coordinator.broadcast(Action(ModuleAction.add))
      #expect(a.state.mirror == 1)
      (weakA, weakB, weakCoordinator) = (a, b, coordinator)
    }
    #expect(weakA == nil)
    #expect(weakB == nil)
    #expect(weakCoordinator == nil)
  }

  @Test("a freed store drops out of the broadcasts; the others still receive them")
  func freedStoreDropsOut() {
    let kept = moduleStore("Kept")
    let coordinator = StoreCoordinator()
    weak var weakGone: Store<Module>?
    do {
      let gone = moduleStore("Gone")
      coordinator.register(gone)
      coordinator.register(kept)
      weakGone = gone
    }
    #expect(weakGone == nil)
    #expect(coordinator.storeNames == ["Kept"])
    coordinator.broadcast(Action(ModuleAction.add))
    #expect(kept.state.value == 1)
  }

  @Test("letting the coordinator go cancels its follows")
  func coordinatorGoneCancelsFollows() {
    let a = moduleStore("A")
    let b = moduleStore("B")
    var coordinator: StoreCoordinator? = StoreCoordinator()
    let follow = coordinator?.follow(a, select: { $0.value }, in: b) {
      Action(ModuleAction.setMirror, data: $0)
    }
    #expect(a.subscriberCount == 1)
    coordinator = nil
    #expect(follow?.isCancelled == true)
    #expect(a.subscriberCount == 0)
    a.dispatch(Action(ModuleAction.add))
    #expect(b.state.mirror == 0)
  }

  @Test("a follow whose target was freed ends at the source's next change")
  func targetGoneEndsFollow() {
    let a = moduleStore("A")
    let coordinator = StoreCoordinator()
    var follow: Subscription?
    weak var weakB: Store<Module>?
    do {
      let b = moduleStore("B")
      follow = coordinator.follow(a, select: { $0.value }, in: b) {
        Action(ModuleAction.setMirror, data: $0)
      }
      weakB = b
    }
    #expect(weakB == nil)
    a.dispatch(Action(ModuleAction.add))
    #expect(follow?.isCancelled == true)
    #expect(a.subscriberCount == 0)
  }

  @Test("a follow whose target was freed is never counted, though its value never changes")
  func targetGoneIsNotCounted() {
    let a = moduleStore("A")
    let coordinator = StoreCoordinator()
    var follow: Subscription?
    do {
      let b = moduleStore("B")
      // `mirror` never changes in A: the follow never dispatches again.
      follow = coordinator.follow(a, select: { $0.mirror }, in: b) {
        Action(ModuleAction.setMirror, data: $0)
      }
      #expect(a.subscriberCount == 1)
    }
    #expect(a.subscriberCount == 0)
    #expect(follow?.isCancelled == true)
    #expect(a.subscriberSlotCount == 0)
  }

  @Test("a follow whose target was freed ends at the source's next commit of any action")
  func targetGoneEndsWithoutChange() {
    let a = moduleStore("A")
    let coordinator = StoreCoordinator()
    var follow: Subscription?
    do {
      let b = moduleStore("B")
      follow = coordinator.follow(a, select: { $0.mirror }, in: b) {
        Action(ModuleAction.setMirror, data: $0)
      }
    }
    #expect(follow?.isCancelled == false)
    a.dispatch(Action(ModuleAction.add))  // the followed value stays the same
    #expect(follow?.isCancelled == true)
    #expect(a.subscriberSlotCount == 0)
  }

  @Test("followers that came and went leave the source's table and the coordinator's list")
  func followersThatCameAndWent() {
    let a = moduleStore("A")
    let coordinator = StoreCoordinator()
    for _ in 0..<500 {
      let b = moduleStore("B")
      coordinator.register(b)
      coordinator.follow(a, select: { $0.mirror }, in: b) {
        Action(ModuleAction.setMirror, data: $0)
      }
      b.dispatch(Action(ModuleAction.add))
    }
    // The last follow's target went after the coordinator last looked: one at most is kept.
    #expect(coordinator.keptFollowCount <= 1)
    #expect(coordinator.keptMemberCount <= 1)
    a.dispatch(Action(ModuleAction.add))
    #expect(a.subscriberCount == 0)
    #expect(a.subscriberSlotCount == 0)
  }

  @Test("a follow whose source was freed ends, and the coordinator lets it go")
  func sourceGoneEndsFollow() {
    let b = moduleStore("B")
    let coordinator = StoreCoordinator()
    var follow: Subscription?
    do {
      let a = moduleStore("A")
      follow = coordinator.follow(a, select: { $0.value }, in: b) {
        Action(ModuleAction.setMirror, data: $0)
      }
    }
    #expect(follow?.isCancelled == true)
    let c = moduleStore("C")
    coordinator.follow(c, select: { $0.value }, in: b) {
      Action(ModuleAction.setMirror, data: $0)
    }
    #expect(coordinator.keptFollowCount == 1)
  }
}
