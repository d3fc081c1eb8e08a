import CSReduxKit
import CSReduxKitTestSupport
import Foundation
import Testing

/// The entries of `store` whose action has `type`.
private func entries(
  _ timeline: Timeline, _ store: String, _ type: some RawRepresentable<Int>
) -> [TimelineEntry] {
  timeline.entries.filter { $0.storeName == store && $0.dispatchedAction.type == type.rawValue }
}

/// What the effect tests search for: an identity of their own.
private struct Search: Hashable, Sendable {}

private struct Offline: Error, CustomStringConvertible {
  var description: String { "the network is offline" }
}

@Suite("Timeline: effects as entries")
struct TimelineEffectTests {
  @Test("an effect started from outside is recorded; the actions it dispatched name it")
  func startedFromOutside() async throws {
    let todos = todoStore()
    let timeline = Timeline()
    try timeline.record(todos, codec: todosCodec)
    todos.dispatch(Action(TodoAction.add, data: "Tea"))
    let line = #line + 2
    todos.dispatch(
      .effect(id: Search()) { context in
        context.dispatch(Action(TodoAction.loaded, data: ["Buy milk"]))
        context.dispatch(Action(TodoAction.add, data: "Call Bob"))
      })
    try await todos.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    let effect = try #require(timeline.effects.first)
    #expect(timeline.effects.count == 1)
    #expect(effect.storeName == "Todos")
    #expect(effect.id == String(reflecting: Search()))
    #expect(effect.origin == "CSReduxKitDebuggingTests/TimelineEffectTests.swift:\(line)")
    #expect(effect.cause == nil, "started by a call from outside the stores")
    #expect(effect.startedAfter == 0, "after the add, entry #0")
    #expect(effect.end?.outcome == .finished)
    #expect(effect.end?.after == 2, "after the two entries it dispatched")
    let loaded = try #require(entries(timeline, "Todos", TodoAction.loaded).first)
    let added = try #require(entries(timeline, "Todos", TodoAction.add).last)
    #expect(loaded.effect == effect.number)
    #expect(added.effect == effect.number)
    #expect(timeline.entries.first?.effect == nil)
  }

  @Test("an effect a middleware starts names the entry it handled; its dispatches name both")
  func startedByMiddleware() async throws {
    let todos = loadingTodoStore()
    let timeline = Timeline()
    try timeline.record(todos, codec: todosCodec)
    todos.dispatch(Action(TodoAction.load))
    try await todos.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    let load = try #require(entries(timeline, "Todos", TodoAction.load).first)
    let loaded = try #require(entries(timeline, "Todos", TodoAction.loaded).first)
    let effect = try #require(timeline.effects.first)
    #expect(effect.cause == TimelineCause(sequence: load.sequence, kind: .middleware))
    #expect(loaded.effect == effect.number)
    #expect(loaded.cause == TimelineCause(sequence: load.sequence, kind: .effect))
  }

  @Test("an effect's dispatch into another recorded store names the effect too")
  func dispatchIntoAnotherStore() async throws {
    let account = accountStore()
    let todos = todoStore()
    let timeline = Timeline()
    try timeline.record(account, codec: accountCodec)
    try timeline.record(todos, codec: todosCodec)
    let subscription = account.subscribe(to: .cases(AccountAction.signIn)) { _, _ in
      todos.dispatch(
        .effect { context in
          await Task.yield()
          context.dispatch(Action(TodoAction.loaded, data: ["Buy milk"]))
          account.dispatch(Action(AccountAction.noteActivity, data: 1))
        })
    }
    defer { subscription.cancel() }
    account.dispatch(Action(AccountAction.signIn, data: Credentials(name: "ada", password: "pw")))
    try await todos.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    try await account.waitUntilIdle(timeout: .seconds(hangBound))
    let signIn = try #require(entries(timeline, "Account", AccountAction.signIn).first)
    let note = try #require(entries(timeline, "Account", AccountAction.noteActivity).first)
    let effect = try #require(timeline.effects.first)
    #expect(effect.cause == TimelineCause(sequence: signIn.sequence, kind: .subscriber))
    #expect(note.effect == effect.number)
    #expect(note.cause == TimelineCause(sequence: signIn.sequence, kind: .effect))
  }

