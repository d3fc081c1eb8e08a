import CSReduxKit
import CSReduxKitTestSupport
import Dispatch
import Foundation
import Testing

// StatePersistence: round trips, bad files, atomic replacement and saving after every commit.
// Each test works in a fresh temporary directory that it removes. The examples of
// docs/persistence.md are the regions between `// example: NAME` and `// end-example`.

/// Hooks into `Notes.encode(to:)`: count encodes, fail some, or hold the first one.
private final class EncodeProbe: @unchecked Sendable {
  /// Encodes of a state with one of these counts throw.
  let failingCounts: Set<Int>
  /// When set, the first encode waits until it is signalled.
  let gate: DispatchSemaphore?
  /// Opens when the first encode has started.
  let firstEncodeStarted = Latch()
  /// The `count` of every state encoded, in order.
  let encodedCounts = Locked<[Int]>([])

  init(failingCounts: Set<Int> = [], holdsFirstEncode: Bool = false) {
    self.failingCounts = failingCounts
    self.gate = holdsFirstEncode ? DispatchSemaphore(value: 0) : nil
  }

  func willEncode(_ notes: Notes) throws {
    let isFirst = encodedCounts.withLock { counts in
      counts.append(notes.count)
      return counts.count == 1
    }
    if isFirst, let gate {
      firstEncodeStarted.open()
      gate.wait()
    }
    if failingCounts.contains(notes.count) { throw NotesEncodingError(count: notes.count) }
  }
}

private struct NotesEncodingError: Error, CustomStringConvertible {
  let count: Int
  var description: String { "notes \(count) refuse to be encoded" }
}

/// The state the persistence tests save; its probe is not saved.
private struct Notes: StateProtocol, Codable, Equatable {
  var titles: [String] = []
  var count = 0
  var probe: EncodeProbe?

  private enum CodingKeys: String, CodingKey {
    case titles, count
  }

  init(titles: [String] = [], count: Int = 0, probe: EncodeProbe? = nil) {
    self.titles = titles
    self.count = count
    self.probe = probe
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    titles = try container.decode([String].self, forKey: .titles)
    count = try container.decode(Int.self, forKey: .count)
  }

  func encode(to encoder: any Encoder) throws {
    try probe?.willEncode(self)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(titles, forKey: .titles)
    try container.encode(count, forKey: .count)
  }

  static func == (lhs: Notes, rhs: Notes) -> Bool {
    lhs.titles == rhs.titles && lhs.count == rhs.count
  }
}

/// Adds one to `count` and appends the action's `String` payload, if any, keeping the probe.
private let probeNotesReducer = Reducer<Notes> { action, state, finish in
  var state = state
  state.count += 1
  if let title = action.data as? String { state.titles.append(title) }
  finish(state)
}

/// Runs `body` with a new empty directory, removed afterwards.
private func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
  let directory = FileManager.default.temporaryDirectory
    .appending(component: "StatePersistenceTests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  try body(directory)
}

/// The `async` form of `withTemporaryDirectory(_:)`, for a test that awaits a latch.
private func withTemporaryDirectory(_ body: (URL) async throws -> Void) async throws {
  let directory = FileManager.default.temporaryDirectory
    .appending(component: "StatePersistenceTests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  try await body(directory)
}

/// The names in `directory`, sorted.
private func contents(of directory: URL) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
    .sorted()
}

private func exists(_ url: URL) -> Bool {
  FileManager.default.fileExists(atPath: url.path(percentEncoded: false))
}

/// A file that restore must refuse, what it must say, and how it must be set aside.
struct BadStateFile: Sendable, CustomTestStringConvertible {
  let name: String
  let bytes: [UInt8]
  let kind: PersistenceError.Kind
  /// The start of the set-aside file's name.
  let prefix: String
  /// A phrase the error's description must contain.
  let says: String

  var testDescription: String { name }

  init(
    _ name: String, _ text: String, _ kind: PersistenceError.Kind, says: String,
    prefix: String = "notes.json.corrupt-"
  ) {
    self.init(name, Array(text.utf8), kind, says: says, prefix: prefix)
  }

