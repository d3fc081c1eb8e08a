import CSReduxKit
import CSReduxKitTestSupport
import Testing

/// An object of four integers: 16 bytes of header and 32 of its own.
private final class Item: Sendable {
  let first: Int
  let second = 0
  let third = 0
  let fourth = 0

  init(_ first: Int) {
    self.first = first
  }
}

/// An object holding `count` objects in an array.
private final class Catalog: Sendable {
  let items: [Item]

  init(count: Int, seed: Int) {
    items = (0..<count).map { Item(seed + $0) }
  }
}

/// A state holding one catalog, which each action replaces with new items.
private struct Shelf: StateProtocol {
  var catalog: Catalog
  var tick = 0
}

private let restock = Reducer<Shelf> { _, state, finish in
  var state = state
  state.tick += 1
  state.catalog = Catalog(count: state.catalog.items.count, seed: state.tick)
  finish(state)
}

/// An object whose `payload` is stored by its superclass.
private class Base: @unchecked Sendable {
  let payload = [Int](repeating: 0, count: 1 << 10)
}

private final class Derived: Base, @unchecked Sendable {
  let tag = 0
}

private struct Holder<Value: Sendable>: StateProtocol {
  var value: Value
  var tick = 0
}

/// A node of a graph that may be cyclic, with 8 KiB of its own.
private final class Node: @unchecked Sendable {
  var next: Node?
  let payload = [Int](repeating: 0, count: 1 << 10)
}

private func tick<Value>() -> Reducer<Holder<Value>> {
  Reducer { _, state, finish in
    var state = state
    state.tick += 1
    finish(state)
  }
}

@Suite("Action log: states holding objects")
struct ActionLogObjectSizeTests {
  @Test("the byte budget holds with a state holding an object with a large array of objects")
  func objectsCount() {
    // 1,024 items of 48 bytes each and their array's 8 KiB: 56 KiB per state, all new with
    // each action; a budget of 256 KiB keeps the initial state and three entries.
    let store = Store(
      state: Shelf(catalog: Catalog(count: 1_024, seed: 0)), reducer: restock,
      diagnostics: { _ in })
    let log = ActionLog(recording: store, capacity: 100, byteBudget: 256 << 10)
    for _ in 0..<12 { store.dispatch(Action(type: 1)) }
    let entries = log.entries
    let perState = 1_024 * (8 + 48)
    #expect(log.byteCount <= log.byteBudget)
    #expect(log.byteCount >= (entries.count + 1) * perState)
    #expect(entries.count == 3)
    #expect(entries.map(\.state.tick) == [10, 11, 12])
  }

  @Test("an object's superclass's stored properties are counted")
  func superclassCounts() {
    let store = Store(
      state: Holder(value: Derived()), reducer: tick(), diagnostics: { _ in })
    let log = ActionLog(recording: store)
    #expect(log.byteCount >= 8 << 10)
    #expect(log.byteCount < 9 << 10)
  }

  @Test("a cyclic object graph is walked once: each object counts once")
  func cycleCountsOnce() {
    let first = Node()
    let second = Node()
    let third = Node()
    first.next = second
    second.next = third
    third.next = first
    defer { third.next = nil }
    let store = Store(state: Holder(value: first), reducer: tick(), diagnostics: { _ in })
    let log = ActionLog(recording: store)
    #expect(log.byteCount >= 24 << 10)
    #expect(log.byteCount < 25 << 10)
  }

  @Test("storage every kept state shares counts once, not once per entry")
  func sharedCountsOnce() {
    // An object of 8 KiB, an array of 64 KiB and a dictionary of at least 16 KiB that no
    // action changes.
    let table = Dictionary(uniqueKeysWithValues: (0..<1_024).map { ($0, $0) })
    let store = Store(
      state: Holder(value: (Node(), [Int](repeating: 0, count: 8 << 10), table)),
      reducer: tick(), diagnostics: { _ in })
    let log = ActionLog(recording: store, byteBudget: 256 << 10)
    let initial = log.byteCount
    #expect(initial >= 88 << 10)
    #expect(initial < 160 << 10)
    for _ in 0..<50 { store.dispatch(Action(type: 1)) }
    #expect(log.entries.count == 50)
    // Each entry adds its inline bytes, nothing of what it shares.
    #expect(log.byteCount < initial + 50 * 256)
    // Once the initial state drops out, the entry after it counts the shared storage.
    let small = ActionLog(recording: store, capacity: 4, byteBudget: 256 << 10)
    for _ in 0..<10 { store.dispatch(Action(type: 1)) }
    #expect(small.entries.count == 4)
    #expect(small.byteCount >= 88 << 10)
    #expect(small.byteCount < initial + 5 * 256)
  }
}

