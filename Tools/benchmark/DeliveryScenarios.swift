import CSReduxKit
import Dispatch

// Commits delivered elsewhere: to main-actor subscribers, through the main queue, and to
// `updates()` streams, through their consumers' tasks. A run dispatches its actions and waits
// until every delivery has arrived, so it times both ends; each runs in alternate runs with
// its floor, the same deliveries made by hand. Two sizes: 1 and 10 subscriptions (or streams)
// per store.

/// Counts deliveries down to zero and then wakes the thread waiting for them.
final class Countdown: @unchecked Sendable {
  /// A semaphore of one, as a lock: the benchmark imports no Foundation.
  private let lock = DispatchSemaphore(value: 1)
  private let done = DispatchSemaphore(value: 0)
  private var remaining = 0

  /// Expects `count` deliveries; call before the work that makes them.
  func arm(_ count: Int) {
    lock.wait()
    remaining = count
    lock.signal()
  }

  /// One delivery arrived.
  func tick() {
    lock.wait()
    remaining -= 1
    let isDone = remaining == 0
    lock.signal()
    if isDone { done.signal() }
  }

  /// Waits until every delivery armed for has arrived, or exits the benchmark.
  func wait(_ what: String) {
    waitOrExit(done, what)
  }

  /// A run's body: dispatches `action` to `store` once per operation and waits until each
  /// commit's `deliveriesEach` deliveries have arrived.
  func dispatches(
    to store: Store<Counter>, _ action: any ActionProtocol, deliveriesEach: Int, _ name: String
  ) -> (Int) -> Void {
    { operations in
      self.arm(operations * deliveriesEach)
      for _ in 0..<operations { store.dispatch(action) }
      self.wait(name)
    }
  }
}

extension Bench {
  /// The scenarios that need the main queue served while they run: the caller runs them on
  /// another thread with the main thread in `dispatchMain()`.
  static let mainQueueScenarioNames = ["main-actor/delivery/1", "main-actor/delivery/10"]

  /// Whether a scenario that needs the main queue served is selected.
  var needsMainQueue: Bool {
    Self.mainQueueScenarioNames.contains { options.selects($0) }
  }

  /// Runs the scenarios that need the main queue served, off the main thread.
  mutating func mainQueueScenarios() {
    mainActorDelivery(subscriptions: 1)
    mainActorDelivery(subscriptions: 10)
  }

  /// Runs the `updates()` scenarios, whose consumers are tasks on the global executor.
  mutating func streamScenarios() {
    updatesStreams(1)
    updatesStreams(10)
  }

  /// Commits dispatched from this thread (not the main one) to a store with `count`
  /// `subscribeOnMainActor` subscriptions, against a plain store whose `count` subscribers each
  /// make one `DispatchQueue.main.async` per commit. Per commit, deliveries included.
  mutating func mainActorDelivery(subscriptions count: Int) {
    let name = "main-actor/delivery/\(count)"
    guard begins(name) else { return }
    let countdown = Countdown()
    let store = makeCounterStore()
    let subscriptions = (0..<count).map { _ in
      store.subscribeOnMainActor { _, _ in countdown.tick() }
    }
    let plain = makeCounterStore()
    let plainSubscriptions = (0..<count).map { _ in
      plain.subscribe { _, _ in DispatchQueue.main.async { countdown.tick() } }
    }
    let action = makeAction(type: incrementType)
    pair(
      name, floor: "floor/main-queue-async/\(count)", unit: "commit",
      countdown.dispatches(to: store, action, deliveriesEach: count, name),
      floor: countdown.dispatches(to: plain, action, deliveriesEach: count, name))
    for subscription in subscriptions + plainSubscriptions { subscription.cancel() }
  }

  /// Commits to a store read by `count` `updates()` streams, each consumed by a task, against
  /// a plain store whose `count` subscribers each yield the same update into an `AsyncStream`
  /// of their own, consumed alike. Per commit, deliveries included.
  mutating func updatesStreams(_ count: Int) {
    let name = "updates/\(count)-streams"
    guard begins(name) else { return }
    let countdown = Countdown()
    let store = makeCounterStore()
    var consumers: [Task<Void, Never>] = []
    for _ in 0..<count {
      let updates = store.updates()
      consumers.append(
        Task.detached {
          for await _ in updates { countdown.tick() }
        })
    }
    let plain = makeCounterStore()
    for _ in 0..<count {
      let (stream, continuation) = AsyncStream<StoreUpdate<Counter>>.makeStream()
      let subscription = plain.subscribe { action, state in
        continuation.yield((action: action, state: state))
      }
      continuation.onTermination = { _ in subscription.cancel() }
      consumers.append(
        Task.detached {
          for await _ in stream { countdown.tick() }
        })
    }
    let action = makeAction(type: incrementType)
    pair(
      name, floor: "floor/async-stream/\(count)", unit: "commit",
      countdown.dispatches(to: store, action, deliveriesEach: count, name),
      floor: countdown.dispatches(to: plain, action, deliveriesEach: count, name))
    for consumer in consumers { consumer.cancel() }
  }
}
