import CSReduxKit
import Dispatch

/// Runs the scenarios in order, collecting their measurements and correctness failures.
struct Bench {
  let options: Options
  var results = Results()

  init(options: Options) {
    self.options = options
  }

  /// Runs every selected scenario. Memory comes first, before other scenarios raise the peak.
  mutating func runAll() {
    memoryPeak()
    memoryPerSubscription()
    memoryPerTimelineEntry()
    baseline()
    pureFunctionFloor()
    dispatchWithSubscribers(0)
    dispatchWithSubscribers(1)
    dispatchWithSubscribers(10)
    dispatchToDeclaringStore()
    dispatchThroughReducerType()
    dispatchThroughInPlaceReducerType()
    dispatchThroughCombinedReducer()
    selectSkipRepeats(changing: true)
    selectSkipRepeats(changing: false)
    filteredSubscribers()
    subscribeAndCancel(existing: 1_000, label: "1k")
    subscribeAndCancel(existing: 100_000, label: "100k")
    for (count, label) in [(10, "10"), (10_000, "10k"), (1_000_000, "1M")] {
      arrayItem(count: count, label: label, flavour: .inPlaceLent)
      arrayItem(count: count, label: label, flavour: .inPlace)
      arrayItem(count: count, label: label, flavour: .finish)
    }
    asyncReducer()
    threads(1)
    threads(2)
    middleware()
    appCosts()
    screenChurn()
    importLog()
  }

  // MARK: - Helpers

  /// Whether to run `name`; announces it on standard error when it runs.
  func begins(_ name: String) -> Bool {
    guard options.selects(name) else { return false }
    Platform.printError("running \(name)")
    return true
  }

