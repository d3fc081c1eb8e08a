import CSReduxKit
import CSReduxKitTestSupport
import Dispatch
import Foundation
import Testing

// Every message in docs/reliability.md, produced by running its scenario: each test captures the
// exact text a user sees (a diagnostic's message, an error's description, a crash's output) and
// fails until the catalogue shows it word for word. The catalogue's `<…>` placeholders (a path,
// a time, an error from the system) match any text on one line; everything else must be equal.

// MARK: - Scenarios

/// Runs `body` with a diagnostics handler and returns what it reported.
private func diagnostics(
  _ body: (@escaping @Sendable (StoreDiagnostic) -> Void) -> Void
) -> [StoreDiagnostic] {
  let log = DiagnosticLog()
  body(log.handler)
  return log.entries.current
}

private struct Boom: Error, CustomStringConvertible {
  var description: String { "boom" }
}

/// The state of the persistence scenarios, saved as `todo.json`.
enum Catalogue {
  struct TodoState: StateProtocol, Codable, Equatable {
    var tasks: [String] = []
    var count = 0
  }

  /// A state whose encoding always fails.
  struct Unencodable: StateProtocol, Codable {
    init() {}
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {
      throw EncodingError.invalidValue(
        0, EncodingError.Context(codingPath: [], debugDescription: "no encoding today"))
    }
  }
}

/// Runs `body` with a new empty directory, removed afterwards.
private func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
  let directory = FileManager.default.temporaryDirectory
    .appending(component: "ReliabilityCatalogue-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  try body(directory)
}

/// A valid action log's header and entry, for the bad-import scenarios.
private let header =
  #"{"entryCount":1,"format":"csreduxkit-action-log","initialState":{"tasks":[]},"store":"S","version":1}"#
private let entry =
  #"{"durationNanoseconds":1,"name":"add","payload":"Milk","rejected":false,"sequence":0,"skipped":false,"state":{"tasks":["Milk"]},"time":1,"type":0}"#

@Suite("Reliability catalogue: every message in docs/reliability.md is the one the code produces")
struct ReliabilityCatalogueTests {
  @Test("the catalogue is found next to the tests and holds messages")
  func catalogueIsRead() {
    #expect(DocumentedMessages.shared.problem == nil)
    #expect(DocumentedMessages.shared.templates.count > 40)
  }

  // MARK: Payloads