  @Test("an effect cancelled by a newer one with cancelInFlight names it; a failure its error")
  func cancelledAndFailed() async throws {
    let todos = todoStore()
    let timeline = Timeline()
    try timeline.record(todos, codec: todosCodec)
    let started = Door()
    let never = Door()
    todos.dispatch(
      .effect(id: Search(), cancelInFlight: true) { context in
        started.open()
        try await never.waitUnlessCancelled()
        context.dispatch(Action(TodoAction.add, data: "never"))
      })
    #expect(await started.opened())
    todos.dispatch(
      .effect(id: Search(), cancelInFlight: true) { context in
        context.dispatch(Action(TodoAction.add, data: "found"))
        throw Offline()
      })
    try await todos.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    let effects = timeline.effects
    try #require(effects.count == 2)
    #expect(
      effects[0].end?.outcome == .cancelled(.init(reason: .newerEffect, effect: effects[1].number)))
    #expect(effects[1].end?.outcome == .failed(error: "the network is offline"))
    #expect(timeline.entries.map(\.effect) == [effects[1].number])
  }

  @Test("an explicit cancel names the entry during whose handling it was called")
  func cancelCall() async throws {
    let store = todoStore()
    let timeline = Timeline()
    try timeline.record(store, codec: todosCodec)
    let started = Door()
    let never = Door()
    for _ in 0..<2 {
      store.dispatch(
        .effect(id: Search()) { _ in
          started.open()
          try await never.waitUnlessCancelled()
        })
    }
    #expect(await started.opened())
    let subscription = store.subscribe(to: .cases(TodoAction.add)) { _, _ in
      store.cancelEffects(id: Search())
    }
    store.dispatch(Action(TodoAction.add, data: "Tea"))
    subscription.cancel()
    try await store.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    let add = try #require(entries(timeline, "Todos", TodoAction.add).first)
    let cancelled = TimelineEffect.Outcome.cancelled(
      .init(reason: .cancelCall, cause: TimelineCause(sequence: add.sequence, kind: .subscriber)))
    #expect(timeline.effects.map(\.end?.outcome) == [cancelled, cancelled])
  }

  @Test("a store that goes cancels its effects, and the timeline says so")
  func storeGone() async throws {
    let timeline = Timeline()
    let released = Door()
    try await runEffectOfGoneStore(timeline, released: released)
    #expect(await released.opened(within: 60), "the effect never ended")
    // The end is recorded once the work returned, before the engine lets go.
    #expect(timeline.effects.last?.end?.outcome == .cancelled(.init(reason: .storeGone)))
  }

  @Test("effects survive an export and an import: starts, ends, causes, the actions' effect")
  func roundTrip() async throws {
    let app = try RecordedApp()
    try await app.run()
    let todos = app.todos
    todos.dispatch(
      .effect(id: Search()) { context in
        context.dispatch(Action(TodoAction.add, data: "found"))
        throw Offline()
      })
    try await todos.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    let text = try app.timeline.export()
    let session = try app.codec.decode(text)
    let recorded = app.timeline.effects
    #expect(recorded.count == 2)
    #expect(session.effects.count == recorded.count)
    for (read, live) in zip(session.effects, recorded) {
      #expect(read.number == live.number)
      #expect(read.storeName == live.storeName)
      #expect(read.id == live.id)
      #expect(read.origin == live.origin)
      #expect(read.cause == live.cause)
      #expect(read.startedAfter == live.startedAfter)
      #expect(read.end?.outcome == live.end?.outcome)
      #expect(read.end?.after == live.end?.after)
      #expect(abs(read.startTime.timeIntervalSince(live.startTime)) < 0.001)
    }
    #expect(session.entries.map(\.effect) == app.timeline.entries.map(\.effect))
    #expect(session.entries.contains { $0.effect != nil })
    // A second export of the import writes the same effects.
    let header = try #require(text.split(separator: "\n").first)
    #expect(header.contains(#""effects":["#))
  }

  @Test("a store no timeline records makes no trace; a timeline that stopped records no effect")
  func notRecorded() async throws {
    let todos = todoStore()
    let timeline = Timeline()
    try timeline.record(todos, codec: todosCodec)
    timeline.stopRecording()
    todos.dispatch(.effect { context in context.dispatch(Action(TodoAction.load)) })
    try await todos.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    #expect(timeline.effects.isEmpty)
    #expect(timeline.entries.isEmpty)
  }
}

