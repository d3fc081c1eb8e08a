import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Testing

@Suite("Dispatching: order, synchrony and the queue")
struct StoreDispatchTests {
  @Test("a synchronous reducer's result is visible as soon as dispatch returns")
  func synchronousDispatch() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let seen = Locked<[Int]>([])
    store.subscribe { _, state in seen.append(state.value) }
    store.dispatch(Action(type: 1))
    #expect(store.state.value == 1)
    #expect(seen.current == [1])
    store.dispatch(Action(type: 2, data: 10))
    #expect(store.state.value == 11)
    #expect(seen.current == [1, 11])
  }

  @Test("actions are reduced one at a time in dispatch order")
  func serialOrder() {
    let store = Store(state: Counter(), reducer: counterReducer())
    for type in 1...50 { store.dispatch(Action(type: type, data: 0)) }
    #expect(store.state.applied == Array(1...50))
  }

  @Test("the next reducer starts only after the previous one called finish")
  func nextWaitsForFinish() {
    let running = Locked(0)
    let overlapped = Locked(false)
    let pending = Locked<[Finish<Counter>]>([])
    let pendingStates = Locked<[Counter]>([])
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { action, state, finish in
        running.withLock { count in
          count += 1
          if count > 1 { overlapped.withLock { $0 = true } }
        }
        var state = state
        state.applied.append(action.type)
        pending.append(finish)
        pendingStates.append(state)
      })
    store.dispatch(Action(type: 1))
    store.dispatch(Action(type: 2))
    store.dispatch(Action(type: 3))
    // Only the first reducer has started; the others wait in the queue.
    #expect(pending.current.count == 1)
    #expect(store.state.applied == [])
    for step in 0..<3 {
      let (finish, state) = (pending.current[step], pendingStates.current[step])
      running.withLock { $0 -= 1 }
      finish(state)
      #expect(pending.current.count == min(step + 2, 3))
    }
    #expect(store.state.applied == [1, 2, 3])
    #expect(overlapped.current == false)
    #expect(store.isIdle)
  }

  @Test("finish may come later from another thread; the queue resumes in order")
  func asynchronousFinish() async {
    let store = Store(state: Counter(), reducer: asyncCounterReducer())
    let done = Latch()
    for type in 1...100 {
      if type == 100 {
        store.dispatch(Action(type: type)) { _ in done.open() }
      } else {
        store.dispatch(Action(type: type))
      }
    }
    await done.wait()
    #expect(store.state.applied == Array(1...100))
    #expect(store.state.value == 100)
  }

  @Test("dispatch never blocks while an asynchronous reducer is working")
  func dispatchDoesNotBlock() async {
    let gate = DispatchSemaphore(value: 0)
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { action, state, finish in
        DispatchQueue.global().async {
          gate.wait()  // the reducer cannot finish until the test lets it
          var state = state
          state.applied.append(action.type)
          finish(state)
        }
      }, diagnostics: ignoringReducerTimeouts)
    let done = Latch()
    store.dispatch(Action(type: 1))
    store.dispatch(Action(type: 2))
    store.dispatch(Action(type: 3)) { _ in done.open() }
    // All three dispatch calls returned while the first reducer is still blocked.
    #expect(store.state.applied == [])
    #expect(!store.isIdle)
    gate.signal()
    gate.signal()
    gate.signal()
    await done.wait()
    #expect(store.state.applied == [1, 2, 3])
  }

  @Test("state can be read from any thread while a reducer is pending")
  func stateReadableWhilePending() async {
    let held = Locked<Finish<Counter>?>(nil)
    let store = Store(
      state: Counter(value: 5),
      reducer: Reducer<Counter> { _, _, finish in held.withLock { $0 = finish } },
      diagnostics: ignoringReducerTimeouts)
    store.dispatch(Action(type: 1))
    let reads = Locked<[Int]>([])
    await onThreads(4) { _ in reads.append(store.state.value) }
    #expect(reads.current == [5, 5, 5, 5])
    held.current?(Counter(value: 6))
    #expect(store.state.value == 6)
  }

  @Test("a nested dispatch from a subscriber runs after the current round, before dispatch returns")
  func nestedDispatchFromSubscriber() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let log = Locked<[String]>([])
    store.subscribe { [weak store] action, state in
      log.append("A saw \(action.type) -> \(state.applied)")
      if action.type == 1 { store?.dispatch(Action(type: 2)) }
    }
    store.subscribe { action, state in
      log.append("B saw \(action.type) -> \(state.applied)")
    }
    store.dispatch(Action(type: 1))
    // B sees action 1 before action 2 runs: no depth-first recursion.
    #expect(
      log.current == [
        "A saw 1 -> [1]", "B saw 1 -> [1]", "A saw 2 -> [1, 2]", "B saw 2 -> [1, 2]",
      ])
    #expect(store.state.applied == [1, 2])
  }

  @Test("a chain of nested dispatches does not grow the stack")
  func deepNestingIsIterative() async {
    let store = Store(state: Counter(), reducer: valueOnlyReducer())
    store.subscribe { [weak store] _, state in
      if state.value < 100_000 { store?.dispatch(Action(type: 1)) }
    }
    // Seconds of work under a sanitizer: a stress run, off the cooperative pool (on a thread
    // with a 1 MiB stack, which a recursive dispatch would overflow).
    await stressRun { store.dispatch(Action(type: 1)) }
    #expect(store.state.value == 100_000)
  }

  @Test("a nested dispatch from a completion is queued behind the current action")
  func nestedDispatchFromCompletion() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let log = Locked<[String]>([])
    store.subscribe { action, _ in log.append("sub \(action.type)") }
    store.dispatch(Action(type: 1)) { state in
      log.append("completion \(state.applied)")
      store.dispatch(Action(type: 2))
      log.append("after nested dispatch")
    }
    #expect(log.current == ["sub 1", "completion [1]", "after nested dispatch", "sub 2"])
  }

  @Test("the completion gets the state committed for its action, after all subscribers")
  func completionSeesCommittedState() {
    let store = Store(state: Counter(), reducer: counterReducer())
    let log = Locked<[String]>([])
    store.subscribe { action, _ in log.append("first \(action.type)") }
    store.subscribe { action, _ in log.append("second \(action.type)") }
    store.dispatch(Action(type: 1))
    store.dispatch(Action(type: 2, data: 5)) { state in log.append("done \(state.value)") }
    store.dispatch(Action(type: 1))
    #expect(
      log.current == [
        "first 1", "second 1", "first 2", "second 2", "done 6", "first 1", "second 1",
      ])
  }

  @Test("each completion is called exactly once, with its own action's state")
  func completionCalledOnce() async {
    let store = Store(state: Counter(), reducer: asyncCounterReducer())
    let calls = Locked<[Int: Int]>([:])
    let done = Latch(count: 200)
    for index in 1...200 {
      store.dispatch(Action(type: 1)) { state in
        calls.withLock { $0[index, default: 0] += 1 }
        #expect(state.value == index)
        done.open()
      }
    }
    await done.wait()
    #expect(calls.current.count == 200)
    #expect(calls.current.values.allSatisfy { $0 == 1 })
  }

  @Test("the store is idle again once the queue has drained")
  func idleAfterDrain() {
    let store = Store(state: Counter(), reducer: counterReducer())
    #expect(store.isIdle)
    store.dispatch(Action(type: 1))
    #expect(store.isIdle)
  }
}

