import CSReduxKitCore
import CSReduxKitTestSupport
import CSReduxKitTesting
import Dispatch
import Foundation
import Testing

/// A view as a Swift 6 app writes one: main-actor isolated, its state plain properties.
@MainActor
final class CounterLabel {
  var text = ""
  var renders = 0

  init(store: Store<Module>) {
    store.subscribeOnMainActor(owner: self) { label, _, state in
      label.text = "\(state.value)"
      label.renders += 1
    }
  }
}

/// A class that is neither `Sendable` nor isolated: only ever used on the main actor.
final class PlainView {
  var values: [Int] = []
}

@Suite("Store.subscribeOnMainActor(owner:): views that follow a store for their lifetime")
struct MainActorSubscriptionTests {
  @Test("a main-actor view subscribes in its initializer and is updated when dispatch returns")
  @MainActor func mainActorViewIsUpdatedSynchronously() {
    #expect(isOnMainQueue(), "a @MainActor test runs on the main queue")
    let store = moduleStore("A")
    let label = CounterLabel(store: store)
    store.dispatch(Action(ModuleAction.add, data: 3))
    #expect(label.text == "3")
    store.dispatch(Action(ModuleAction.add, data: 4))
    #expect(label.text == "7")
    #expect(label.renders == 2)
  }

  @Test("an owner that is not Sendable is updated, with the Set<Int> and the enum type filters")
  @MainActor func nonSendableOwnerWithFilters() {
    let store = moduleStore("A")
    let view = PlainView()
    let everything = store.subscribeOnMainActor(owner: view) { view, _, state in
      view.values.append(state.value)
    }
    let setFiltered = store.subscribeOnMainActor(
      owner: view, to: [ModuleAction.setValue.rawValue]
    ) { view, _, state in view.values.append(-state.value) }
    let enumFiltered = store.subscribeOnMainActor(owner: view, to: .cases(ModuleAction.reset)) {
      view, _, _ in view.values.append(100)
    }
    store.dispatch(Action(ModuleAction.add, data: 2))
    store.dispatch(Action(ModuleAction.setValue, data: 5))
    store.dispatch(Action(ModuleAction.reset))
    #expect(view.values == [2, 5, -5, 0, 100])
    for subscription in [everything, setFiltered, enumFiltered] { subscription.cancel() }
  }

  @Test("commits from four threads and the main thread reach the main actor in commit order")
  @MainActor func orderWithFourThreadsAndTheMainThread() {
    let store = moduleStore("A")
    let committed = Locked<[Int]>([])
    let recorder = store.subscribe { action, _ in committed.append((action.data as? Int) ?? -1) }
    let view = PlainView()
    let subscription = store.subscribeOnMainActor(owner: view) { view, action, _ in
      view.values.append((action.data as? Int) ?? -1)
    }
    // The threads report that they run, then wait for the go: all five dispatch together.
    let started = Latch(count: 4)
    let go = DispatchSemaphore(value: 0)
    let done = Latch(count: 4)
    for thread in 1...4 {
      Thread {
        started.open()
        go.wait()
        for index in 0..<200 {
          store.dispatch(Action(ModuleAction.add, data: thread * 1000 + index))
        }
        done.open()
      }.start()
    }
    started.wait()
    for _ in 1...4 { go.signal() }
    for index in 0..<200 { store.dispatch(Action(ModuleAction.add, data: index)) }
    // The main thread is blocked here: deliveries of commits made on the other threads wait in
    // the FIFO (their main-queue drains cannot run yet).
    done.wait()
    #expect(store.isIdle)
    // Committed on the main thread: every earlier delivery is made first, then this one,
    // before dispatch returns.
    store.dispatch(Action(ModuleAction.add, data: -2))
    #expect(committed.current.count == 1001)
    #expect(view.values == committed.current)
    subscription.cancel()
    recorder.cancel()
  }