/// Starts an effect that waits until cancelled in a new recorded store, then lets the store go;
/// `released` opens once the store's machinery is gone, after the effect's task returned.
private func runEffectOfGoneStore(_ timeline: Timeline, released: Door) async throws {
  let onRelease = OnRelease { released.open() }
  let store = Store(
    state: TodoState(),
    reducer: Reducer<TodoState> { action, state, finish in
      _ = onRelease
      todoReducer.execute(action: action, state: state, finish: finish)
    }, name: "Todos", diagnostics: { _ in })
  try timeline.record(store, codec: todosCodec)
  let started = Door()
  let never = Door()
  store.dispatch(
    .effect { _ in
      started.open()
      try await never.waitUnlessCancelled()
    })
  #expect(await started.opened(within: 60))
}

/// Calls `body` when it is freed.
private final class OnRelease: Sendable {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  deinit { body() }
}

/// A timeline of store "A" with one entry, `entry` extra fields on it, and `effects` in its
/// header when given.
private func effectFile(effects: String?, entry: String = "") -> String {
  let list = effects.map { #""effects":\#($0),"# } ?? ""
  return #"{\#(list)"entryCount":1,"format":"csreduxkit-timeline","redaction":{"rules":[]},"#
    + #""stores":[{"entryCount":1,"firstIndex":0,"initialState":{"tasks":[]},"name":"A","#
    + #""stateType":"T"}],"version":1}"# + "\n"
    + #"{\#(entry)"durationNanoseconds":1,"index":0,"rejected":false,"sequence":0,"#
    + #""skipped":false,"state":{"tasks":[]},"store":"A","time":1,"type":0}"# + "\n"
}

private func decodeEffects(_ text: String) throws(ActionLogImportError) -> TimelineSession {
  var codec = TimelineCodec()
  codec.register(store: "A", codec: ActionLogCodec<TodoLogState>())
  return try codec.decode(text, unknownActionTypes: .skip)
}

@Suite("Timeline: a file's effects from strangers are refused on their line")
struct TimelineHostileEffectTests {
  @Test("a well-formed list of effects reads, and an entry names one")
  func wellFormed() throws {
    let session = try decodeEffects(
      effectFile(
        effects: #"[{"after":-1,"number":4,"store":"A","time":1,"end":{"after":0,"#
          + #""outcome":"cancelled","time":2,"cancelledBy":{"reason":"cancelCall","#
          + #""cause":{"kind":"subscriber","sequence":0}}}}]"#,
        entry: #""effect":4,"#))
    #expect(session.entries.map(\.effect) == [4])
    #expect(
      session.effects.first?.end?.outcome
        == .cancelled(.init(reason: .cancelCall, cause: .init(sequence: 0, kind: .subscriber))))
  }

  @Test(
    "each hostile effects list or effect field is refused, naming the field",
    arguments: [
      (#"{"a":1}"#, "line 1: header field .effects is not an array"),
      (#"[1]"#, "line 1: header field .effects[0] is not an object"),
      (
        #"[{"number":-1,"store":"A","after":0,"time":1}]"#,
        "line 1: header field .effects[0].number is not an integer of 0 or more"
      ),
      (
        #"[{"number":0,"store":"Z","after":0,"time":1}]"#,
        "line 1: header field .effects[0].store is not one of the header's stores"
      ),
      (
        #"[{"number":1,"store":"A","after":0,"time":1},{"number":1,"store":"A","after":0,"time":1}]"#,
        "line 1: header field .effects[1].number is 1, after effect 1"
      ),
      (
        #"[{"number":0,"store":"A","after":0,"time":"soon"}]"#,
        "line 1: header field .effects[0].time is not a number of seconds since 1970"
      ),
      (
        #"[{"number":0,"store":"A","after":0,"time":1,"end":{"after":0,"time":1,"outcome":"x"}}]"#,
        "line 1: header field .effects[0].end.outcome is not one of finished, failed, cancelled"
      ),
      (
        #"[{"number":0,"store":"A","after":3,"time":1,"end":{"after":2,"time":1,"outcome":"finished"}}]"#,
        "line 1: header field .effects[0].end.after is not an integer of 3 or more"
      ),
      (
        #"[{"number":0,"store":"A","after":0,"time":1,"end":{"after":0,"time":1,"#
          + #""outcome":"cancelled","cancelledBy":{"reason":"gremlins"}}}]"#,
        "line 1: header field .effects[0].end.cancelledBy is not {\"reason\": r}"
      ),
      (
        #"[{"number":0,"store":"A","after":0,"time":1,"cause":{"kind":"magic","sequence":0}}]"#,
        "line 1: header field .effects[0].cause is not {\"sequence\": n, \"kind\": k}"
      ),
    ])
  func refused(effects: String, message: String) {
    #expect {
      try decodeEffects(effectFile(effects: effects))
    } throws: { error in
      "\(error)".contains(message) && "\(error)".hasPrefix("timeline, line 1:")
    }
  }

  @Test("an entry's effect must be listed, or dropped before the first listed")
  func entryEffect() throws {
    let listed = #"[{"number":3,"store":"A","after":-1,"time":1}]"#
    #expect(throws: (any Error).self) {
      try decodeEffects(effectFile(effects: listed, entry: #""effect":5,"#))
    }
    #expect(throws: (any Error).self) {
      try decodeEffects(effectFile(effects: listed, entry: #""effect":"3","#))
    }
    let dropped = try decodeEffects(effectFile(effects: listed, entry: #""effect":1,"#))
    #expect(dropped.entries.first?.effect == 1)
  }
}

@Suite("Timeline: the time an entry spent in middleware")
struct TimelineMiddlewareDurationTests {
  @Test("a store with middleware records its chain's time; one without, none; a file keeps it")
  func recordedAndRead() async throws {
    let passOn = Middleware<TodoState> { action, context in context.next(action) }
    let todos = todoStore(middleware: [passOn])
    let account = accountStore()
    let timeline = Timeline()
    try timeline.record(todos, codec: todosCodec)
    try timeline.record(account, codec: accountCodec)
    _ = await todos.send(Action(TodoAction.add, data: "Tea"))
    _ = await account.send(Action(AccountAction.noteActivity, data: 1))
    let entries = timeline.entries
    #expect(entries.map { $0.middlewareDuration != nil } == [true, false])
    var codec = TimelineCodec()
    codec.register(store: "Todos", codec: todosCodec)
    codec.register(store: "Account", codec: accountCodec)
    let text = try timeline.export()
    #expect(text.contains(#""middlewareNanoseconds":"#))
    let session = try codec.decode(text)
    #expect(session.entries.map(\.middlewareDuration) == entries.map(\.middlewareDuration))
    let hostile = text.replacingOccurrences(
      of: #""middlewareNanoseconds":"#, with: #""middlewareNanoseconds":-"#)
    #expect {
      try codec.decode(hostile)
    } throws: { error in
      "\(error)".contains("entry field .middlewareNanoseconds is not an integer of 0 or more")
    }
  }
}

@Suite("Timeline: an effect's identity and error under a redaction policy")
struct TimelineEffectRedactionTests {
  @Test("a store with rules has its effects' identities and errors withheld, and marked")
  func withheld() async throws {
    struct Query: Hashable, Sendable { let text: String }
    struct Refused: Error, CustomStringConvertible {
      var description: String { "no results for my secret diary" }
    }
    var redaction = TimelineRedaction()
    redaction.withholdPayload(ofActionType: TodoAction.add, in: "Todos")
    let todos = todoStore()
    let timeline = Timeline(redaction: redaction)
    try timeline.record(todos, codec: todosCodec)
    todos.dispatch(.effect(id: Query(text: "my secret diary")) { _ in throw Refused() })
    try await todos.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    let text = try timeline.export()
    #expect(!text.contains("secret"))
    #expect(text.contains(#""redacted":["id","error"]"#))
    var codec = TimelineCodec()
    codec.register(store: "Todos", codec: todosCodec)
    #expect(try codec.decode(text).effects.first?.end?.outcome == .failed(error: ""))
  }
}