  @Test("payload errors and the default diagnostic line read as documented")
  func payloads() throws {
    let wrong = #expect(throws: PayloadError.self) {
      try Action(type: 3, data: 5).payload(as: String.self)
    }
    expectDocumented(wrong?.description)
    let missing = #expect(throws: PayloadError.self) {
      try Action(type: 3).payload(as: String.self)
    }
    expectDocumented(missing?.description)

    let reports = diagnostics { handler in
      let store = Store(
        state: Counter(),
        reducer: InPlaceReducer<Counter> { action, state in
          state.applied.append(Int(try action.payload(as: String.self)) ?? 0)
        }, name: "Notes", actions: ActionTypes(CounterAction.self), diagnostics: handler)
      store.dispatch(Action(CounterAction.reset, data: 5))
    }
    #expect(reports.map(\.kind) == [.reducerFailed])
    expectDocumented(reports.first?.message)
    expectDocumented(reports.first?.description)  // the default line's shape
  }

  // MARK: Finish

  @Test("finish called twice, never, or released reads as documented")
  func finishMisuse() async {
    let twice = diagnostics { handler in
      Store(
        state: Counter(),
        reducer: Reducer<Counter> { _, state, finish in
          finish(state)
          finish(state)
        }, diagnostics: handler
      ).dispatch(Action(type: 1))
    }
    #expect(twice.map(\.kind) == [.finishCalledTwice])
    expectDocumented(twice.first?.message)

    let released = diagnostics { handler in
      Store(state: Counter(), reducer: Reducer<Counter> { _, _, _ in }, diagnostics: handler)
        .dispatch(Action(type: 1))
    }
    #expect(released.map(\.kind) == [.finishReleasedWithoutCall])
    expectDocumented(released.first?.message)

    for waiting in [0, 1] {
      let log = DiagnosticLog()
      let held = Locked<[Finish<Counter>]>([])
      let store = Store(
        state: Counter(), reducer: Reducer<Counter> { _, _, finish in held.append(finish) },
        reducerTimeout: .milliseconds(10), diagnostics: log.handler)
      for type in 0...waiting { store.dispatch(Action(type: type)) }
      await log.latch(for: .reducerDidNotFinish).wait()
      expectDocumented(log.entries.current.first?.message)
      for _ in 0...waiting { held.current.last?(Counter()) }
      held.withLock { $0 = [] }
    }
  }

  @Test("a reducer's own error and a dispatch from inside a reducer read as documented")
  func reducerMisuse() {
    let failed = diagnostics { handler in
      Store(
        state: Counter(), reducer: Reducer<Counter> { _, _, finish in finish.fail(Boom()) },
        diagnostics: handler
      ).dispatch(Action(type: 1))
    }
    #expect(failed.map(\.kind) == [.reducerFailed])
    expectDocumented(failed.first?.message)

    let inside = diagnostics { handler in
      let box = Locked<Store<Counter>?>(nil)
      let store = Store(
        state: Counter(),
        reducer: Reducer<Counter> { action, state, finish in
          if action.type == 1 { box.current?.dispatch(Action(type: 2)) }
          finish(state)
        }, actions: ActionTypes(CounterAction.self), diagnostics: handler)
      box.withLock { $0 = store }
      store.dispatch(Action(CounterAction.increment))
      box.withLock { $0 = nil }
    }
    #expect(inside.map(\.kind) == [.dispatchFromReducer])
    expectDocumented(inside.first?.message)
  }

  @Test("a read of a lent state from inside its reducer reads as documented")
  func lentStateRead() {
    let read = diagnostics { handler in
      let box = Locked<Store<Counter>?>(nil)
      let store = Store(
        state: Counter(),
        reducer: InPlaceReducer<Counter>.nonThrowing { _, state in
          state.value = (box.current?.state.value ?? 0) + 1
        }, stateAccess: .lentToReducer(readsInsideGet: Counter()), diagnostics: handler)
      box.withLock { $0 = store }
      store.dispatch(Action(CounterAction.increment))
      box.withLock { $0 = nil }
    }
    #expect(read.map(\.kind) == [.stateReadWhileLent])
    expectDocumented(read.first?.message)
  }

  @Test("a feedback loop, a foreign subscription and a cross-store cycle read as documented")
  func loopsAndStrangers() {
    let loop = diagnostics { handler in
      let store = Store(
        state: Counter(), reducer: valueOnlyReducer(),
        actions: ActionTypes(CounterAction.self), nestedDispatchLimit: 10,
        diagnostics: handler)
      store.subscribe { [weak store] _, _ in store?.dispatch(Action(CounterAction.increment)) }
      store.dispatch(Action(CounterAction.increment))
    }
    #expect(loop.map(\.kind) == [.feedbackLoop])
    expectDocumented(loop.first?.message)

    let foreign = diagnostics { handler in
      let mine = Store(state: Counter(), reducer: counterReducer(), diagnostics: handler)
      let other = Store(state: Counter(), reducer: counterReducer())
      let subscription = other.subscribe { _, _ in }
      mine.unsubscribe(subscription)
    }
    #expect(foreign.map(\.kind) == [.foreignSubscription])
    expectDocumented(foreign.first?.message)

    let cycle = diagnostics { handler in
      let a = moduleStore("A")
      let b = moduleStore("B")
      let coordinator = StoreCoordinator(followDepthLimit: 3, diagnostics: handler)
      coordinator.follow(a, select: { $0.value }, in: b, sendsInitialValue: false) {
        Action(ModuleAction.setValue, data: $0 + 1)
      }
      coordinator.follow(b, select: { $0.value }, in: a, sendsInitialValue: false) {
        Action(ModuleAction.setValue, data: $0 + 1)
      }
      a.dispatch(Action(ModuleAction.setValue, data: 1))
    }
    #expect(cycle.map(\.kind) == [.crossStoreCycle])
    expectDocumented(cycle.first?.message)
  }

  @Test("a combined reducer's children are named in every report")
  func children() async {
    let failing = diagnostics { handler in
      Store(
        state: Counter(),
        reducer: CombinedReducer(named: [
          "check": Reducer<Counter> { _, _, finish in finish.fail(Boom()) }
        ]), diagnostics: handler
      ).dispatch(Action(type: 1))
    }
    expectDocumented(failing.first?.message)
    let released = diagnostics { handler in
      Store(
        state: Counter(), reducer: CombinedReducer(named: ["forgetful": Reducer { _, _, _ in }]),
        diagnostics: handler
      ).dispatch(Action(type: 1))
    }
    expectDocumented(released.first?.message)
    let twice = diagnostics { handler in
      Store(
        state: Counter(),
        reducer: CombinedReducer(named: [
          "twice": Reducer<Counter> { _, state, finish in
            finish(state)
            finish(state)
          }
        ]), diagnostics: handler
      ).dispatch(Action(type: 1))
    }
    expectDocumented(twice.first?.message)

    let log = DiagnosticLog()
    let held = Locked<[Finish<Counter>]>([])
    let store = Store(
      state: Counter(),
      reducer: CombinedReducer(named: ["stuck": Reducer { _, _, finish in held.append(finish) }]),
      reducerTimeout: .milliseconds(10), diagnostics: log.handler)
    store.dispatch(Action(type: 1))
    await log.latch(for: .reducerDidNotFinish).wait()
    expectDocumented(log.entries.current.first?.message)
    held.current.first?(Counter())
    held.withLock { $0 = [] }
  }

  @Test("a replacement carrying another state type is rejected as documented")
  func wrongReplacement() {
    struct Other: StateProtocol {}
    let reports = diagnostics { handler in
      Store(state: Counter(), reducer: counterReducer(), diagnostics: handler)
        .dispatch(StateReplacedAction(state: Other()))
    }
    #expect(reports.map(\.kind) == [.reducerFailed])
    expectDocumented(reports.first?.message)
  }

  // MARK: Finish(named:) and crashes, in a child process

  // Exit tests exist on macOS, Linux and Windows only (not on iOS, tvOS, watchOS, visionOS).
  #if os(macOS) || os(Linux) || os(Windows)
    @Test("Finish(named:) called twice prints the documented line to standard error")
    func directFinishTwice() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        Reducer<Counter> { _, state, finish in
          finish(state)
          finish(state)
        }.execute(action: Action(type: 1), state: Counter(), finish: Finish(named: "todo") { _ in })
      }
      let lines = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        .split(separator: "\n").map(String.init)
      let line = lines.first { $0.hasPrefix("CSReduxKit: ") }
      expectDocumented(line)
    }

    @Test("flush() from keepSaving's onError returns at once with the documented line")
    func flushOnWriterQueue() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        // Every save of a URL that is no file fails, so the handler runs.
        let web = URL(string: "https://example.com/todo.json") ?? URL(filePath: "/")
        let persistence = StatePersistence<Catalogue.TodoState>(fileURL: web, schemaVersion: 1)
        let store = Store(
          state: Catalogue.TodoState(),
          reducer: Reducer { _, state, finish in finish(state) })
        let handled = Latch()
        persistence.keepSaving(store) { _ in
          persistence.flush()  // on the writer queue
          handled.open()
        }
        store.dispatch(Action(type: 1))
        handled.wait()
      }
      let lines = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        .split(separator: "\n").map(String.init)
      let line = lines.first { $0.hasPrefix("CSReduxKit: StatePersistence.flush()") }
      expectDocumented(line)
    }

    @Test("a reducer that traps stops the process with the runtime's message")
    func reducerCrash() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let store = Store(
          state: Counter(),
          reducer: Reducer<Counter> { action, state, finish in
            let payload = action.data as? Int
            finish(Counter(value: payload!))  // a force unwrap of nil: a trap
          })
        store.dispatch(Action(type: 1))
      }
      let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      let line = output.split(separator: "\n").map(String.init).first {
        $0.contains("Fatal error")
      }
      expectDocumented(line)
    }
  #endif

  // MARK: Action log

  @Test("time travel misuse reads as documented")
  func timeTravel() {
    var store: Store<Counter>? = Store(state: Counter(), reducer: counterReducer())
    let log = ActionLog(recording: store!)
    let empty = #expect(throws: ActionLogError.self) { try log.jump(toEntry: 0) }
    expectDocumented(empty?.description)
    store?.dispatch(Action(type: 1))
    let outside = #expect(throws: ActionLogError.self) { try log.setSkipped(true, at: 5) }
    expectDocumented(outside?.description)
    store = nil
    let gone = #expect(throws: ActionLogError.self) { try log.jump(toEntry: -1) }
    expectDocumented(gone?.description)
  }

  private var codec: ActionLogCodec<TodoLogState> {
    var codec = ActionLogCodec<TodoLogState>(actions: ActionTypes(TodoLogAction.self))
    codec.register(TodoLogAction.add, payload: String.self)
    codec.register(TodoLogAction.delete, payload: Int.self)
    codec.register(TodoLogAction.clear)
    return codec
  }

  @Test(
    "every bad action log reads as documented",
    arguments: [
      "",
      "hello\n",
      header.replacing("csreduxkit-action-log", with: "something-else"),
      header.replacing(#""version":1"#, with: #""version":2"#),
      header.replacing(#""entryCount":1,"#, with: ""),
      header.replacing(#""entryCount":1"#, with: #""entryCount":-1"#),
      header.replacing(#""entryCount":1"#, with: #""entryCount":1000000"#) + "\n" + entry,
      header + "\n" + entry.replacing(#""type":0"#, with: #""type":42"#),
      header + "\n" + entry.replacing(#""Milk","rejected""#, with: #"[1],"rejected""#),
      header + "\n" + entry.replacing(#"["Milk"]}"#, with: #"[1]}"#),
      header + "\n" + entry.replacing(#""sequence":0,"#, with: ""),
      header + "\n" + String(entry.prefix(40)),
      header + "\n\n" + entry,
      header.replacing(#""entryCount":1"#, with: #""entryCount":3"#) + "\n" + entry,
      header + "\n" + entry + "\n" + entry,
    ])
  func badImport(_ text: String) {
    let error = #expect(throws: ActionLogImportError.self) { try codec.decode(text) }
    expectDocumented(error?.description)
  }

  @Test("an import past its limits reads as documented")
  func importLimits() {
    let nested = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    let deep = #expect(throws: ActionLogImportError.self) {
      try codec.decode(header + "\n" + entry.replacing(#"["Milk"]"#, with: nested))
    }
    expectDocumented(deep?.description)
    var strict = codec
    strict.maximumLineLength = 100
    let long = #expect(throws: ActionLogImportError.self) {
      try strict.decode(header + "\n" + entry)
    }
    expectDocumented(long?.description)
  }

  @Test("unreadable log files and failed exports read as documented")
  func logFiles() throws {
    try withTemporaryDirectory { directory in
      let missing = #expect(throws: ActionLogImportError.self) {
        try codec.read(from: directory.appending(component: "session.jsonl"))
      }
      expectDocumented(missing?.description)
      let latin = directory.appending(component: "latin1.jsonl")
      try Data(Array((header + "\n").utf8) + [0x63, 0x61, 0x66, 0xE9]).write(to: latin)
      let notText = #expect(throws: ActionLogImportError.self) { try codec.read(from: latin) }
      expectDocumented(notText?.description)

      let unwritable = #expect(throws: ActionLogExportError.self) {
        try codec.write(
          ActionRecording(initialState: TodoLogState(), entries: [], storeName: "S"),
          to: directory.appending(components: "latin1.jsonl", "session.jsonl"))
      }
      expectDocumented(unwritable?.description)
    }
  }

  @Test("replay mismatches read as documented")
  func replay() async {
    let store = Store(
      state: Counter(), reducer: counterReducer(),
      actions: ActionTypes(CounterAction.self))
    let log = ActionLog(recording: store)
    store.dispatch(Action(CounterAction.increment, data: 1))
    store.dispatch(Action(CounterAction.add, data: 2))
    let doubling = Store(
      state: Counter(),
      reducer: Reducer<Counter> { action, state, finish in
        var state = state
        state.value += 2 * ((action.data as? Int) ?? 1)
        state.applied.append(action.type)
        finish(state)
      }, actions: ActionTypes(CounterAction.self))
    let differs = await #expect(throws: ReplayMismatch.self) {
      try await log.recording.replay(into: doubling)
    }
    expectDocumented(differs?.description)
    let refusing = Store(
      state: Counter(), reducer: Reducer<Counter> { _, _, finish in finish.fail(Boom()) },
      actions: ActionTypes(CounterAction.self), diagnostics: { _ in })
    let rejected = await #expect(throws: ReplayMismatch.self) {
      try await log.recording.replay(into: refusing)
    }
    expectDocumented(rejected?.description)
  }

  // MARK: Persisted files

  @Test(
    "every bad state file reads as documented",
    arguments: [
      "",
      "{ \"format\": \"csreduxkit-st",
      "[1, 2, 3]",
      #"{"format":"other-app","schemaVersion":1,"state":{"count":2,"tasks":[]}}"#,
      #"{"schemaVersion":1,"state":{"count":2,"tasks":[]}}"#,
      #"{"format":"csreduxkit-state","state":{"count":2,"tasks":[]}}"#,
      #"{"format":"csreduxkit-state","schemaVersion":"1","state":{"count":2,"tasks":[]}}"#,
      #"{"format":3,"schemaVersion":1,"state":{"count":2,"tasks":[]}}"#,
      #"{"format":"csreduxkit-state","schemaVersion":2,"state":{"count":2,"tasks":[]}}"#,
      #"{"format":"csreduxkit-state","schemaVersion":1,"state":{"count":"two","tasks":[]}}"#,
      #"{"format":"csreduxkit-state","schemaVersion":1,"state":{"tasks":[]}}"#,
    ])
  func badStateFile(_ text: String) throws {
    try withTemporaryDirectory { directory in
      let file = directory.appending(component: "todo.json")
      try Data(text.utf8).write(to: file)
      let persistence = StatePersistence<Catalogue.TodoState>(fileURL: file, schemaVersion: 1)
      let restored = persistence.restore(or: Catalogue.TodoState()) { _ in }
      #expect(restored.source == .badFile)
      expectDocumented(restored.error?.description)
    }
  }

  @Test("garbage bytes, an unreadable file and failed saves read as documented")
  func stateFileSystem() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appending(component: "todo.json")
      try Data([0x00, 0xFF, 0x13, 0x37]).write(to: file)
      let persistence = StatePersistence<Catalogue.TodoState>(fileURL: file, schemaVersion: 1)
      expectDocumented(persistence.restore(or: Catalogue.TodoState()) { _ in }.error?.description)

      // A directory in the file's place: it cannot be read, and a save cannot replace it.
      try FileManager.default.createDirectory(
        at: file.appending(component: "inside"), withIntermediateDirectories: true)
      expectDocumented(persistence.restore(or: Catalogue.TodoState()) { _ in }.error?.description)
      try FileManager.default.createDirectory(
        at: file.appending(component: "inside"), withIntermediateDirectories: true)
      let rename = #expect(throws: PersistenceError.self) {
        try persistence.save(Catalogue.TodoState())
      }
      #expect(rename?.kind == .writeFailed)
      expectDocumented(rename?.description)

      // A file where the directory should be.
      try Data().write(to: file.appending(component: "inside/todo.json"))
      let nested = StatePersistence<Catalogue.TodoState>(
        fileURL: file.appending(components: "inside", "todo.json", "todo.json"), schemaVersion: 1)
      let noDirectory = #expect(throws: PersistenceError.self) {
        try nested.save(Catalogue.TodoState())
      }
      #expect(noDirectory?.kind == .writeFailed)
      expectDocumented(noDirectory?.description)
      // The same path restored: there is no file to keep, and nothing is moved.
      let nothing = nested.restore(or: Catalogue.TodoState()) { _ in }
      #expect(nothing.source == .badFile && nothing.error?.movedTo == nil)
      expectDocumented(nothing.error?.description)

      let unencodable = StatePersistence<Catalogue.Unencodable>(
        fileURL: directory.appending(component: "todo.json"), schemaVersion: 1)
      let encoding = #expect(throws: PersistenceError.self) {
        try unencodable.save(Catalogue.Unencodable())
      }
      #expect(encoding?.kind == .encodingFailed)
      expectDocumented(encoding?.description)
    }
  }
  @Test("a URL that is no file and symbolic links in a loop read as documented")
  func pathsThatAreNoFile() throws {
    let web = try #require(URL(string: "https://example.com/todo.json"))
    let remote = StatePersistence<Catalogue.TodoState>(fileURL: web, schemaVersion: 1)
    expectDocumented(remote.restore(or: Catalogue.TodoState()) { _ in }.error?.description)
    let notSaved = #expect(throws: PersistenceError.self) {
      try remote.save(Catalogue.TodoState())
    }
    expectDocumented(notSaved?.description)
    try withTemporaryDirectory { directory in
      let file = directory.appending(component: "todo.json")
      try FileManager.default.createSymbolicLink(
        atPath: file.path(percentEncoded: false), withDestinationPath: "todo.json")
      let looping = StatePersistence<Catalogue.TodoState>(fileURL: file, schemaVersion: 1)
      expectDocumented(looping.restore(or: Catalogue.TodoState()) { _ in }.error?.description)
      let loopSave = #expect(throws: PersistenceError.self) {
        try looping.save(Catalogue.TodoState())
      }
      expectDocumented(loopSave?.description)
      let inFolder = StatePersistence<Catalogue.TodoState>(
        fileURL: file.appending(component: "todo.json"), schemaVersion: 1)
      expectDocumented(inFolder.restore(or: Catalogue.TodoState()) { _ in }.error?.description)
      let folderSave = #expect(throws: PersistenceError.self) {
        try inFolder.save(Catalogue.TodoState())
      }
      expectDocumented(folderSave?.description)
    }
  }

  @Test("a bad file that cannot be moved aside is reported as documented, and the app goes on")
  func cannotMoveAside() throws {
    try withTemporaryDirectory { directory in
      // Every name the move may try, this second and the next, is taken. Under load the
      // restore may still come a second later: then those names are taken too, and it retries.
      let style = Date.ISO8601FormatStyle(
        dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted,
        timeZone: .gmt)
      var covered: Set<String> = []
      let file = directory.appending(component: "todo.json")
      let persistence = StatePersistence<Catalogue.TodoState>(fileURL: file, schemaVersion: 1)
      var result: RestoredState<Catalogue.TodoState>?
      for _ in 0..<10 where result == nil {
        let now = Date.now
        for date in [now, now.addingTimeInterval(1)] {
          let base = "todo.json.corrupt-\(date.formatted(style))"
          guard covered.insert(base).inserted else { continue }
          for attempt in 1...1000 {
            let name = attempt == 1 ? base : "\(base)-\(attempt)"
            try Data().write(to: directory.appending(component: name))
          }
        }
        try Data("{ not json".utf8).write(to: file)
        let attempt = persistence.restore(or: Catalogue.TodoState(count: 7)) { _ in }
        if attempt.error?.movedTo == nil { result = attempt }
      }
      let restored = try #require(result, "every restore found a free name to move the file to")
      #expect(restored.state == Catalogue.TodoState(count: 7))
      #expect(try Data(contentsOf: file) == Data("{ not json".utf8), "the file is left in place")
      expectDocumented(restored.error?.description)
    }
  }

  // MARK: Rough edges (see the catalogue's "Rough edges" section)

  @Test("a state that fails to encode as a whole is described without an empty path")
  func encodingErrorWithoutPath() throws {
    try withTemporaryDirectory { directory in
      let persistence = StatePersistence<Catalogue.Unencodable>(
        fileURL: directory.appending(component: "todo.json"), schemaVersion: 1)
      let error = #expect(throws: PersistenceError.self) {
        try persistence.save(Catalogue.Unencodable())
      }
      #expect(error?.description.contains("(at : ") == false)
      #expect(error?.description.contains("(no encoding today)") == true)
    }
  }

  @Test("a missing action log file is described without Foundation's raw error")
  func missingLogFileWithoutRawError() throws {
    try withTemporaryDirectory { directory in
      let error = #expect(throws: ActionLogImportError.self) {
        try codec.read(from: directory.appending(component: "session.jsonl"))
      }
      #expect(error?.description.contains("Error Domain=") == false)
    }
  }
}
