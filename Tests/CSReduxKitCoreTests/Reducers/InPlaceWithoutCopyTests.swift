import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// A reference whose uniqueness the reducer can check.
private final class Token: Sendable {}

private struct Big: StateProtocol {
  var items = Array(repeating: 0, count: 1_000)
  var token = Token()
  var applied = 0
}

/// The address of the array's storage, which stays put as long as it is never copied.
private func address(of items: [Int]) -> Int {
  items.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
}

private struct Fault: Error {}

/// The actions of a store that declares them, and another module's.
private enum Slot: Int, CaseIterable { case first, second, third }
private enum Other: Int, CaseIterable { case first }

/// A protocol-conforming reducer whose `reduce` does not throw.
private struct Appending: InPlaceReducerProtocol {
  let seen: Locked<[Bool]>

  func reduce(_ action: any ActionProtocol, into state: inout Big) {
    seen.append(isKnownUniquelyReferenced(&state.token))
    state.items[action.type] += 1
    state.applied += 1
  }
}

/// A protocol-conforming reducer whose `reduce` throws any error.
private struct Failing: InPlaceReducerProtocol {
  func reduce(_ action: any ActionProtocol, into state: inout Big) throws {
    if action.type < 0 { throw Fault() }
  }
}

/// A protocol-conforming reducer whose `reduce` throws one type of error.
private struct FailingWithFault: InPlaceReducerProtocol {
  func reduce(_ action: any ActionProtocol, into state: inout Big) throws(Fault) {
    if action.type < 0 { throw Fault() }
  }
}

@Suite("In-place reducers change the store's state without copying it")
struct InPlaceWithoutCopyTests {
  @Test("only reducers named non-throwing get the in-place path, found from their type")
  func detection() {
    func reducesInPlace(_ reducer: some ReducerProtocol<Big>) -> Bool {
      Store(state: Big(), reducer: reducer).reducesInPlace
    }
    #expect(reducesInPlace(InPlaceReducer<Big>.nonThrowing { _, state in state.applied += 1 }))
    #expect(!reducesInPlace(InPlaceReducer<Big> { _, state in state.applied += 1 }))
    #expect(!reducesInPlace(InPlaceReducer<Big> { _, _ in throw Fault() }))
    #expect(reducesInPlace(Appending(seen: Locked([]))))
    #expect(!reducesInPlace(Failing()))
    #expect(!reducesInPlace(FailingWithFault()))
    #expect(!reducesInPlace(Reducer<Big> { _, state, finish in finish(state) }))
  }

  @Test("a closure that cannot throw changes the store's array where it is")
  func sameStorage() {
    let addresses = Locked<[Int]>([])
    let store = Store(
      state: Big(),
      reducer: InPlaceReducer<Big>.nonThrowing { action, state in
        state.items[action.type] += 1
        state.applied += 1
        addresses.append(address(of: state.items))
      }, stateAccess: .lentToReducer(readsInsideGet: Big()))
    for type in 0..<20 { store.dispatch(Action(type: type)) }
    let state = store.state
    #expect(state.applied == 20)
    #expect(state.items.prefix(21) == ArraySlice(Array(repeating: 1, count: 20) + [0]))
    #expect(addresses.current.count == 20)
    #expect(Set(addresses.current).count == 1, "the array storage moved: it was copied")
    #expect(addresses.current.first == address(of: state.items))
  }

  @Test("a non-throwing reduce holds the store's state uniquely")
  func uniquelyReferenced() {
    let seen = Locked<[Bool]>([])
    let store = Store(
      state: Big(), reducer: Appending(seen: seen),
      stateAccess: .lentToReducer(readsInsideGet: Big()))
    for _ in 0..<5 { store.dispatch(Action(type: 3)) }
    #expect(seen.current == Array(repeating: true, count: 5))
    #expect(store.state.items[3] == 5)
  }

  @Test("a store that declares its actions still lends its state, and refuses a foreign one")
  func declaringStoreLends() {
    let seen = Locked<[Bool]>([])
    let log = DiagnosticLog()
    let store = Store(
      state: Big(), reducer: Appending(seen: seen),
      stateAccess: .lentToReducer(readsInsideGet: Big()), actions: ActionTypes(Slot.self),
      diagnostics: log.handler)
    let rejected = Locked<[Bool]>([])
    store.subscribe { action, _ in rejected.append(action is RejectedAction) }
    for _ in 0..<3 { store.dispatch(Action(Slot.third)) }
    // Refused before the reducer: the reducer never sees it, and the state stays the store's.
    store.dispatch(Action(Other.first))
    store.dispatch(Action(type: Slot.third.rawValue))
    #expect(seen.current == Array(repeating: true, count: 4), "the state was copied")
    #expect(rejected.current == [false, false, false, true, false])
    #expect(log.kinds == [.foreignAction])
    #expect(store.state.items[2] == 4)
    #expect(store.state.applied == 4)
  }