  init(
    _ name: String, _ bytes: [UInt8], _ kind: PersistenceError.Kind, says: String,
    prefix: String = "notes.json.corrupt-"
  ) {
    self.name = name
    self.bytes = bytes
    self.kind = kind
    self.says = says
    self.prefix = prefix
  }

  static let valid =
    #"{"format":"csreduxkit-state","savedAt":"2026-11-21T15:30:00Z","schemaVersion":1,"#
    + #""state":{"count":2,"titles":["a","b"]}}"#

  static let all: [BadStateFile] = [
    BadStateFile(
      "garbage bytes", [0x00, 0xFF, 0x13, 0x37, 0xC0, 0xDE, 0x0A], .notJSON,
      says: "is not valid JSON"),
    BadStateFile("an empty file", "", .notJSON, says: "is empty"),
    BadStateFile(
      "truncated JSON", String(valid.prefix(valid.count / 2)), .notJSON,
      says: "is not valid JSON"),
    BadStateFile(
      "a wrong format marker",
      valid.replacingOccurrences(of: "csreduxkit-state", with: "other-app"), .notAStateFile,
      says: #"is not a state file: its format marker is "other-app", not "csreduxkit-state""#),
    BadStateFile(
      "no format marker", #"{"schemaVersion":1,"state":{"count":2,"titles":[]}}"#,
      .notAStateFile, says: #"is not a state file: it has no "format": "csreduxkit-state" marker"#),
    BadStateFile(
      "JSON that is not an object", "[1, 2, 3]", .notAStateFile,
      says: "is JSON but not a state file"),
    BadStateFile(
      "a state that does not decode",
      valid.replacingOccurrences(of: #""count":2"#, with: #""count":"two""#),
      .stateDoesNotDecode,
      says: "holds a state that does not decode as Notes (at state.count: Expected to decode Int "
        + "but found a string instead). It was"),
    BadStateFile(
      "a state with a missing field",
      valid.replacingOccurrences(of: #""count":2,"#, with: ""), .stateDoesNotDecode,
      says: "(state.count is missing)"),
    BadStateFile(
      "another schema version",
      valid.replacingOccurrences(of: #""schemaVersion":1"#, with: #""schemaVersion":2"#),
      .incompatibleSchema(found: 2, expected: 1),
      says: "was saved with schema version 2, but this app reads version 1",
      prefix: "notes.json.incompatible-"),
  ]
}

@Suite("StatePersistence")
struct StatePersistenceTests {
  // MARK: - Round trip

  @Test("a saved state restores as it was, from a sorted-keys JSON file with the format marker")
  func roundTrip() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appending(component: "notes.json")
      let persistence = StatePersistence<Notes>(fileURL: file, schemaVersion: 3)
      let saved = Notes(titles: ["Buy milk", "Walk / run"], count: 2)
      try persistence.save(saved)

      let restored = persistence.restore(or: Notes()) { Issue.record("reported \($0)") }
      #expect(restored.state == saved)
      #expect(restored.source == .file)
      #expect(restored.error == nil)

      let text = try String(contentsOf: file, encoding: .utf8)
      #expect(text.hasPrefix("{\n  \"format\" : \"csreduxkit-state\",\n  \"savedAt\" : \""))
      #expect(text.contains("\"schemaVersion\" : 3,\n  \"state\" : {\n    \"count\" : 2,"))
      #expect(text.contains("\"Walk / run\""))
      #expect(try contents(of: directory) == ["notes.json"])
    }
  }

  @Test("a second save replaces the first")
  func secondSave() throws {
    try withTemporaryDirectory { directory in
      let persistence = StatePersistence<Notes>(
        fileURL: directory.appending(component: "notes.json"), schemaVersion: 1)
      try persistence.save(Notes(titles: ["old"], count: 1))
      try persistence.save(Notes(titles: ["new"], count: 2))
      #expect(persistence.restore(or: Notes()).state == Notes(titles: ["new"], count: 2))
      #expect(try contents(of: directory) == ["notes.json"])
    }
  }

  @Test("a missing file gives the initial state and reports nothing")
  func missingFile() throws {
    try withTemporaryDirectory { directory in
      let persistence = StatePersistence<Notes>(
        fileURL: directory.appending(component: "never/saved/notes.json"), schemaVersion: 1)
      let initial = Notes(titles: ["initial"], count: 7)
      let restored = persistence.restore(or: initial) { Issue.record("reported \($0)") }
      #expect(restored.state == initial)
      #expect(restored.source == .noFile)
      #expect(restored.error == nil)
      let names = try contents(of: directory)
      #expect(names.isEmpty)
    }
  }

  @Test("restore removes the temporary files of saves that a crash interrupted, and only those")
  func leftoverTemporaryFiles() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appending(component: "notes.json")
      let persistence = StatePersistence<Notes>(fileURL: file, schemaVersion: 1)
      try persistence.save(Notes(count: 4))
      let leftover = directory.appending(component: ".notes.json.\(UUID().uuidString).tmp")
      let others = [".other.json.1234.tmp", "notes.json.tmp", ".notes.json.keep"]
      try Data("half a save".utf8).write(to: leftover)
      for name in others { try Data().write(to: directory.appending(component: name)) }

      #expect(persistence.restore(or: Notes()).state == Notes(count: 4))
      #expect(try contents(of: directory) == (others + ["notes.json"]).sorted())
    }
  }

  // MARK: - Bad files

  @Test(
    "a bad file gives the initial state, reports why, and is moved aside intact",
    arguments: BadStateFile.all)
  func badFile(_ bad: BadStateFile) throws {
    try withTemporaryDirectory { directory in
      let file = directory.appending(component: "notes.json")
      try Data(bad.bytes).write(to: file)
      let persistence = StatePersistence<Notes>(fileURL: file, schemaVersion: 1)
      let initial = Notes(titles: ["initial"], count: 7)
      var reports: [PersistenceError] = []

      let restored = persistence.restore(or: initial) { reports.append($0) }

      #expect(restored.state == initial)
      #expect(restored.source == .badFile)
      let error = try #require(restored.error)
      #expect(error.kind == bad.kind)
      #expect(reports.map(\.description) == [error.description])
      #expect(error.fileURL == file)
      let movedTo = try #require(error.movedTo)
      #expect(movedTo == directory.appending(component: movedTo.lastPathComponent))
      #expect(movedTo.lastPathComponent.hasPrefix(bad.prefix))
      #expect(try [UInt8](Data(contentsOf: movedTo)) == bad.bytes)
      #expect(!exists(file))
      #expect(try contents(of: directory) == [movedTo.lastPathComponent])

      let description = error.description
      #expect(
        description.hasPrefix("CSReduxKit: the state file \(file.path(percentEncoded: false)) "))
      #expect(description.contains(bad.says))
      #expect(
        description.contains(
          "It was moved to \(movedTo.path(percentEncoded: false)) and the initial state is used "
            + "instead."))
    }
  }

  @Test("a bad file does not stop the next save")
  func saveAfterBadFile() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appending(component: "notes.json")
      try Data("{ not json".utf8).write(to: file)
      let persistence = StatePersistence<Notes>(fileURL: file, schemaVersion: 1)
      #expect(persistence.restore(or: Notes()) { _ in }.source == .badFile)
      try persistence.save(Notes(count: 5))
      #expect(persistence.restore(or: Notes()).state == Notes(count: 5))
    }
  }

  @Test(
    "two bad files restored in turn are both kept, and an earlier set-aside file is never replaced")
  func twoBadFiles() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appending(component: "notes.json")
      let persistence = StatePersistence<Notes>(fileURL: file, schemaVersion: 1)
      // Files already named as this second's and the next second's set-aside files.
      let style = Date.ISO8601FormatStyle(
        dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted,
        timeZone: .gmt)
      let now = Date.now
      var placeholders: [URL] = []
      for date in [now, now.addingTimeInterval(1)] {
        let name = "notes.json.corrupt-\(date.formatted(style))"
        let placeholder = directory.appending(component: name)
        try Data("placeholder \(name)".utf8).write(to: placeholder)
        placeholders.append(placeholder)
      }

      try Data("first bad file".utf8).write(to: file)
      let first = try #require(persistence.restore(or: Notes()) { _ in }.error?.movedTo)
      try Data("second bad file".utf8).write(to: file)
      let second = try #require(persistence.restore(or: Notes()) { _ in }.error?.movedTo)

      #expect(first != second)
      #expect(!placeholders.contains(first) && !placeholders.contains(second))
      #expect(first.lastPathComponent.hasSuffix("-2"))
      #expect(try String(contentsOf: first, encoding: .utf8) == "first bad file")
      #expect(try String(contentsOf: second, encoding: .utf8) == "second bad file")
      for placeholder in placeholders {
        #expect(
          try String(contentsOf: placeholder, encoding: .utf8)
            == "placeholder \(placeholder.lastPathComponent)")
      }
      #expect(try contents(of: directory).count == 4)
    }
  }

  @Test("a folder in the file's place is reported as unreadable and never moved aside")
  func folderInPlace() throws {
    try withTemporaryDirectory { directory in
      // A directory in the file's place: it exists, but is no file, and only a file moves.
      let file = directory.appending(component: "notes.json")
      try FileManager.default.createDirectory(
        at: file.appending(component: "inside"), withIntermediateDirectories: true)
      let persistence = StatePersistence<Notes>(fileURL: file, schemaVersion: 1)

      let restored = persistence.restore(or: Notes(count: 1)) { _ in }

      #expect(restored.state == Notes(count: 1))
      let error = try #require(restored.error)
      #expect(error.kind == .unreadable)
      #expect(error.description.contains("is not a regular file"))
      #expect(error.movedTo == nil)
      #expect(exists(file.appending(component: "inside")))
      #expect(try contents(of: directory) == ["notes.json"])
    }
  }

  // MARK: - Atomic saving

  @Test(
    "a save whose state does not encode leaves the previous file byte for byte, and no temporary file"
  )
  func failedEncodeKeepsPreviousFile() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appending(component: "notes.json")
      let persistence = StatePersistence<Notes>(fileURL: file, schemaVersion: 1)
      try persistence.save(Notes(titles: ["kept"], count: 1))
      let before = try Data(contentsOf: file)

      let failing = Notes(titles: ["lost"], count: 2, probe: EncodeProbe(failingCounts: [2]))
      let error = #expect(throws: PersistenceError.self) { try persistence.save(failing) }

      #expect(error?.kind == .encodingFailed)
      #expect(error?.underlyingError is NotesEncodingError)
      #expect(error?.description.contains("did not encode (notes 2 refuse to be encoded)") == true)
      #expect(try Data(contentsOf: file) == before)
      #expect(try contents(of: directory) == ["notes.json"])
    }
  }

  @Test("a save refuses a folder in the file's place, leaves no temporary file and the folder")
  func saveRefusesFolder() throws {
    try withTemporaryDirectory { directory in
      // A non-empty directory where the file should be: refused before anything is created.
      let file = directory.appending(component: "notes.json")
      let inside = file.appending(component: "inside.txt")
      try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
      try Data("untouched".utf8).write(to: inside)
      let persistence = StatePersistence<Notes>(fileURL: file, schemaVersion: 1)

      let error = #expect(throws: PersistenceError.self) {
        try persistence.save(Notes(count: 1))
      }

      #expect(error?.kind == .writeFailed)
      #expect(
        error?.description.contains("is not a regular file") == true)
      #expect(try contents(of: directory) == ["notes.json"])
      #expect(try String(contentsOf: inside, encoding: .utf8) == "untouched")
    }
  }

  @Test("a save into a missing directory creates it")
  func saveCreatesDirectory() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appending(component: "a/b/notes.json")
      let persistence = StatePersistence<Notes>(fileURL: file, schemaVersion: 1)
      try persistence.save(Notes(count: 3))
      #expect(persistence.restore(or: Notes()).state == Notes(count: 3))
      #expect(try contents(of: file.deletingLastPathComponent()) == ["notes.json"])
    }
  }

  // MARK: - Saving after every commit

  @Test("keepSaving writes only the latest state when writes fall behind, and flush waits for it")
  func keepSavingCoalesces() async throws {
    try await withTemporaryDirectory { directory in
      let persistence = StatePersistence<Notes>(
        fileURL: directory.appending(component: "notes.json"), schemaVersion: 1)
      let probe = EncodeProbe(holdsFirstEncode: true)
      let store = Store(
        state: Notes(probe: probe), reducer: probeNotesReducer, diagnostics: { _ in })
      persistence.keepSaving(store) { Issue.record("save failed: \($0)") }

      store.dispatch(Action(type: 1, data: "first"))
      try #require(await probe.firstEncodeStarted.wait())
      for index in 2...50 { store.dispatch(Action(type: 1, data: "note \(index)")) }
      probe.gate?.signal()
      persistence.flush()

      // The held write of state 1, then one write of the latest state; 2…49 were skipped.
      #expect(probe.encodedCounts.current == [1, 50])
      let restored = persistence.restore(or: Notes())
      #expect(restored.state == store.state)
      #expect(restored.state.count == 50)
    }
  }

  @Test("keepSaving reports a failed save and saves again at the next commit")
  func keepSavingReportsFailures() throws {
    try withTemporaryDirectory { directory in
      let persistence = StatePersistence<Notes>(
        fileURL: directory.appending(component: "notes.json"), schemaVersion: 1)
      let probe = EncodeProbe(failingCounts: [2])
      let store = Store(
        state: Notes(probe: probe), reducer: probeNotesReducer, diagnostics: { _ in })
      let errors = Locked<[PersistenceError]>([])
      let subscription = persistence.keepSaving(store) { error in errors.append(error) }

      store.dispatch(Action(type: 1))
      persistence.flush()
      store.dispatch(Action(type: 1))
      persistence.flush()
      #expect(errors.current.map(\.kind) == [.encodingFailed])
      #expect(persistence.restore(or: Notes()).state.count == 1)

      store.dispatch(Action(type: 1))
      persistence.flush()
      #expect(persistence.restore(or: Notes()).state.count == 3)

      subscription.cancel()
      store.dispatch(Action(type: 1))
      persistence.flush()
      #expect(persistence.restore(or: Notes()).state.count == 3)
      #expect(errors.current.count == 1)
    }
  }
}

