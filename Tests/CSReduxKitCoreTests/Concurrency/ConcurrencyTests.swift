import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Testing

/// Dispatches from several threads at once. These tests are the ones CI also runs under the
/// thread sanitizer.
@Suite("Concurrency: many threads, one store")
struct ConcurrencyTests {
  static let threads = 4
  static let perThread = 10_000

  /// What one subscriber observed: the counter values in order, and each thread's sequence.
  final class Observer: @unchecked Sendable {
    let values = Locked<[Int]>([])
    let perThread = Locked<[Int: [Int]]>([:])

    func record(_ action: any ActionProtocol, _ state: Counter) {
      values.append(state.value)
      if let (thread, sequence) = action.data as? ThreadedPayload {
        perThread.withLock { $0[thread, default: []].append(sequence) }
      }
    }
  }

  typealias ThreadedPayload = (Int, Int)

  /// Counts one per action, whatever the payload.
  static func countingReducer(asynchronous: Bool) -> Reducer<Counter> {
    let queue = DispatchQueue(label: "reducer-work", attributes: .concurrent)
    return Reducer { _, state, finish in
      let next = Counter(value: state.value + 1)
      if asynchronous {
        queue.async { finish(next) }
      } else {
        finish(next)
      }
    }
  }

  @Test(
    "4 threads x 10,000 dispatches lose nothing; every subscriber sees 1...40,000 in order",
    arguments: [false, true])
  func fourThreads(asynchronous: Bool) async {
    let store = Store(state: Counter(), reducer: Self.countingReducer(asynchronous: asynchronous))
    let observers = (0..<3).map { _ in Observer() }
    for observer in observers {
      store.subscribe { action, state in observer.record(action, state) }
    }
    let total = Self.threads * Self.perThread
    let done = Latch(count: total)
    await onThreads(Self.threads) { thread in
      for sequence in 0..<Self.perThread {
        store.dispatch(Action(type: 1, data: (thread, sequence) as ThreadedPayload)) { _ in
          done.open()
        }
      }
    }
    await done.wait()
    #expect(store.state.value == total)
    for observer in observers {
      #expect(observer.values.current == Array(1...total))
      let sequences = observer.perThread.current
      for thread in 0..<Self.threads {
        #expect(sequences[thread] == Array(0..<Self.perThread), "thread \(thread) kept its order")
      }
    }
  }

  @Test("two module stores driven from several threads stay independent")
  func twoModuleStores() async {
    let first = Store(state: Counter(), reducer: Self.countingReducer(asynchronous: false))
    let second = Store(state: Counter(), reducer: Self.countingReducer(asynchronous: true))
    let firstSeen = Locked<[Int]>([])
    let secondSeen = Locked<[Int]>([])
    first.subscribe { _, state in firstSeen.append(state.value) }
    second.subscribe { _, state in secondSeen.append(state.value) }
    let perThread = 2_000
    let done = Latch(count: 4 * perThread)
    await onThreads(4) { thread in
      for _ in 0..<perThread {
        // Threads 0 and 1 favour the first store, 2 and 3 the second; all use both.
        let (main, other) = thread < 2 ? (first, second) : (second, first)
        main.dispatch(Action(type: 1)) { _ in done.open() }
        if thread.isMultiple(of: 2) { other.dispatch(Action(type: 1)) }
      }
    }
    await done.wait()
    // Wait for the last fire-and-forget actions by dispatching a marker to each store.
    let drained = Latch(count: 2)
    first.dispatch(Action(type: 1)) { _ in drained.open() }
    second.dispatch(Action(type: 1)) { _ in drained.open() }
    await drained.wait()
    let expectedFirst = 2 * perThread + perThread + 1
    let expectedSecond = 2 * perThread + perThread + 1
    #expect(first.state.value == expectedFirst)
    #expect(second.state.value == expectedSecond)
    #expect(firstSeen.current == Array(1...expectedFirst))
    #expect(secondSeen.current == Array(1...expectedSecond))
  }

  @Test("a subscriber cancelled from another thread never sees an action dispatched after cancel")
  func cancelFromAnotherThread() async {
    let store = Store(state: Counter(), reducer: Self.countingReducer(asynchronous: false))
    let cancelReturned = Locked(false)
    let seenAfterCancel = Locked<[Int]>([])
    let callsStartedAfterCancel = Locked(0)
    let enoughCalls = Latch(count: 100)
    let subscription = store.subscribe { action, _ in
      if cancelReturned.current {
        callsStartedAfterCancel.withLock { $0 += 1 }
        if let sequence = action.data as? Int { seenAfterCancel.append(sequence) }
      }
      enoughCalls.open()
    }
    let dispatchedBeforeCancelReturned = Locked(-1)
    let dispatched = Locked(0)
    await onThreads(2) { thread in
      if thread == 0 {
        for sequence in 0..<20_000 {
          dispatched.withLock { $0 = sequence }
          store.dispatch(Action(type: 1, data: sequence))
        }
      } else {
        enoughCalls.wait()
        subscription.cancel()
        // Every action numbered above this one was dispatched after cancel returned.
        dispatchedBeforeCancelReturned.withLock { $0 = dispatched.current }
        cancelReturned.withLock { $0 = true }
      }
    }
    let boundary = dispatchedBeforeCancelReturned.current
    #expect(seenAfterCancel.current.allSatisfy { $0 <= boundary })
    // At most the one call that was already under way when cancel returned.
    #expect(callsStartedAfterCancel.current <= 1)
    #expect(subscription.isCancelled)
  }

  @Test("subscribing and cancelling on other threads while dispatching is safe")
  func churnWhileDispatching() async {
    let store = Store(state: Counter(), reducer: Self.countingReducer(asynchronous: false))
    let steady = Locked<[Int]>([])
    store.subscribe { _, state in steady.append(state.value) }
    await onThreads(4) { thread in
      if thread < 2 {
        for _ in 0..<5_000 { store.dispatch(Action(type: 1)) }
      } else {
        for round in 0..<2_000 {
          let subscription =
            round.isMultiple(of: 3)
            ? store.subscribe(to: [1]) { _, _ in } : store.subscribe { _, _ in }
          _ = store.state
          subscription.cancel()
        }
      }
    }
    #expect(store.state.value == 10_000)
    #expect(steady.current == Array(1...10_000))
    #expect(store.subscriberCount == 1)
  }

  @Test("finish racing with the reducer's return on another thread completes each action once")
  func finishRacesReturn() async {
    let queue = DispatchQueue(label: "racer", attributes: .concurrent)
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { _, state, finish in
        let next = Counter(value: state.value + 1)
        queue.async { finish(next) }  // may run before or after the reducer returns
      })
    let seen = Locked<[Int]>([])
    store.subscribe { _, state in seen.append(state.value) }
    let done = Latch(count: 20_000)
    await onThreads(2) { _ in
      for _ in 0..<10_000 { store.dispatch(Action(type: 1)) { _ in done.open() } }
    }
    await done.wait()
    #expect(store.state.value == 20_000)
    #expect(seen.current == Array(1...20_000))
  }
}