  @Test("a state kept elsewhere is copied, never changed under its holder")
  func keptStateIsCopied() {
    let kept = Locked<[Big]>([])
    let seen = Locked<[Bool]>([])
    let store = Store(
      state: Big(), reducer: Appending(seen: seen),
      stateAccess: .lentToReducer(readsInsideGet: Big()))
    store.subscribe { _, state in kept.append(state) }
    store.dispatch(Action(type: 1))
    store.dispatch(Action(type: 1))
    #expect(kept.current.map { $0.items[1] } == [1, 2])
    #expect(seen.current == [true, false])  // the subscriber held the first committed state
    #expect(store.state.items[1] == 2)
  }

  @Test("a throwing in-place reducer still works on a copy and a throw keeps the state")
  func throwingKeepsState() {
    let addresses = Locked<[Int]>([])
    let log = DiagnosticLog()
    let store = Store(
      state: Big(),
      reducer: InPlaceReducer<Big> { action, state in
        state.items[0] += 1  // changed before the throw: must not be kept
        state.applied += 1
        addresses.append(address(of: state.items))
        if action.type == 1 { throw Fault() }
      }, stateAccess: .lentToReducer(readsInsideGet: Big()), diagnostics: log.handler)
    store.dispatch(Action(type: 0))
    let before = store.state
    store.dispatch(Action(type: 1))
    let after = store.state
    #expect(after.items == before.items)
    #expect(after.applied == 1)
    #expect(after.items[0] == 1)
    // The store said where it was created that it copies instead of lending.
    #expect(log.kinds == [.stateCannotBeLent, .reducerFailed])
    // The reducer changed a copy: the committed array stayed where it was.
    #expect(address(of: after.items) == address(of: before.items))
    #expect(addresses.current.last != address(of: after.items))
  }

  @Test("a read on another thread during an in-place reduction returns the committed state")
  func readDuringReduction() async {
    let started = Latch()
    let reading = Locked<Store<Big>?>(nil)
    let slow = Store(
      state: Big(),
      reducer: InPlaceReducer<Big>.nonThrowing { _, state in
        state.applied += 1
        started.open()
        // Wait, without sleeping, until the reader has found the state lent and waits.
        while (reading.current?.lentStateReaders ?? 0) == 0 { yieldThread() }
        state.applied += 1  // the reader must see both changes or neither, never one
      }, stateAccess: .lentToReducer(readsInsideGet: Big()))
    reading.withLock { $0 = slow }
    let result = Locked<Int>(-1)
    let done = Latch()
    DispatchQueue.global().async {
      started.wait()
      result.withLock { $0 = slow.state.applied }
      done.open()
    }
    slow.dispatch(Action(type: 0))
    await done.wait()
    #expect(result.current == 2)
    #expect(slow.state.applied == 2)
    #expect(slow.lentStateReaders == 0)
    reading.withLock { $0 = nil }  // the reducer holds `reading`: break the cycle
  }

  @Test("reading the lent state from inside its own reducer gets readsInsideGet, reported")
  func readInsideReducer() {
    let holder = Locked<Store<Big>?>(nil)
    let log = DiagnosticLog()
    let store = Store(
      state: Big(),
      reducer: InPlaceReducer<Big>.nonThrowing { _, state in
        state.applied = (holder.current?.state.applied ?? -1) + 10
      }, stateAccess: .lentToReducer(readsInsideGet: Big(applied: 100)), diagnostics: log.handler)
    holder.withLock { $0 = store }
    store.dispatch(Action(type: 0))
    store.dispatch(Action(type: 0))
    #expect(store.state.applied == 110, "each read got the readsInsideGet state")
    #expect(log.kinds == [.stateReadWhileLent, .stateReadWhileLent])
    holder.withLock { $0 = nil }  // the reducer holds `holder`: break the cycle
  }

  @Test("without the option, a non-throwing in-place reducer works on its own value")
  func defaultKeepsState() {
    let seen = Locked<[Bool]>([])
    let store = Store(state: Big(), reducer: Appending(seen: seen))
    let before = store.state
    store.dispatch(Action(type: 3))
    #expect(seen.current == [false], "the store kept its state while the reducer ran")
    #expect(store.state.items[3] == 1)
    #expect(before.items[3] == 0)
  }
}

/// Gives up the thread's time slice while polling a condition another thread will make true.
private func yieldThread() {
  sched_yield()
}
