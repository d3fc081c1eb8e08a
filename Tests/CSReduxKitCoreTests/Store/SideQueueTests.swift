import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Foundation
import Testing

/// The side queue: a thread that finds the store busy on another thread queues its action
/// without the core's lock, and the thread running the queue takes those actions in batches.
@Suite("Dispatching: the side queue of a busy store")
struct SideQueueTests {
  @Test("a dispatch to a store busy on another thread queues its action without the core's lock")
  func queueingSkipsTheCoreLock() async {
    let store = Store(state: Counter(), reducer: counterReducer())
    let inRound = Latch()
    let release = Latch()
    store.subscribe { action, _ in
      if action.type == 0 {
        inRound.open()
        release.wait()
      }
    }
    let queuedUnderLock = Locked(false)
    await onThreadsBounded(2) { thread in
      guard thread == 1 else {
        store.dispatch(Action(type: 0))  // runs the queue; held in its round
        return
      }
      inRound.wait()
      store.withCoreLockHeld {
        // A dispatch that needed the core's lock would wait for this thread to let it go.
        let dispatched = Latch()
        DispatchQueue.global().async {
          store.dispatch(Action(type: 1))
          dispatched.open()
        }
        let returned = dispatched.wait()
        queuedUnderLock.withLock { $0 = returned }
      }
      release.open()
    }
    #expect(queuedUnderLock.current)
    #expect(store.state.applied == [0, 1])
  }

  @Test("actions queued while the store is busy are taken off together, behind the one in flight")
  func queuedActionsAreTakenAsABatch() async {
    let store = Store(state: Counter(), reducer: counterReducer())
    let inRound = Latch()
    let queued = Latch()
    let seen = Locked<[Int]>([])
    let countsInBatch = Locked<[Int]>([])
    store.subscribe { [weak store] action, _ in
      seen.append(action.type)
      switch action.type {
      case 0:
        inRound.open()
        queued.wait()
      case 1:
        guard let store else { return }
        countsInBatch.append(store.queuedActionCounts.queued)
        // Dispatched during the batch, by the thread running it: runs after the whole batch.
        store.dispatch(Action(type: 9))
      default:
        break
      }
    }
    await onThreadsBounded(2) { thread in
      guard thread == 1 else {
        store.dispatch(Action(type: 0))
        return
      }
      inRound.wait()
      for type in 1...5 { store.dispatch(Action(type: type)) }
      queued.open()
    }
    #expect(seen.current == [0, 1, 2, 3, 4, 5, 9])
    // When action 1's subscribers run, the rest of its batch waits off the queue.
    #expect(countsInBatch.current == [4])
    #expect(store.queuedActionCounts == (side: 0, queued: 0))
    #expect(store.isIdle)
  }

  @Test("actions from several threads are all applied, each thread's in its dispatch order")
  func manyThreadsKeepTheirOrder() async {
    let threads = 4
    let perThread = Int(ProcessInfo.processInfo.environment["QUEUE_STRESS_ACTIONS"] ?? "") ?? 2_000
    let store = Store(state: Counter(), reducer: valueOnlyReducer())
    let inRound = (0..<threads).map { _ in Latch() }  // one per waiting thread
    let firstQueued = Latch(count: threads - 1)
    let seen = Locked<[Int]>([])
    let firstBatch = Locked(0)
    let gateType = 9_000_000  // no thread's: the action that holds the queue at first
    store.subscribe { [weak store] action, _ in
      if action.type == gateType {
        for latch in inRound { latch.open() }
        firstQueued.wait()  // every other thread queued its first action: they form a batch
        return
      }
      let isFirst = seen.withLock { seen in
        seen.append(action.type)
        return seen.count == 1
      }
      // The first action after the gate is the first of a batch of every other thread's first.
      guard isFirst, let store else { return }
      let taken = store.queuedActionCounts.queued
      firstBatch.withLock { $0 = taken }
    }
    await onThreadsBounded(threads) { thread in
      if thread == 0 {
        store.dispatch(Action(type: gateType))
      } else {
        inRound[thread].wait()
      }
      for index in 0..<perThread {
        store.dispatch(Action(type: thread * 1_000_000 + index))
        if index == 0, thread != 0 { firstQueued.open() }
      }
    }
    let applied = seen.current
    #expect(applied.count == threads * perThread)
    #expect(store.state.value == 1 + threads * perThread)
    var next = Array(repeating: 0, count: threads)
    var outOfOrder = 0
    for type in applied {
      let (thread, index) = type.quotientAndRemainder(dividingBy: 1_000_000)
      if index != next[thread] { outOfOrder += 1 }
      next[thread] = index + 1
    }
    #expect(outOfOrder == 0)
    #expect(firstBatch.current >= threads - 2)
    #expect(store.isIdle)
  }
}
