import CSReduxKit
import CSReduxKitTestSupport
import Testing

/// A screen's store: a fresh "Todos" store each time the screen opens.
private func screenStore() -> Store<TodoState> { todoStore() }

/// Records a screen's store in `timeline`, dispatches `items` to it, and lets it go.
private func visit(_ timeline: Timeline, adding items: [String]) async throws {
  let store = screenStore()
  try timeline.record(store, codec: todosCodec)
  for item in items { _ = await store.send(Action(TodoAction.add, data: item)) }
}

@Suite("Timeline: stores that come and go")
struct TimelineLaneTests {
  @Test("a store named like one that went continues its lane, from its own initial state")
  func secondStoreContinuesTheLane() async throws {
    let timeline = Timeline()
    try await visit(timeline, adding: ["a", "b"])
    try await visit(timeline, adding: ["c"])
    #expect(timeline.storeNames == ["Todos"])
    let entries = timeline.entries
    #expect(entries.map(\.index) == [0, 1, 2, 3])
    #expect(entries.map(\.action.type) == [0, 0, StateReplacedAction.type, 0])
    #expect((entries[2].state as? TodoState) == TodoState())
    #expect((entries[3].state as? TodoState)?.items == ["c"])
  }

  @Test("a timeline that continued the lane of a gone store is freed with its entries")
  func timelineWithRetiredLanesIsFreed() async throws {
    // The canary rides in a rejected action's payload, which the entry keeps.
    final class Canary: Sendable {}
    weak var canary: Canary?
    do {
      let timeline = Timeline()
      try await visit(timeline, adding: ["a"])
      let store = screenStore()
      try timeline.record(store, codec: todosCodec)
      let payload = Canary()
      canary = payload
      _ = await store.send(Action(TodoAction.add, data: payload))
      #expect(timeline.entries.count == 3)
    }
    #expect(canary == nil, "the retired lane's tracer kept the timeline's entries alive")
  }

  @Test("a store named like one that is still alive is refused")
  func liveNamesakeIsRefused() throws {
    let timeline = Timeline()
    let first = screenStore()
    try timeline.record(first, codec: todosCodec)
    #expect(throws: TimelineError.self) { try timeline.record(screenStore(), codec: todosCodec) }
    withExtendedLifetime(first) {}
  }

  @Test("a store named like one that went, of another state type, is refused")
  func otherStateTypeIsRefused() async throws {
    let timeline = Timeline()
    try await visit(timeline, adding: ["a"])
    let other = Store(
      state: ProfileState(), reducer: profileReducer, name: "Todos", diagnostics: { _ in })
    #expect(throws: TimelineError.self) { try timeline.record(other, codec: profileCodec) }
  }

  @Test("causes from a store that went stay readable, after another store took its lane")
  func causesOutliveTheirStore() async throws {
    let timeline = Timeline()
    let account = accountStore()
    try timeline.record(account, codec: accountCodec)
    do {
      let screen = screenStore()
      try timeline.record(screen, codec: todosCodec)
      screen.dispatch(Action(TodoAction.add, data: "a")) { _ in
        account.dispatch(Action(AccountAction.noteActivity, data: 1))
      }
    }
    try await visit(timeline, adding: ["b"])
    let entries = timeline.entries
    let added = try #require(entries.first { $0.storeName == "Todos" })
    let noted = try #require(entries.first { $0.storeName == "Account" })
    #expect(noted.cause?.sequence == added.sequence)
    #expect(noted.cause?.kind == .completion)
  }

  @Test("a lane that starts again replays, exports and shows both visits on the page")
  func replayExportAndPage() async throws {
    let timeline = Timeline()
    try await visit(timeline, adding: ["a", "b"])
    try await visit(timeline, adding: ["c"])
    var replay = TimelineReplay()
    replay.add(
      Store(state: TodoState(), reducer: todoReducer, name: "Todos", diagnostics: { _ in }),
      codec: todosCodec)
    #expect(try await replay.check(timeline.session) == 4)
    var codec = TimelineCodec()
    codec.register(store: "Todos", codec: todosCodec)
    let text = try timeline.export()
    #expect(try await replay.check(codec.decode(text)) == 4)
    let page = try TimelinePage(jsonLines: text)
    #expect(page.storeNames == ["Todos"])
    #expect(page.entryCount == 4)
  }

  @Test("jumping and resuming leave out the stores that went")
  func travelSkipsGoneStores() async throws {
    let timeline = Timeline()
    let account = accountStore()
    try timeline.record(account, codec: accountCodec)
    account.dispatch(Action(AccountAction.noteActivity, data: 1))
    try await visit(timeline, adding: ["a"])
    account.dispatch(Action(AccountAction.noteActivity, data: 1))
    try await timeline.jump(toSequence: 0)
    #expect(account.state.activity == 1)
    try await timeline.resumeLive()
    #expect(account.state.activity == 2)
  }

  @Test("however many stores came and went, the timeline keeps one lane and its capacity")
  func churnStaysBounded() async throws {
    let timeline = Timeline(capacity: 20)
    weak var lastStore: Store<TodoState>?
    for _ in 0..<200 {
      let store = screenStore()
      try timeline.record(store, codec: todosCodec)
      for item in ["a", "b", "c"] { _ = await store.send(Action(TodoAction.add, data: item)) }
      lastStore = store
    }
    #expect(lastStore == nil)
    #expect(timeline.storeNames == ["Todos"])
    #expect(timeline.entries.count == 20)
    let counts = timeline.retainedLaneCounts
    // 20 entries span at most 6 visits of 4 entries: the retired lanes kept are those.
    #expect(counts.retired <= 6)
    #expect(counts.tracers == counts.retired + 1)
  }
}
