import CSReduxKitCore
import CSReduxKitTestSupport
import CSReduxKitTesting
import Dispatch
import Foundation
import Testing

/// The `Int` payloads of updates, or -1 for an action without one.
private func payloads(_ updates: [StoreUpdate<Module>]) -> [Int] {
  updates.map { ($0.action.data as? Int) ?? -1 }
}

private struct Refused: Error {}

@Suite("Store.updates(of:): an asynchronous sequence of (action, state)")
struct StoreUpdatesTests {
  @Test("every update arrives, in commit order, with the state committed for it")
  func inOrder() async {
    let store = moduleStore("A")
    let updates = store.updates()
    for value in 1...5 { store.dispatch(Action(ModuleAction.add, data: value)) }
    let received = await collect(5, from: updates)
    #expect(payloads(received) == [1, 2, 3, 4, 5])
    #expect(received.map(\.state.value) == [1, 3, 6, 10, 15])
    #expect(received.allSatisfy { $0.action.type == ModuleAction.add.rawValue })
  }

  @Test("the example in docs/concurrency.md: for await (action, state) in store.updates(of:)")
  func documentedLoop() async {
    let store = moduleStore("Todo")
    let updates = store.updates(of: .cases(ModuleAction.add))
    let consumer = Task {
      var seen: [String] = []
      for await (action, state) in updates {
        seen.append("\(action.type): \(state.value)")
        if state.value >= 3 { break }
      }
      return seen
    }
    store.dispatch(Action(ModuleAction.note, data: "ignored"))
    store.dispatch(Action(ModuleAction.add))
    store.dispatch(Action(ModuleAction.add, data: 2))
    DispatchQueue.global().asyncAfter(deadline: .now() + hangBound) { consumer.cancel() }
    #expect(await consumer.value == ["10: 1", "10: 3"])
  }

  @Test("a type filter passes only the listed action types")
  func filtered() async {
    let store = moduleStore("A")
    let updates = store.updates(of: [ModuleAction.setValue.rawValue])
    store.dispatch(Action(ModuleAction.add, data: 1))
    store.dispatch(Action(ModuleAction.setValue, data: 7))
    store.dispatch(Action(ModuleAction.note, data: "x"))
    store.dispatch(Action(ModuleAction.setValue, data: 9))
    #expect(payloads(await collect(2, from: updates)) == [7, 9])
  }

  @Test("updates from four threads arrive in the order the store committed them")
  func concurrentProducers() async {
    let store = moduleStore("A")
    let committed = Locked<[Int]>([])
    let recorder = store.subscribe { action, _ in committed.append((action.data as? Int) ?? -1) }
    let updates = store.updates()
    await onThreadsBounded(4) { thread in
      for index in 0..<100 { store.dispatch(Action(ModuleAction.add, data: thread * 1000 + index)) }
    }
    let received = await collect(400, from: updates)
    #expect(received.count == 400)
    #expect(payloads(received) == committed.current)
    recorder.cancel()
  }

  @Test("a rejected action arrives as a RejectedAction")
  func rejected() async {
    let store = Store(
      state: Module(),
      reducer: Reducer<Module> { action, state, finish in
        action.type == ModuleAction.note.rawValue ? finish.fail(Refused()) : finish(state)
      },
      diagnostics: { _ in })
    let updates = store.updates()
    store.dispatch(Action(ModuleAction.note, data: "x"))
    let received = await collect(1, from: updates)
    #expect(received.first?.action is RejectedAction)
  }

  @Test(".bufferingNewest(2) keeps the two newest unread updates and drops older ones")
  func bufferingNewest() async {
    let store = moduleStore("A")
    let updates = store.updates(bufferingPolicy: .bufferingNewest(2))
    for value in 1...5 { store.dispatch(Action(ModuleAction.add, data: value)) }
    store.dispatch(Action(ModuleAction.add, data: 6))
    #expect(payloads(await collect(2, from: updates)) == [5, 6])
  }