  @Test("when the owner goes, the subscription ends and its closure is released")
  @MainActor func ownerFreedReleasesTheClosure() {
    let store = moduleStore("A")
    var view: PlainView? = PlainView()
    weak let weakView = view
    weak var weakTracked: Tracked?
    var calls = 0
    let subscription: Subscription
    do {
      let tracked = Tracked()
      weakTracked = tracked
      subscription = store.subscribeOnMainActor(owner: view!) { view, _, state in
        _ = tracked
        calls += 1
        view.values.append(state.value)
      }
    }
    store.dispatch(Action(ModuleAction.add))
    #expect(view?.values == [1])
    #expect(weakTracked != nil)
    view = nil
    #expect(weakView == nil, "the store holds the owner weakly")
    store.dispatch(Action(ModuleAction.add))
    #expect(calls == 1)
    #expect(subscription.isCancelled)
    #expect(weakTracked == nil, "the closure was released")
    #expect(store.subscriberCount == 0)
    store.dispatch(Action(ModuleAction.add))
    #expect(calls == 1)
  }

  @Test("a main-actor subscription cancelled off the main actor lets its closure go on it")
  func cancelOffMainReleasesOnMain() async {
    let store = moduleStore("A")
    let releasedOnMain = Locked<[Bool]>([])
    // Many at once: the main queue may let go of a carried closure while the cancelling
    // thread is still inside the subscriber's deinit, and that thread must hold nothing then.
    var subscriptions: [Subscription] = []
    for _ in 0..<200 {
      let probe = OnRelease { releasedOnMain.append(isOnMainQueue()) }
      subscriptions.append(store.subscribeOnMainActor { _, _ in _ = probe })
    }
    await offThePool { [subscriptions] in
      for subscription in subscriptions { subscription.cancel() }
    }
    await runPendingMainActorDeliveries()
    #expect(releasedOnMain.current == Array(repeating: true, count: 200))
    #expect(store.subscriberCount == 0)
  }

  @Test("cancel inside a delivery stops the deliveries already queued after it")
  @MainActor func cancelFromInsideADelivery() {
    let store = moduleStore("A")
    var calls: [Int] = []
    var subscription: Subscription?
    subscription = store.subscribeOnMainActor { _, state in
      calls.append(state.value)
      subscription?.cancel()
    }
    // Three commits on another thread, while the main thread waits: their deliveries queue.
    let done = Latch()
    Thread {
      for _ in 0..<3 { store.dispatch(Action(ModuleAction.add)) }
      done.open()
    }.start()
    done.wait()
    store.dispatch(Action(ModuleAction.add))
    #expect(calls == [1])
    #expect(subscription?.isCancelled == true)
    #expect(store.subscriberCount == 0)
  }

  @Test("a delivery that dispatches gets the nested action next, without recursion")
  @MainActor func nestedDispatchDoesNotRecurse() {
    let store = moduleStore("A")
    var seen: [Int] = []
    let subscription = store.subscribeOnMainActor { _, state in
      seen.append(state.value)
      if state.value < 3 { store.dispatch(Action(ModuleAction.add)) }
    }
    store.dispatch(Action(ModuleAction.add))
    #expect(seen == [1, 2, 3])
    subscription.cancel()
  }

  @Test("a delivery that dispatches to another store gets that store's delivery after it returns")
  @MainActor func deliveryDispatchingToAnotherStore() {
    let first = moduleStore("A")
    let second = moduleStore("B")
    var log: [String] = []
    let toSecond = second.subscribeOnMainActor { _, state in log.append("B\(state.value)") }
    let toFirst = first.subscribeOnMainActor { _, state in
      log.append("A\(state.value) begins")
      second.dispatch(Action(ModuleAction.add))
      log.append("A\(state.value) ends")
    }
    first.dispatch(Action(ModuleAction.add))
    #expect(log == ["A1 begins", "A1 ends", "B1"])
    toFirst.cancel()
    toSecond.cancel()
  }

  @Test("deliveries of commits on another thread arrive on the main actor, in order")
  @MainActor func backgroundCommitsArriveLater() async {
    let store = moduleStore("A")
    let view = PlainView()
    let all = AsyncLatch(count: 50)
    let subscription = store.subscribeOnMainActor(owner: view) { view, _, state in
      #expect(isOnMainQueue())
      view.values.append(state.value)
      all.open()
    }
    Thread {
      for _ in 0..<50 { store.dispatch(Action(ModuleAction.add)) }
    }.start()
    await all.wait()
    #expect(view.values == Array(1...50))
    subscription.cancel()
  }
}
