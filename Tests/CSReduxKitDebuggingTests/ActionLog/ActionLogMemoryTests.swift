import CSReduxKit
import CSReduxKitTestSupport
import Testing

/// A state of `count` integers (8 bytes each) of which each action changes one: no entry
/// shares its array with the one before.
private struct Cells: StateProtocol, Equatable {
  var cells: [Int]
  var tick = 0

  init(count: Int) {
    cells = Array(repeating: 0, count: count)
  }
}

/// Adds the payload (or 1) to one cell, a different one each time.
private let bump = Reducer<Cells> { action, state, finish in
  var state = state
  state.cells[state.tick % state.cells.count] += (action.data as? Int) ?? 1
  state.tick += 1
  finish(state)
}

/// A buffer that counts the copies made of it, as an array's copy-on-write would make them.
private final class CountedBuffer: @unchecked Sendable {
  var value: Int
  let copies: Locked<Int>

  init(value: Int, copies: Locked<Int>) {
    self.value = value
    self.copies = copies
  }
}

/// A state whose in-place changes copy its buffer only when it is shared, counting each copy.
private struct Counted: StateProtocol, Equatable {
  var buffer: CountedBuffer
  var value: Int { buffer.value }

  init(value: Int, copies: Locked<Int>) {
    buffer = CountedBuffer(value: value, copies: copies)
  }

  mutating func add(_ amount: Int) {
    if !isKnownUniquelyReferenced(&buffer) {
      buffer.copies.withLock { $0 += 1 }
      buffer = CountedBuffer(value: buffer.value, copies: buffer.copies)
    }
    buffer.value += amount
  }

  static func == (left: Counted, right: Counted) -> Bool { left.value == right.value }
}

/// A store that lends its `Counted` state to an in-place reducer adding the payload (or 1).
private func lendingStore(copies: Locked<Int>) -> Store<Counted> {
  Store(
    state: Counted(value: 0, copies: copies),
    reducer: InPlaceReducer<Counted>.nonThrowing { action, state in
      state.add((action.data as? Int) ?? 1)
    }, stateAccess: .lentToReducer(readsInsideGet: Counted(value: -1, copies: Locked(0))),
    diagnostics: { _ in })
}

@Suite("Action log: memory")
struct ActionLogMemoryTests {
  @Test("the byte budget holds with a large state: the oldest entries drop out")
  func byteBudgetHolds() throws {
    // 64 Ki integers: half a megabyte per state; a budget of 2 MB keeps three of them, the
    // initial state and two entries.
    let store = Store(state: Cells(count: 64 << 10), reducer: bump, diagnostics: { _ in })
    let log = ActionLog(recording: store, byteBudget: 2 << 20)
    for _ in 0..<20 { store.dispatch(Action(type: 1)) }
    let entries = log.entries
    #expect(log.byteCount <= log.byteBudget)
    #expect(log.byteCount >= entries.count * (512 << 10))
    #expect(entries.count == 2)
    #expect(entries.map(\.sequenceNumber) == [18, 19])
    // What is kept is exact: the initial state is the one before the oldest entry kept, and
    // time travel still lands on the recorded states.
    #expect(log.initialState.tick == 18)
    #expect(entries.map(\.state.tick) == [19, 20])
    try log.jump(toEntry: 0)
    #expect(store.state.tick == 19)
  }

  @Test("a state without references counts its own size; a collection its elements")
  func estimate() {
    let small = Store(
      state: Counter(),
      reducer: Reducer<Counter> { _, state, finish in
        finish(state)
      }, diagnostics: { _ in })
    let smallLog = ActionLog(recording: small)
    #expect(smallLog.byteCount == MemoryLayout<Counter>.size)
    let large = Store(state: Cells(count: 1 << 10), reducer: bump, diagnostics: { _ in })
    let largeLog = ActionLog(recording: large)
    #expect(largeLog.byteCount >= 8 << 10)
    #expect(largeLog.byteCount < 9 << 10)
    #expect(ActionLog<Counter>.defaultByteBudget == 64 << 20)
    #expect(smallLog.byteBudget == 64 << 20)
  }