  @Test(".bufferingOldest(2) keeps the two oldest unread updates and drops newer ones")
  func bufferingOldest() async {
    let store = moduleStore("A")
    let updates = store.updates(bufferingPolicy: .bufferingOldest(2))
    for value in 1...5 { store.dispatch(Action(ModuleAction.add, data: value)) }
    var iterator = updates.makeAsyncIterator()
    #expect(payloads([await iterator.next()].compactMap { $0 }) == [1])
    #expect(payloads([await iterator.next()].compactMap { $0 }) == [2])
    store.dispatch(Action(ModuleAction.add, data: 6))  // room again: kept
    #expect(payloads([await iterator.next()].compactMap { $0 }) == [6])
  }

  @Test("cancelling the consuming task cancels the subscription")
  func taskCancellation() async {
    let store = moduleStore("A")
    let started = AsyncLatch()
    let updates = store.updates()
    #expect(store.subscriberCount == 1)
    let consumer = Task {
      var count = 0
      for await _ in updates {
        count += 1
        started.open()
      }
      return count
    }
    store.dispatch(Action(ModuleAction.add))
    await started.wait()
    consumer.cancel()
    #expect(await consumer.value == 1)
    #expect(store.subscriberCount == 0)
  }

  /// The element a consumer gets first was dispatched between `updates()` and the consumer's
  /// first `next()`, from a thread racing the consumer's start: the sequence is subscribed at
  /// creation and unbounded, so it is never lost. `UPDATES_ROUNDS` runs more rounds.
  @Test("an update dispatched before the consumer starts iterating is never lost")
  func updateBeforeFirstNext() async {
    let rounds = Int(ProcessInfo.processInfo.environment["UPDATES_ROUNDS"] ?? "") ?? 500
    var lost = 0
    for round in 0..<rounds {
      let consumer: Task<Int?, Never>
      do {
        let store = moduleStore("A")
        let updates = store.updates()
        consumer = Task {
          var iterator = updates.makeAsyncIterator()
          return await iterator.next()?.action.data as? Int
        }
        // Half the rounds dispatch from another thread, half from this task.
        if round.isMultiple(of: 2) {
          await offThePool { store.dispatch(Action(ModuleAction.add, data: round)) }
        } else {
          store.dispatch(Action(ModuleAction.add, data: round))
        }
      }
      // The store is freed here and its sequences finish, so a lost update reads as nil
      // instead of a consumer waiting forever.
      if await consumer.value != round { lost += 1 }
    }
    #expect(lost == 0, "\(lost) of \(rounds) first updates lost")
  }

  @Test("a sequence released without being read cancels its subscription")
  func droppedSequence() {
    let store = moduleStore("A")
    do {
      let updates = store.updates()
      #expect(store.subscriberCount == 1)
      _ = updates
    }
    #expect(store.subscriberCount == 0)
  }

  @Test("the sequence finishes when the store is freed, and does not keep the store alive")
  func finishesWithTheStore() async {
    weak var weakStore: Store<Module>?
    let ended = AsyncLatch()
    let consumer: Task<Int, Never>
    do {
      let store = moduleStore("A")
      weakStore = store
      let updates = store.updates()
      consumer = Task {
        var count = 0
        for await _ in updates { count += 1 }
        ended.open()
        return count
      }
      store.dispatch(Action(ModuleAction.add))
    }
    #expect(weakStore == nil)
    await ended.wait()
    consumer.cancel()  // only matters when the sequence failed to finish
    #expect(await consumer.value == 1)
  }
}

@Suite("Store.send(_:): await the committed state")
struct StoreSendTests {
  @Test("send returns the state committed for the action")
  func returnsCommittedState() async {
    let store = moduleStore("A")
    let first = await store.send(Action(ModuleAction.add, data: 2)).state
    let second = await store.send(Action(ModuleAction.note, data: "x")).state
    #expect(first == Module(value: 2))
    #expect(second == Module(value: 2, note: "x"))
  }