@Suite("Action log: sizes past any budget")
struct ActionLogHugeSizeTests {
  @Test("a stateSize of Int.max keeps the newest entry instead of stopping the program")
  func hugeSize() {
    let store = Store(state: Holder(value: 0), reducer: tick(), diagnostics: { _ in })
    let log = ActionLog(recording: store, stateSize: { _ in Int.max })
    let unbounded = ActionLog(recording: store, byteBudget: .max, stateSize: { _ in .max })
    for _ in 0..<10 { store.dispatch(Action(type: 1)) }
    #expect(log.entries.map(\.state.tick) == [10])
    #expect(log.byteCount > log.byteBudget)
    // A state counts at most 2^60 bytes, a budget at most 2^62: a few entries stay.
    #expect(unbounded.entries.count < 10)
    #expect(unbounded.entries.last?.state.tick == 10)
    #expect(unbounded.byteBudget == .max)
  }
}

/// A field with storage that counts how often a walk reflects it: the walk reads a value's
/// children through its mirror, so every walk of a state that holds it counts one.
private struct Probe: CustomReflectable, Codable, Sendable {
  var storage: [Int]
  var reflections = Locked(0)

  enum CodingKeys: CodingKey {
    case storage
  }

  init(count: Int) {
    storage = [Int](repeating: 0, count: count)
  }

  var customMirror: Mirror {
    reflections.withLock { $0 += 1 }
    return Mirror(self, children: ["storage": storage])
  }
}

/// An app-shaped state: strings, the probe's array, a number each action changes.
private struct Probed: StateProtocol, Codable {
  var name = "a name long enough to be kept on the heap"
  var probe = Probe(count: 1_024)
  var tick = 0
}

/// Counts a tick, or (type 2) replaces the probe's array with a larger one.
private let probedReducer = Reducer<Probed> { action, state, finish in
  var state = state
  state.tick += 1
  if action.type == 2 { state.probe.storage = [Int](repeating: 1, count: 2_048) }
  finish(state)
}

@Suite("State sizes: a state whose storage no action changed is not walked again")
struct UnchangedStorageSizeTests {
  @Test("an ActionLog counts an unchanged state's storage without walking it, as the walk would")
  func logSkipsTheWalk() {
    let probe = Probe(count: 1_024)
    let store = Store(
      state: Probed(probe: probe), reducer: probedReducer, diagnostics: { _ in })
    let log = ActionLog(recording: store)
    let initial = log.byteCount
    let walksBefore = probe.reflections.withLock { $0 }
    for _ in 0..<20 { store.dispatch(Action(type: 1)) }
    // Each entry adds its inline bytes, as the walk counted them, without a walk.
    #expect(log.byteCount == initial + 20 * MemoryLayout<Probed>.size)
    #expect(probe.reflections.withLock { $0 } == walksBefore)
    // A new array is storage the walk must see: the state is walked, and the array counts.
    store.dispatch(Action(type: 2))
    #expect(probe.reflections.withLock { $0 } == walksBefore + 1)
    #expect(log.byteCount >= initial + 21 * MemoryLayout<Probed>.size + 2_048 * 8)
  }

  @Test("a Timeline counts each state whole without walking the storage the one before shares")
  func timelineSkipsTheWalk() throws {
    let probe = Probe(count: 1_024)
    let store = Store(
      state: Probed(probe: probe), reducer: probedReducer, name: "Probed",
      diagnostics: { _ in })
    let timeline = Timeline(capacity: 100)
    try timeline.record(store, codec: ActionLogCodec<Probed>())
    let initial = timeline.byteCount
    let walksBefore = probe.reflections.withLock { $0 }
    for _ in 0..<20 { store.dispatch(Action(type: 1)) }
    // Every state counts whole: 21 states of the initial state's size.
    #expect(timeline.byteCount == 21 * initial)
    #expect(probe.reflections.withLock { $0 } == walksBefore)
  }

  @Test("a change to the last of several fields side by side is seen: the new string counts")
  func lastOfAdjacentFieldsChanges() {
    // The two strings and the probe lie side by side and are compared as one run of bytes.
    let store = Store(state: Adjacent(), reducer: adjacentReducer, diagnostics: { _ in })
    let log = ActionLog(recording: store)
    let initial = log.byteCount
    let walksBefore = store.state.probe.reflections.withLock { $0 }
    store.dispatch(Action(type: 1))
    #expect(log.byteCount == initial + MemoryLayout<Adjacent>.size)
    // Only the second string changes: the state is walked and its new bytes count.
    store.dispatch(Action(type: 2))
    #expect(store.state.probe.reflections.withLock { $0 } == walksBefore + 1)
    let text = "a second text, longer than the first one, and new"
    #expect(log.byteCount == initial + 2 * MemoryLayout<Adjacent>.size + 32 + text.utf8.count)
  }
}

/// Two heap strings and the probe side by side, then a number each action changes.
private struct Adjacent: StateProtocol, Codable {
  var first = "a first text kept on the heap"
  var second = "a second text kept on the heap"
  var probe = Probe(count: 16)
  var tick = 0
}

/// Counts a tick, or (type 2) replaces the second string with a new, longer one.
private let adjacentReducer = Reducer<Adjacent> { action, state, finish in
  var state = state
  state.tick += 1
  if action.type == 2 { state.second = "a second text, longer than the first one, and new" }
  finish(state)
}