  /// Records a failed correctness check.
  mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { results.failures.append(message()) }
  }

  mutating func record(_ measurement: Measurement) {
    results.measurements.append(measurement)
  }

  /// Times `store.dispatch(action)` in a loop; returns how many dispatches were made in all.
  mutating func timeDispatches<S: StateProtocol>(
    _ name: String, store: Store<S>, action: any ActionProtocol, maximumOperations: Int = 1 << 40
  ) -> Int {
    var total = 0
    record(
      measure(name, options: options, maximumOperations: maximumOperations) { count in
        for _ in 0..<count { store.dispatch(action) }
        total += count
      })
    return total
  }

  // MARK: - Scenarios

  /// The issue's baseline: the counter reducer the store scenarios use, called directly in a
  /// loop, finishing into a local variable. Each call gets a fresh `Finish(named:_:)`, as a
  /// caller of a one-shot callback must; the closure it wraps is made once, outside the loop.
  mutating func baseline() {
    let name = "baseline"
    // Every ratio is to the baseline of the same run, so it runs whatever the filter says.
    Platform.printError("running \(name)")
    let action = makeAction(type: incrementType)
    let reducer = counterReducer
    var wrong = false
    record(
      measure(name, unit: "call", options: options) { count in
        // A `@Sendable` closure cannot capture a `var`: the local variable lives in a box.
        let local = Slot(Counter())
        let finish: @Sendable (Result<Counter, any Error>) -> Void = { result in
          if case .success(let state) = result { local.value = state }
        }
        for _ in 0..<count {
          reducer.execute(
            action: action, state: local.value, finish: Finish(named: "counter", finish))
        }
        if local.value.value != count { wrong = true }
        blackHole(local.value.value)
      })
    check(!wrong, "\(name): the counter did not count every call")
  }

  /// Not a target, for reference: the counter reducer's pure logic, `counterStep`, called
  /// directly in a loop with its result stored into a local variable; no reducer value, no
  /// `Finish`, no allocation. What any call through the reducer protocol adds is above this.
  mutating func pureFunctionFloor() {
    let name = "floor/pure-function"
    guard begins(name) else { return }
    let action = makeAction(type: incrementType)
    var wrong = false
    record(
      measure(name, unit: "call", options: options) { count in
        var state = Counter()
        for _ in 0..<count {
          state = counterStep(action: action, state: state)
        }
        if state.value != count { wrong = true }
        blackHole(state.value)
      })
    check(!wrong, "\(name): the counter did not count every call")
  }

  /// Counter store, synchronous reducer, `subscribers` plain subscribers.
  mutating func dispatchWithSubscribers(_ subscribers: Int) {
    let name = "dispatch/\(subscribers)-subscriber\(subscribers == 1 ? "" : "s")"
    guard begins(name) else { return }
    let store = makeCounterStore()
    let tallies = (0..<subscribers).map { _ in Tally() }
    let subscriptions = tallies.map { tally in
      store.subscribe { _, _ in tally.count &+= 1 }
    }
    let total = timeDispatches(name, store: store, action: makeAction(type: incrementType))
    check(store.state.value == total, "\(name): state \(store.state.value), expected \(total)")
    check(
      tallies.allSatisfy { $0.count == total }, "\(name): a subscriber missed a notification")
    subscriptions.forEach { $0.cancel() }
  }

  /// `dispatch/1-subscriber` on a store that declares its actions (`actions:`), with an action
  /// made from the declared enum's case: what checking that an action is the store's own
  /// costs.
  mutating func dispatchToDeclaringStore() {
    let name = "dispatch/1-subscriber-declared"
    guard begins(name) else { return }
    let store = Store(
      state: Counter(), reducer: counterReducer, name: "CounterStore",
      actions: ActionTypes(CounterActionType.self))
    let tally = Tally()
    let subscription = store.subscribe { _, _ in tally.count &+= 1 }
    let total = timeDispatches(name, store: store, action: makeDeclaredAction())
    check(store.state.value == total, "\(name): state \(store.state.value), expected \(total)")
    check(tally.count == total, "\(name): a subscriber missed a notification")
    subscription.cancel()
  }

  /// `store.dispatch(action)` with no subscriber, to a reducer of the app's own type (a
  /// `ReducerProtocol` struct): the store calls its `execute` through a closure made when the
  /// store was created.
  mutating func dispatchThroughReducerType() {
    dispatchThrough(CounterReducer(), named: "dispatch/reducer-type")
  }

  /// `store.dispatch(action)` with no subscriber, to an in-place reducer of the app's own type
  /// (an `InPlaceReducerProtocol` struct whose `reduce` cannot throw).
  mutating func dispatchThroughInPlaceReducerType() {
    dispatchThrough(InPlaceCounterReducer(), named: "dispatch/in-place-reducer-type")
  }

  /// `store.dispatch(action)` with no subscriber, to a `CombinedReducer` of two children (the
  /// counter's reducer, then one that finishes with the state it got): each child's `finish`
  /// is a link the composed reducer makes per action.
  mutating func dispatchThroughCombinedReducer() {
    let keep = Reducer<Counter> { _, state, finish in finish(state) }
    dispatchThrough(CombinedReducer(counterReducer, keep), named: "dispatch/combined-reducer")
  }

  /// Times dispatches with no subscriber to a counter store with `reducer`.
  mutating func dispatchThrough(_ reducer: some ReducerProtocol<Counter>, named name: String) {
    guard begins(name) else { return }
    let store = Store(state: Counter(), reducer: reducer, name: "CounterStore")
    let total = timeDispatches(name, store: store, action: makeAction(type: incrementType))
    check(store.state.value == total, "\(name): state \(store.state.value), expected \(total)")
  }

  /// Ten `subscribe(select:)` subscribers whose value changes with every action, or never.
  mutating func selectSkipRepeats(changing: Bool) {
    let name = "select/10-" + (changing ? "changing" : "unchanged")
    guard begins(name) else { return }
    let store = makeCounterStore()
    let tallies = (0..<10).map { _ in Tally() }
    let subscriptions = tallies.map { tally in
      changing
        ? store.subscribe(select: { $0.value }) { _, _ in tally.count &+= 1 }
        : store.subscribe(select: { $0.unchanged }) { _, _ in tally.count &+= 1 }
    }
    let total = timeDispatches(name, store: store, action: makeAction(type: incrementType))
    let expected = changing ? total : 0
    check(store.state.value == total, "\(name): state \(store.state.value), expected \(total)")
    check(
      tallies.allSatisfy { $0.count == expected },
      "\(name): subscribers called \(tallies.map(\.count)), expected \(expected) each")
    subscriptions.forEach { $0.cancel() }
  }

  /// 1,000 subscribers filtered on other action types, plus one on the dispatched type.
  mutating func filteredSubscribers() {
    let name = "filtered/1000-other+1"
    guard begins(name) else { return }
    let store = makeCounterStore()
    let others = Tally()
    let mine = Tally()
    var subscriptions = (1...1_000).map { type in
      store.subscribe(to: [type]) { _, _ in others.count &+= 1 }
    }
    subscriptions.append(store.subscribe(to: [incrementType]) { _, _ in mine.count &+= 1 })
    let total = timeDispatches(name, store: store, action: makeAction(type: incrementType))
    check(store.state.value == total, "\(name): state \(store.state.value), expected \(total)")
    check(mine.count == total, "\(name): the subscriber on this type got \(mine.count)/\(total)")
    check(others.count == 0, "\(name): subscribers on other types were called \(others.count)×")
    subscriptions.forEach { $0.cancel() }
  }

  /// One `subscribe` and one `cancel`, with `existing` other subscribers in place.
  mutating func subscribeAndCancel(existing: Int, label: String) {
    let name = "subscribe-cancel/\(label)"
    guard begins(name) else { return }
    let store = makeCounterStore()
    let tally = Tally()
    let subscriptions = (0..<existing).map { _ in
      store.subscribe { _, _ in tally.count &+= 1 }
    }
    record(
      measure(name, unit: "pair", options: options) { count in
        for _ in 0..<count {
          let subscription = store.subscribe { _, _ in tally.count &+= 1 }
          subscription.cancel()
        }
      })
    check(
      store.subscriberCount == existing,
      "\(name): \(store.subscriberCount) subscribers left, expected \(existing)")
    store.dispatch(makeAction(type: incrementType))
    check(tally.count == existing, "\(name): \(tally.count) notified, expected \(existing)")
    subscriptions.forEach { $0.cancel() }
  }

  /// How `arrayItem` changes the array: which reducer, and whether the store lends its state.
  enum ArrayFlavour: String {
    /// A non-throwing `InPlaceReducer` on a store created with `.lentToReducer`: no copy.
    case inPlaceLent = "in-place-lent"
    /// The same reducer on a store with the default `.alwaysReadable`: one copy per dispatch.
    case inPlace = "in-place"
    /// A `Reducer` that copies the state into a `var` and calls `finish`.
    case finish
  }

  /// Changes one item of a `count`-item array state, with an in-place reducer (the state lent
  /// or not) or a finish reducer.
  mutating func arrayItem(count: Int, label: String, flavour: ArrayFlavour) {
    let name = "array/\(flavour.rawValue)/\(label)"
    guard begins(name) else { return }
    let initial = Items(count: count)
    let inPlace = InPlaceReducer<Items>.nonThrowing { action, state in
      touchOneItem(action: action, state: &state)
    }
    let store =
      flavour != .finish
      ? Store(
        state: initial, reducer: inPlace,
        stateAccess: flavour == .inPlaceLent
          ? .lentToReducer(readsInsideGet: Items(count: 0)) : .alwaysReadable,
        name: "ItemsStore")
      : Store(
        state: initial,
        reducer: Reducer<Items> { action, state, finish in
          var state = state
          touchOneItem(action: action, state: &state)
          finish(state)
        }, name: "ItemsStore")
    let total = timeDispatches(name, store: store, action: makeAction(type: incrementType))
    let state = store.state
    check(state.tick == total, "\(name): \(state.tick) actions applied, expected \(total)")
    check(
      state.items.reduce(0, &+) == total, "\(name): the items do not add up to \(total)")
  }

  /// A reducer that finishes on another queue: each action hops there and back.
  mutating func asyncReducer() {
    let name = "async/finish-on-queue"
    guard begins(name) else { return }
    let queue = DispatchQueue(label: "benchmark.reducer")
    let store = makeCounterStore(
      reducer: Reducer { action, state, finish in
        queue.async { finish(counterStep(action: action, state: state)) }
      })
    let action = makeAction(type: incrementType)
    var total = 0
    record(
      measure(name, unit: "action", options: options) { count in
        let done = DispatchSemaphore(value: 0)
        for _ in 1..<count { store.dispatch(action) }
        store.dispatch(action) { _ in done.signal() }
        waitOrExit(done, name)
        total += count
      })
    check(store.state.value == total, "\(name): state \(store.state.value), expected \(total)")
  }

  /// `threads` threads dispatching to one store at once; ns/op is wall time per dispatch.
  mutating func threads(_ threads: Int) {
    let name = "threads/\(threads)"
    guard begins(name) else { return }
    let store = makeCounterStore()
    let action = makeAction(type: incrementType)
    var mismatches: [String] = []
    record(
      measure(name, options: options) { count in
        let before = store.state.value
        let group = DispatchGroup()
        for thread in 0..<threads {
          let share = count / threads + (thread < count % threads ? 1 : 0)
          DispatchQueue.global().async(group: group) {
            for _ in 0..<share { store.dispatch(action) }
          }
        }
        waitOrExit(group, name)
        let after = store.state.value
        if after != before + count { mismatches.append("\(after - before) of \(count)") }
      })
    check(mismatches.isEmpty, "\(name): actions applied per run: \(mismatches)")
  }

  /// Three middleware that pass every action on, no subscriber.
  mutating func middleware() {
    let name = "middleware/3-pass-through"
    guard begins(name) else { return }
    let pass = Middleware<Counter> { action, context in context.next(action) }
    let store = makeCounterStore(middleware: [pass, pass, pass])
    let total = timeDispatches(name, store: store, action: makeAction(type: incrementType))
    check(store.state.value == total, "\(name): state \(store.state.value), expected \(total)")
    let capturesFreedEarly = KeptContextCheck.run()
    check(
      !capturesFreedEarly,
      "\(name): a middleware's captures were freed while it ran, after a kept context outlived "
        + "its store")
  }
}