  @Test("send waits for a reducer that finishes later, on another thread")
  func asynchronousReducer() async {
    let gate = DispatchQueue(label: "gate")
    let store = moduleStore("A", finishOn: gate)
    store.dispatch(Action(ModuleAction.add, data: 1))
    let state = await store.send(Action(ModuleAction.add, data: 10)).state
    #expect(state.value == 11)
  }

  @Test("sends from concurrent tasks each get their own action's state")
  func concurrentSends() async {
    let store = moduleStore("A", finishOn: DispatchQueue(label: "finisher"))
    let results = await withTaskGroup(of: (Int, Module).self) { group in
      for value in 1...50 {
        group.addTask {
          (value, await store.send(Action(ModuleAction.setMirror, data: value)).state)
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 50)
    #expect(results.allSatisfy { value, state in state.mirror == value })
  }

  @Test("a failed action returns the unchanged state")
  func failedAction() async {
    let store = Store(
      state: Module(value: 4),
      reducer: Reducer<Module> { _, _, finish in finish.fail(Refused()) },
      diagnostics: { _ in })
    #expect(await store.send(Action(ModuleAction.add)).state == Module(value: 4))
  }
}

@Suite("Store.subscribeOnMainActor: delivery to the main actor")
struct MainActorDeliveryTests {
  @Test("updates committed on four background threads reach the main actor in commit order")
  func orderFromBackgroundThreads() async {
    let store = moduleStore("A")
    let committed = Locked<[Int]>([])
    let recorder = store.subscribe { action, _ in committed.append((action.data as? Int) ?? -1) }
    let delivered = Locked<[Int]>([])
    let offMain = Locked(0)
    let all = AsyncLatch(count: 400)
    let subscription = store.subscribeOnMainActor { action, state in
      if !isOnMainQueue() { offMain.withLock { $0 += 1 } }
      delivered.append((action.data as? Int) ?? -1)
      all.open()
    }
    await onThreadsBounded(4) { thread in
      for index in 0..<100 { store.dispatch(Action(ModuleAction.add, data: thread * 1000 + index)) }
    }
    await all.wait()
    #expect(delivered.current == committed.current)
    #expect(offMain.current == 0)
    subscription.cancel()
    recorder.cancel()
  }

  @Test("a type filter passes only the listed action types")
  @MainActor func filtered() async {
    let store = moduleStore("A")
    var seen: [Int] = []
    let subscription = store.subscribeOnMainActor(to: .cases(ModuleAction.setValue)) { action, _ in
      seen.append(action.type)
    }
    store.dispatch(Action(ModuleAction.add))
    store.dispatch(Action(ModuleAction.setValue, data: 3))
    await runPendingMainActorDeliveries()
    #expect(seen == [ModuleAction.setValue.rawValue])
    subscription.cancel()
  }

  @Test("an action committed on the main actor is delivered before dispatch returns")
  @MainActor func synchronousOnTheMainThread() {
    let store = moduleStore("A")
    var seen: [Int] = []
    let subscription = store.subscribeOnMainActor { _, state in seen.append(state.value) }
    store.dispatch(Action(ModuleAction.add))
    #expect(seen == [1])
    store.dispatch(Action(ModuleAction.add))
    #expect(seen == [1, 2])
    subscription.cancel()
  }

  @Test("after cancel returns on the main actor, updates already on their way are dropped")
  @MainActor func cancelDropsQueuedUpdates() async {
    let store = moduleStore("A")
    var seen: [Int] = []
    let subscription = store.subscribeOnMainActor { _, state in seen.append(state.value) }
    // Committed on another thread while the main thread waits: the updates are on their way.
    let done = Latch()
    Thread {
      store.dispatch(Action(ModuleAction.add))
      store.dispatch(Action(ModuleAction.add))
      done.open()
    }.start()
    done.waitBlocking()
    subscription.cancel()
    await runPendingMainActorDeliveries()
    #expect(seen == [])
    #expect(store.subscriberCount == 0)
  }
}