@Suite("Dispatching: the synchronous path allocates no finish box")
struct FinishBoxReuseTests {
  @Test("a synchronous dispatch reuses the store's finish box")
  func finishBoxIsReused() {
    let store = Store(state: Counter(), reducer: counterReducer())
    store.dispatch(Action(type: 1))
    let first = store.spareFinishBoxID
    #expect(first != nil)
    for _ in 0..<3 { store.dispatch(Action(type: 1)) }
    store.subscribe { [weak store] action, _ in  // nested turns reuse it too
      if action.type == 1 { store?.dispatch(Action(type: 3)) }
    }
    store.dispatch(Action(type: 1))
    #expect(store.spareFinishBoxID == first)
  }

  @Test("the finish box kept for reuse goes away with its store")
  func spareBoxGoesWithTheStore() {
    weak var box: AnyObject?
    do {
      let store = Store(state: Counter(), reducer: counterReducer())
      store.dispatch(Action(type: 1))
      box = store.spareFinishBox
      #expect(box != nil)
    }
    #expect(box == nil)
  }

  @Test("a finish callback the reducer keeps is never reused for a later action")
  func keptFinishIsNotReused() {
    let kept = Locked<[Finish<Counter>]>([])
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { _, state, finish in
        kept.append(finish)
        finish(state)
      })
    store.dispatch(Action(type: 1))
    store.dispatch(Action(type: 2))
    #expect(store.spareFinishBoxID == nil)
    #expect(kept.current.count == 2)
  }
}