/// The chain's ownership checked where it matters, in an optimized build: there `next` hands
/// the context's reference to the store on instead of copying it, so a context kept past its
/// store releases the store at the end of the chain, while a middleware still runs. What that
/// middleware captured must live until it returns. (The test suite's version of this check
/// runs in a debug build, which copies every closure it calls and so never frees it early.)
enum KeptContextCheck {
  nonisolated(unsafe) static var canaryFreed = false
  nonisolated(unsafe) static var freedWhenNextReturned: Bool?

  /// Captured by the second middleware only.
  final class Canary: Sendable {
    deinit { KeptContextCheck.canaryFreed = true }
  }

  /// Returns whether the second middleware's captures were gone when its `next` returned.
  static func run() -> Bool {
    canaryFreed = false
    freedWhenNextReturned = nil
    nonisolated(unsafe) var kept: MiddlewareContext<Counter>?
    let keeping = Middleware<Counter> { _, context in kept = context }
    var store: Store<Counter>? = makeCounterStore(middleware: [keeping, checking()])
    store?.dispatch(makeAction(type: incrementType))
    store = nil
    guard let context = kept.take() else { return true }
    (consume context).next(makeAction(type: incrementType))
    return freedWhenNextReturned != false || !canaryFreed
  }

  /// A middleware that passes the action on, then records whether its captures are gone.
  static func checking() -> Middleware<Counter> {
    let canary = Canary()
    return Middleware { action, context in
      withExtendedLifetime(canary) {}
      context.next(action)
      freedWhenNextReturned = canaryFreed
    }
  }
}