  @Test("a stateSize closure counts the states; a budget below 0 keeps the newest entry")
  func customSize() {
    let store = Store(state: Cells(count: 4), reducer: bump, diagnostics: { _ in })
    let log = ActionLog(recording: store, byteBudget: 300, stateSize: { _ in 100 })
    for _ in 0..<5 { store.dispatch(Action(type: 1)) }
    #expect(log.entries.count == 2)  // 100 for the initial state, 100 for each entry
    #expect(log.byteCount == 300)
    let tight = ActionLog(recording: store, byteBudget: -1, stateSize: { _ in 100 })
    store.dispatch(Action(type: 1))
    store.dispatch(Action(type: 1))
    #expect(tight.entries.count == 1)
    #expect(tight.byteBudget == 0)
  }

  @Test("a log of a lending store keeps a state per checkpoint, so actions do not copy it")
  func lendingStaysCheap() {
    let copies = Locked(0)
    let plain = lendingStore(copies: copies)
    for _ in 0..<32 { plain.dispatch(Action(type: 1)) }
    #expect(copies.current == 0)

    let store = lendingStore(copies: copies)
    let log = ActionLog(recording: store, checkpointInterval: 8)
    for _ in 0..<32 { store.dispatch(Action(type: 1)) }
    // One copy for each state the log keeps (the initial one, the first entry's, then one in
    // eight), none for the actions in between.
    #expect(copies.current == 5)
    #expect(log.entries.map(\.state.value) == Array(1...32))
    #expect(log.recording.entries.map(\.state.value) == Array(1...32))
  }

  @Test("a paused log of a lending store does not copy the state per action; resume is exact")
  func lendingPaused() {
    let copies = Locked(0)
    let store = lendingStore(copies: copies)
    let log = ActionLog(recording: store, checkpointInterval: 8)
    store.dispatch(Action(type: 1))
    log.pause()
    for _ in 0..<16 { store.dispatch(Action(type: 1)) }
    // The initial state, the first entry's, then one state in eight of the missed actions.
    #expect(copies.current == 3)
    log.resume()
    #expect(log.entries.map(\.state.value) == [1, 17])
    #expect(log.entries.last?.isStateReplacement == true)
    log.pause()
    for _ in 0..<3 { store.dispatch(Action(type: 1)) }
    log.resume()  // recomputes the three actions from the entry before them
    #expect(log.entries.map(\.state.value) == [1, 17, 20])
    #expect(store.state.value == 20)
  }

  @Test("a lending store's log recomputes what it did not keep: jumps, skips, drops, clear")
  func lendingRecomputes() throws {
    let copies = Locked(0)
    let store = lendingStore(copies: copies)
    let log = ActionLog(recording: store, capacity: 10, checkpointInterval: 4)
    for amount in 1...14 { store.dispatch(Action(type: 1, data: amount)) }
    // 14 entries recorded, the first 4 dropped: the initial state is the sum of 1...4.
    var sums: [Int] = []
    var sum = 0
    for amount in 1...14 {
      sum += amount
      sums.append(sum)
    }
    #expect(log.initialState.value == sums[3])
    #expect(log.entries.map(\.state.value) == Array(sums[4...]))

    try log.jump(toEntry: 2)  // an entry between checkpoints
    #expect(store.state.value == sums[6])
    try log.jump(toEntry: 9)
    try log.setSkipped(true, at: 1)  // leaves out the 6
    #expect(log.entries.map(\.state.value) == [sums[4]] + sums[5...].map { $0 - 6 })
    #expect(store.state.value == sums[13] - 6)
    try log.setSkipped(false, at: 1)
    #expect(log.entries.map(\.state.value) == Array(sums[4...]))

    try log.jump(toEntry: 5)
    log.clear()
    #expect(log.initialState.value == sums[9])
    store.dispatch(Action(type: 1, data: 100))
    #expect(log.entries.map(\.state.value) == [sums[9] + 100])
  }
}