// MARK: - docs/persistence.md examples

private enum TodoAction: Int {
  case add
}

// example: todo-state
struct PersistedTodoState: StateProtocol, Codable, Equatable {
  var tasks: [String] = []
}
// end-example

@Suite("docs/persistence.md examples")
struct PersistenceDocExamplesTests {
  @Test("the start-and-save example restores what the previous run saved")
  func startAndSave() throws {
    try withTemporaryDirectory { directory in
      let todoReducer = InPlaceReducer<PersistedTodoState> { action, state in
        state.tasks.append(try action.payload(as: String.self))
      }
      for run in 1...2 {
        // example: start-and-save
        let persistence = StatePersistence<PersistedTodoState>(
          fileURL: directory.appending(component: "todo.json"), schemaVersion: 1)
        let restored = persistence.restore(or: PersistedTodoState())
        let store = Store(state: restored.state, reducer: todoReducer)
        persistence.keepSaving(store)

        store.dispatch(Action(TodoAction.add, data: "Buy milk"))
        persistence.flush()  // before the app quits
        // end-example
        #expect(restored.source == (run == 1 ? .noFile : .file))
        #expect(store.state.tasks == Array(repeating: "Buy milk", count: run))
      }
    }
  }

  @Test("the report example hands a bad file's error to the app's log")
  func report() throws {
    try withTemporaryDirectory { directory in
      let persistence = StatePersistence<PersistedTodoState>(
        fileURL: directory.appending(component: "todo.json"), schemaVersion: 1)
      try Data(#"{"format":"csreduxkit-state","schemaVersion":0,"state":{}}"#.utf8)
        .write(to: persistence.fileURL)
      let log = Locked<[String]>([])
      // example: report
      var notice: String?
      let restored = persistence.restore(or: PersistedTodoState()) { error in
        log.append(error.description)  // your logger here
      }
      if let keptAt = restored.error?.movedTo {
        notice =
          "Your saved tasks could not be read; they were kept in \(keptAt.lastPathComponent)."
      }
      // end-example
      #expect(
        notice?.hasPrefix(
          "Your saved tasks could not be read; they were kept in todo.json.incompatible-") == true)
      #expect(restored.source == .badFile)
      #expect(log.current.count == 1)
      #expect(log.current.first?.contains("schema version 0") == true)
    }
  }
}
