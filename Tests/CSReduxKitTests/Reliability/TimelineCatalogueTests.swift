import CSReduxKit
import CSReduxKitTestSupport
import Testing

// The timeline's messages in docs/reliability.md, produced by running their scenarios.

private struct Tally: StateProtocol, Codable, Equatable {
  var count = 0
}

private let tallyReducer = Reducer<Tally> { _, state, finish in
  finish(Tally(count: state.count + 1))
}

private func tallyStore(_ name: String) -> Store<Tally> {
  Store(state: Tally(), reducer: tallyReducer, name: name, diagnostics: { _ in })
}

private var tallyCodec: ActionLogCodec<Tally> {
  var codec = ActionLogCodec<Tally>()
  codec.register(0)
  return codec
}

/// A valid session of one store `A` with one entry, as lines.
private let header =
  #"{"entryCount":1,"format":"csreduxkit-timeline","redaction":{"rules":[]},"stores":[{"entryCount":1,"firstIndex":0,"initialState":{"count":0},"name":"A","stateType":"Tally"}],"version":1}"#
private let entry =
  #"{"durationNanoseconds":1,"index":0,"rejected":false,"sequence":0,"skipped":false,"state":{"count":1},"store":"A","time":1,"type":0}"#

@Suite("Reliability catalogue: the timeline's messages")
struct TimelineCatalogueTests {
  @Test("attaching a store twice reads as documented")
  func attach() throws {
    let store = tallyStore("A")
    let timeline = Timeline()
    try timeline.record(store, codec: tallyCodec)
    let twice = #expect(throws: TimelineError.self) {
      try timeline.record(tallyStore("A"), codec: tallyCodec)
    }
    expectDocumented(twice?.description)
    let other = #expect(throws: TimelineError.self) {
      try Timeline().record(store, codec: tallyCodec)
    }
    expectDocumented(other?.description)
  }

  @Test("recording a store that lends its state says so once, where it is attached")
  func lendingStore() throws {
    let reports = Locked<[StoreDiagnostic]>([])
    let lending = Store(
      state: Tally(),
      reducer: InPlaceReducer<Tally>.nonThrowing { _, state in state.count += 1 },
      stateAccess: .lentToReducer(readsInsideGet: Tally(count: -1)), name: "Lending",
      diagnostics: { diagnostic in reports.withLock { $0.append(diagnostic) } })
    // An action log keeps lending cheap with its checkpoints: it reports nothing.
    let log = ActionLog(recording: lending)
    #expect(reports.withLock { $0.isEmpty })
    let timeline = Timeline()
    try timeline.record(lending, codec: tallyCodec)
    try timeline.record(tallyStore("Plain"), codec: tallyCodec)
    for _ in 0..<3 { lending.dispatch(Action(type: 0)) }
    let reported = reports.withLock { $0 }
    #expect(reported.map(\.kind) == [.stateCannotBeLent])
    #expect(reported.first?.storeName == "Lending")
    expectDocumented(reported.first?.message)
    // The timeline keeps every state all the same.
    #expect(timeline.entries.compactMap { ($0.state as? Tally)?.count } == [1, 2, 3])
    #expect(log.entries.count == 3)
  }

  @Test("travel misuse reads as documented")
  func travel() async throws {
    let timeline = Timeline()
    do {
      let store = tallyStore("A")
      try timeline.record(store, codec: tallyCodec)
      store.dispatch(Action(type: 0))
      let missing = await #expect(throws: TimelineError.self) {
        try await timeline.jump(toSequence: 7)
      }
      expectDocumented(missing?.description)
    }
    // A store that went is left out of a jump; skipping one of its entries cannot recompute.
    try await timeline.jump(toSequence: 0)
    let gone = await #expect(throws: TimelineError.self) {
      try await timeline.setSkipped(true, sequence: 0)
    }
    expectDocumented(gone?.description)
  }

  @Test("recording a store under the name of a gone store of another type reads as documented")
  func otherStateType() throws {
    let timeline = Timeline()
    do { try timeline.record(tallyStore("A"), codec: tallyCodec) }
    var codec = ActionLogCodec<Catalogue.TodoState>()
    codec.register(0)
    let other = Store(
      state: Catalogue.TodoState(), reducer: Reducer { _, state, finish in finish(state) },
      name: "A", diagnostics: { _ in })
    let refused = #expect(throws: TimelineError.self) {
      try timeline.record(other, codec: codec)
    }
    expectDocumented(refused?.description)
  }

  @Test(
    "every bad timeline file reads as documented",
    arguments: [
      header.replacing("csreduxkit-timeline", with: "something-else"),
      header.replacing(#""version":1"#, with: #""version":2"#),
      header.replacing(#""name":"A""#, with: #""name":"B""#),
      header.replacing(#""entryCount":1,"f"#, with: #""entryCount":2,"f"#) + "\n" + entry
        + "\n" + entry,
      header + "\n" + entry.replacing(#""store":"A""#, with: #""store":"B""#),
      header + "\n"
        + entry.replacing(
          #""durationNanoseconds":1,"#,
          with: #""cause":{"kind":"rumour","sequence":0},"durationNanoseconds":1,"#),
      header.replacing(#""entryCount":1,"f"#, with: #""entryCount":3,"f"#) + "\n" + entry,
    ])
  func badImport(_ text: String) {
    var codec = TimelineCodec()
    codec.register(store: "A", codec: tallyCodec)
    let error = #expect(throws: ActionLogImportError.self) { try codec.decode(text) }
    expectDocumented(error?.description)
  }

  @Test(
    "a timeline line that does not decode reads as the action log's, deep nesting included",
    arguments: [
      (
        header + "\n{\"a\":" + String(repeating: "[", count: 600)
          + String(repeating: "]", count: 600) + "}",
        "line 2: the line nests arrays and objects more than 512 levels deep; the JSON decoder "
          + "reads at most 512"
      ),
      (
        header.replacing(#"{"entryCount":1,"format""#, with: #"{"format""#),
        "line 1: not a timeline header: header has no field .entryCount"
      ),
      (
        header + "\n" + entry.replacing(#""state":{"count":1}"#, with: #""state":{"count":"one"}"#),
        "line 2: entry field .state.count is not of type Int"
      ),
      (
        header.replacing(#""initialState":{"count":0}"#, with: #""initialState":{}"#) + "\n"
          + entry,
        "line 1: the initial state of \"A\" does not decode: initial state has no field .count"
      ),
    ])
  func undecodable(_ text: String, _ expected: String) {
    var codec = TimelineCodec()
    codec.register(store: "A", codec: tallyCodec)
    let error = #expect(throws: ActionLogImportError.self) { try codec.decode(text) }
    #expect(error.map { "line \($0.line): \($0.reason)" } == expected)
    expectDocumented(error?.description)
  }

  @Test("a replay without one of the session's stores reads as documented")
  func replayWithoutStore() async throws {
    var codec = TimelineCodec()
    codec.register(store: "A", codec: tallyCodec)
    let session = try codec.decode(header + "\n" + entry)
    do {
      try await TimelineReplay().check(session)
      Issue.record("a replay without stores matched")
    } catch {
      expectDocumented(error.description)
    }
  }
}
