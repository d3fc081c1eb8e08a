import CSReduxKit
import Testing

@Suite("Timeline: travelling the app")
struct TimelineTravelTests {
  @Test("a jump sends three stores of different state types to their states at one point")
  func jump() async throws {
    let app = try RecordedApp()
    try await app.run()
    let entries = app.timeline.entries
    let addition = try #require(
      entries.first {
        $0.storeName == "Todos" && ($0.state as? TodoState)?.items.contains("Call Bob") == true
      })
    try await app.timeline.jump(toSequence: addition.sequence)
    #expect(app.timeline.travelPosition == addition.sequence)
    func state<State>(_ store: String, _: State.Type) -> State? {
      entries.last { $0.storeName == store && $0.sequence <= addition.sequence }?.state as? State
    }
    #expect(app.todos.state == state("Todos", TodoState.self))
    #expect(app.todos.state.items == ["Buy milk", "my secret diary", "Call Bob"])
    #expect(app.account.state == state("Account", AccountState.self))
    #expect(app.account.state.userName == "ada")
    #expect(app.profile.state == state("Profile", ProfileState.self))
    #expect(app.profile.state.displayName == "ada")
    // The timeline's own replacements are no entries, nor is what the app does meanwhile.
    #expect(app.timeline.entries.count == entries.count)
    _ = await app.todos.send(Action(TodoAction.add, data: "while travelled"))
    #expect(app.timeline.entries.count == entries.count)

    try await app.timeline.jump(toSequence: -1)
    #expect(app.todos.state == TodoState())
    #expect(app.account.state == AccountState())
    #expect(app.profile.state == ProfileState())

    try await app.timeline.resumeLive()
    #expect(app.timeline.travelPosition == nil)
    #expect(app.todos.state == entries.last { $0.storeName == "Todos" }?.state as? TodoState)
    #expect(app.account.state.userName == nil)
    #expect(app.profile.state.displayName == "")
  }

  @Test("a jump to a number the timeline does not hold throws and changes nothing")
  func jumpOutOfRange() async throws {
    let app = try RecordedApp()
    try await app.run()
    let before = app.todos.state
    await #expect(throws: TimelineError.self) { try await app.timeline.jump(toSequence: 1_000) }
    #expect(app.todos.state == before)
    #expect(app.timeline.travelPosition == nil)
  }

  @Test("skipping an entry recomputes what follows in its store, and only there")
  func skip() async throws {
    let app = try RecordedApp()
    try await app.run()
    let entries = app.timeline.entries
    let diary = try #require(
      entries.first { ($0.dispatchedAction.data as? String) == "my secret diary" })
    let accountBefore = app.account.state
    try await app.timeline.setSkipped(true, sequence: diary.sequence)
    let after = app.timeline.entries
    let todoStates = after.filter { $0.storeName == "Todos" }.compactMap { $0.state as? TodoState }
    #expect(todoStates.allSatisfy { !$0.items.contains("my secret diary") })
    let call = try #require(after.first { ($0.dispatchedAction.data as? String) == "Call Bob" })
    #expect((call.state as? TodoState)?.items == ["Buy milk", "Call Bob"])
    #expect(after.first { $0.sequence == diary.sequence }?.isSkipped == true)
    // Live, the store takes the recomputed state of its newest entry; the others keep theirs.
    #expect(app.todos.state == todoStates.last)
    #expect(app.account.state == accountBefore)
    #expect(
      after.filter { $0.storeName == "Account" }.map { $0.state as? AccountState }
        == entries.filter { $0.storeName == "Account" }.map { $0.state as? AccountState })

    try await app.timeline.setSkipped(false, sequence: diary.sequence)
    let again = try #require(
      app.timeline.entries.first { ($0.dispatchedAction.data as? String) == "Call Bob" })
    #expect((again.state as? TodoState)?.items == ["Buy milk", "my secret diary", "Call Bob"])
  }

  @Test("a full timeline drops the oldest entries and keeps each store's state before its oldest")
  func bounded() async throws {
    let todos = todoStore()
    let profile = profileStore()
    let timeline = Timeline(capacity: 4)
    try timeline.record(todos, codec: todosCodec)
    try timeline.record(profile, codec: profileCodec)
    for item in ["a", "b", "c"] { todos.dispatch(Action(TodoAction.add, data: item)) }
    profile.dispatch(Action(ProfileAction.showUser, data: "ada"))
    todos.dispatch(Action(TodoAction.add, data: "d"))
    let entries = timeline.entries
    #expect(entries.map(\.sequence) == [1, 2, 3, 4])
    #expect(entries.map(\.index) == [1, 2, 0, 3])
    // The state before the oldest entry kept is the state of the one dropped.
    try await timeline.jump(toSequence: 0)
    #expect(todos.state.items == ["a"])
    #expect(profile.state.displayName == "")
    #expect(timeline.session.stores.map(\.firstIndex) == [1, 0])
  }

  @Test("the byte budget bounds the states kept, the newest entry always staying")
  func byteBudget() throws {
    let todos = todoStore()
    let timeline = Timeline(capacity: 100, byteBudget: 100)
    try timeline.record(todos, codec: todosCodec, stateSize: { _ in 40 })
    for item in ["a", "b", "c", "d"] { todos.dispatch(Action(TodoAction.add, data: item)) }
    #expect(timeline.entries.count == 1)
    #expect(timeline.byteCount == 80)
  }

  @Test("a stateSize of Int.max keeps the newest entry instead of stopping the program")
  func hugeStateSize() throws {
    let todos = todoStore()
    let timeline = Timeline(capacity: 100, byteBudget: .max)
    try timeline.record(todos, codec: todosCodec, stateSize: { _ in .max })
    for item in ["a", "b", "c", "d"] { todos.dispatch(Action(TodoAction.add, data: item)) }
    #expect(timeline.entries.count < 4)
    #expect(timeline.byteCount > 0)
  }
}

/// A payload whose deallocation the lifetime test observes.
private final class Probe: Sendable {}

@Suite("Timeline: lifetime")
struct TimelineLifetimeTests {
  @Test("a timeline that goes lets its entries go, and the stores it recorded")
  func timelineIsFreed() throws {
    var probe: Probe? = Probe()
    weak let weakProbe = probe
    var timeline: Timeline? = Timeline()
    var store: Store<TodoState>? = todoStore()
    weak let weakStore = store
    if let timeline, let store { try timeline.record(store, codec: todosCodec) }
    store?.dispatch(Action(TodoAction.add, data: probe))
    probe = nil
    #expect(timeline?.entries.count == 1, "the action is recorded, with its payload")
    timeline = nil
    store = nil
    #expect(weakStore == nil)
    #expect(weakProbe == nil, "the entries went with the timeline")
  }

  @Test("a recorded store that goes is freed, engine and all, while its timeline lives on")
  func recordedStoreIsFreedFirst() throws {
    let timeline = Timeline()
    var store: Store<TodoState>? = todoStore()
    weak let weakStore = store
    weak let weakEngine = store?.engine
    if let store { try timeline.record(store, codec: todosCodec) }
    store?.dispatch(Action(TodoAction.add, data: "Buy milk"))
    store = nil
    #expect(weakStore == nil, "the timeline kept the store")
    #expect(weakEngine == nil, "the timeline kept the store's engine")
    #expect(timeline.entries.count == 1, "the entry stays with the timeline")
  }
}
