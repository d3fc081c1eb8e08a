import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Testing

@Suite("Selection with skip-repeats")
struct SelectionTests {
  /// Adds the payload to `value`; type 9 sets `applied` to [9] without touching `value`.
  static func reducer() -> Reducer<Counter> {
    Reducer { action, state, finish in
      var state = state
      if action.type == 9 {
        state.applied = [9]
      } else {
        state.value += (action.data as? Int) ?? 1
      }
      finish(state)
    }
  }

  @Test("the subscriber is called only when the selected value changes")
  func skipsRepeats() {
    let store = Store(state: Counter(), reducer: Self.reducer())
    let seen = Locked<[String]>([])
    store.subscribe(select: { $0.value / 10 }) { tens, action in
      seen.append("\(tens) after \(action.type)")
    }
    for _ in 0..<25 { store.dispatch(Action(type: 1)) }
    #expect(seen.current == ["1 after 1", "2 after 1"])
  }

  @Test("a change elsewhere in the state does not call the subscriber")
  func unrelatedChange() {
    let store = Store(state: Counter(), reducer: Self.reducer())
    let calls = Locked(0)
    store.subscribe(select: \.value) { _, _ in calls.withLock { $0 += 1 } }
    store.dispatch(Action(type: 9))
    #expect(calls.current == 0)
    store.dispatch(Action(type: 1))
    #expect(calls.current == 1)
  }

  @Test("the first comparison is against the value at the time of subscribing")
  func baselineIsCurrentValue() {
    let store = Store(state: Counter(value: 5), reducer: Self.reducer())
    let seen = Locked<[Int]>([])
    store.subscribe(select: { $0.value > 3 }) { isBig, _ in seen.append(isBig ? 1 : 0) }
    store.dispatch(Action(type: 1, data: 1))  // still big: no call
    store.dispatch(Action(type: 1, data: -10))  // now small
    #expect(seen.current == [0])
  }

  @Test("selection can also be filtered by action type")
  func filteredSelection() {
    let store = Store(state: Counter(), reducer: Self.reducer())
    let seen = Locked<[Int]>([])
    store.subscribe(select: \.value, to: [2]) { value, _ in seen.append(value) }
    store.dispatch(Action(type: 1))  // value 1, but type 1 is not followed
    store.dispatch(Action(type: 2))  // value 2: differs from the baseline 0
    store.dispatch(Action(type: 1))
    #expect(seen.current == [2])
  }

  @Test("a coarser selection decides what counts as a change")
  func coarserSelection() {
    let store = Store(state: Counter(), reducer: Self.reducer())
    let seen = Locked<[Int]>([])
    store.subscribe(select: { $0.value / 3 }) { thirds, _ in seen.append(thirds) }
    for _ in 0..<7 { store.dispatch(Action(type: 1)) }
    #expect(seen.current == [1, 2])
  }

  @Test("selecting subscribers keep their order with the others and can be cancelled")
  func orderAndCancel() {
    let store = Store(state: Counter(), reducer: Self.reducer())
    let log = Locked<[String]>([])
    store.subscribe { _, _ in log.append("plain") }
    let selecting = store.subscribe(select: \.value) { _, _ in log.append("select") }
    store.subscribe { _, _ in log.append("last") }
    store.dispatch(Action(type: 1))
    selecting.cancel()
    store.dispatch(Action(type: 1))
    #expect(log.current == ["plain", "select", "last", "plain", "last"])
  }

  @Test("a selecting subscriber sees each distinct value in order across threads")
  func concurrentDispatch() async {
    let store = Store(state: Counter(), reducer: Self.reducer())
    let seen = Locked<[Int]>([])
    store.subscribe(select: { $0.value / 100 }) { hundreds, _ in seen.append(hundreds) }
    await onThreads(4) { _ in
      for _ in 0..<1_000 { store.dispatch(Action(type: 1)) }
    }
    #expect(store.state.value == 4_000)
    #expect(seen.current == Array(1...40))
  }
}
