import CSReduxKit
import CSReduxKitTestSupport
import Foundation
import Testing

private struct IndexOutOfRange: Error, CustomStringConvertible {
  let index: Int
  var description: String { "no task at \(index)" }
}

private let todoLogReducer = InPlaceReducer<TodoLogState> { action, state in
  switch TodoLogAction(rawValue: action.type) {
  case .add: state.tasks.append(try action.payload(as: String.self))
  case .delete:
    let index = try action.payload(as: Int.self)
    guard state.tasks.indices.contains(index) else { throw IndexOutOfRange(index: index) }
    state.tasks.remove(at: index)
  case .clear: state.tasks = []
  case nil: break
  }
}

private func todoStore() -> Store<TodoLogState> {
  Store(
    state: TodoLogState(), reducer: todoLogReducer,
    actions: ActionTypes(TodoLogAction.self), diagnostics: { _ in })
}

private var todoCodec: ActionLogCodec<TodoLogState> {
  var codec = ActionLogCodec<TodoLogState>(actions: ActionTypes(TodoLogAction.self))
  codec.register(TodoLogAction.add, payload: String.self)
  codec.register(TodoLogAction.delete, payload: Int.self)
  codec.register(TodoLogAction.clear)
  return codec
}

/// A recording with fixed timestamps, for comparing text exactly.
private func fixedRecording() -> ActionRecording<TodoLogState> {
  ActionRecording(
    initialState: TodoLogState(),
    entries: [
      ActionLogEntry(
        action: Action(TodoLogAction.add, data: "Milk"), state: TodoLogState(tasks: ["Milk"]),
        timestamp: Date(timeIntervalSince1970: 1_795_000_000.5),
        reducerDuration: .nanoseconds(1250),
        sequenceNumber: 0),
      ActionLogEntry(
        action: RejectedAction(
          Action(TodoLogAction.delete, data: 4), error: IndexOutOfRange(index: 4)),
        state: TodoLogState(tasks: ["Milk"]),
        timestamp: Date(timeIntervalSince1970: 1_795_000_001), reducerDuration: .nanoseconds(900),
        sequenceNumber: 1),
      ActionLogEntry(
        action: StateReplacedAction(state: TodoLogState(tasks: ["Tea"]), reason: "restored"),
        state: TodoLogState(tasks: ["Tea"]),
        timestamp: Date(timeIntervalSince1970: 1_795_000_002), reducerDuration: .zero,
        sequenceNumber: 2, isSkipped: true),
    ],
    storeName: "TodoStore")
}

private let fixedText = """
  {"entryCount":3,"format":"csreduxkit-action-log","initialState":{"tasks":[]},"store":"TodoStore","version":1}
  {"durationNanoseconds":1250,"name":"add","payload":"Milk","rejected":false,"sequence":0,"skipped":false,"state":{"tasks":["Milk"]},"time":1795000000.5,"type":0}
  {"durationNanoseconds":900,"error":"no task at 4","name":"delete","payload":4,"rejected":true,"sequence":1,"skipped":false,"state":{"tasks":["Milk"]},"time":1795000001,"type":1}
  {"durationNanoseconds":0,"name":"stateReplaced","reason":"restored","rejected":false,"sequence":2,"skipped":true,"state":{"tasks":["Tea"]},"time":1795000002,"type":-9223372036854775807}

  """

@Suite("Action log: export and import")
struct ActionLogCodecTests {
  @Test("a recording is written as JSON Lines, exactly")
  func format() throws {
    #expect(try todoCodec.encode(fixedRecording()) == fixedText)
  }

  @Test("reading the text back gives the same entries")
  func roundTrip() throws {
    let recording = try todoCodec.decode(fixedText)
    #expect(recording.storeName == "TodoStore")
    #expect(recording.initialState == TodoLogState())
    let entries = recording.entries
    #expect(entries.map(\.dispatchedAction.type) == [0, 1, StateReplacedAction.type])
    #expect(entries[0].dispatchedAction.data as? String == "Milk")
    #expect(entries[1].dispatchedAction.data as? Int == 4)
    #expect(entries.map(\.isRejected) == [false, true, false])
    #expect((entries[1].action as? RejectedAction).map { "\($0.error!)" } == "no task at 4")
    #expect(entries.map(\.isSkipped) == [false, false, true])
    #expect(entries.map(\.state.tasks) == [["Milk"], ["Milk"], ["Tea"]])
    #expect(entries.map(\.sequenceNumber) == [0, 1, 2])
    #expect(entries.map(\.reducerDuration) == [.nanoseconds(1250), .nanoseconds(900), .zero])
    #expect(entries[0].timestamp == Date(timeIntervalSince1970: 1_795_000_000.5))
    #expect((entries[2].action as? StateReplacedAction)?.reason == "restored")
    #expect(try todoCodec.encode(recording) == fixedText, "reading and writing is lossless")
  }

  @Test("a live session survives export, import and replay into a fresh store")
  func liveSession() async throws {
    let store = todoStore()
    let log = ActionLog(recording: store)
    store.dispatch(Action(TodoLogAction.add, data: "Milk"))
    store.dispatch(Action(TodoLogAction.add, data: "Eggs"))
    store.dispatch(Action(TodoLogAction.delete, data: 7))
    store.dispatch(Action(TodoLogAction.delete, data: 0))
    store.dispatch(Action(TodoLogAction.clear))
    let text = try todoCodec.encode(log.recording)
    let imported = try todoCodec.decode(text)
    #expect(imported.entries.map(\.state) == log.entries.map(\.state))
    let fresh = todoStore()
    #expect(try await imported.replay(into: fresh) == 5)
    #expect(fresh.state == store.state)
  }

  @Test("files are written and read back; a missing file is a clear error")
  func files() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("csreduxkit-log-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("session.jsonl")
    try todoCodec.write(fixedRecording(), to: file)
    #expect(try String(contentsOf: file, encoding: .utf8) == fixedText)
    #expect(try todoCodec.read(from: file).entries.count == 3)
    let missing = directory.appendingPathComponent("missing.jsonl")
    let error = #expect(throws: ActionLogImportError.self) { try todoCodec.read(from: missing) }
    #expect(error?.line == 0)
    #expect(error?.description == "action log: there is no file at \(missing.path)")
    let unwritable = directory.appendingPathComponent("session.jsonl/inside.jsonl")
    let writeError = #expect(throws: ActionLogExportError.self) {
      try todoCodec.write(fixedRecording(), to: unwritable)
    }
    #expect(
      writeError?.description
        == "cannot export the action log: \(unwritable.path) was not written: its directory "
        + "could not be created (File exists, errno 17)")
    #expect(try String(contentsOf: file, encoding: .utf8) == fixedText, "the old file is intact")
  }

  /// The fixed text with line `number` (from 1) replaced, or cut after `keeping` lines.
  private func text(replacing number: Int? = nil, with line: String = "", keeping: Int? = nil)
    -> String
  {
    var lines = fixedText.split(separator: "\n").map(String.init)
    if let number { lines[number - 1] = line }
    if let keeping { lines = Array(lines.prefix(keeping)) }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test(
    "bad input is rejected with the line and the reason, and nothing is read",
    arguments: [
      ("", "action log, line 1: the file is empty; expected a header line"),
      ("hello\n", "action log, line 1: not valid JSON (a corrupt or truncated line)"),
      (
        #"{"entryCount":0,"format":"something-else","initialState":{"tasks":[]},"store":"S","version":1}"#,
        #"action log, line 1: not an action log: format is "something-else", expected "csreduxkit-action-log""#
      ),
      (
        #"{"entryCount":0,"format":"csreduxkit-action-log","initialState":{"tasks":[]},"store":"S","version":2}"#,
        "action log, line 1: format version 2 is not supported; this codec reads version 1"
      ),
      (
        #"{"entryCount":0,"format":"csreduxkit-action-log","initialState":{"tasks":7},"store":"S","version":1}"#,
        "action log, line 1: header field .initialState.tasks is not of type Array<Any>"
      ),
      (
        #"{"format":"csreduxkit-action-log","initialState":{"tasks":[]},"store":"S","version":1}"#,
        "action log, line 1: header has no field .entryCount"
      ),
    ])
  func badHeader(input: String, message: String) {
    let error = #expect(throws: ActionLogImportError.self) { try todoCodec.decode(input) }
    #expect(error?.description == message)
  }

  @Test("an unknown action type is named with its line")
  func unknownType() {
    let bad = text(
      replacing: 3,
      with:
        #"{"durationNanoseconds":1,"payload":4,"rejected":false,"sequence":1,"skipped":false,"state":{"tasks":[]},"time":1,"type":42}"#
    )
    let error = #expect(throws: ActionLogImportError.self) { try todoCodec.decode(bad) }
    #expect(
      error?.description
        == "action log, line 3: unknown action type 42; register it with register(_:payload:) "
        + "or register(_:) on the codec, or import with unknownActionTypes: .skip")
  }

  @Test("a payload that does not decode as its registered type is named with its line")
  func badPayload() {
    let bad = text(
      replacing: 2,
      with:
        #"{"durationNanoseconds":1,"payload":[1],"rejected":false,"sequence":0,"skipped":false,"state":{"tasks":[]},"time":1,"type":0}"#
    )
    let error = #expect(throws: ActionLogImportError.self) { try todoCodec.decode(bad) }
    #expect(
      error?.description
        == "action log, line 2: the payload of action type 0 does not decode as String: "
        + "payload field .payload is not of type String")
  }

  @Test("a state that does not decode is named with its line and field")
  func badState() {
    let bad = text(
      replacing: 2,
      with:
        #"{"durationNanoseconds":1,"payload":"x","rejected":false,"sequence":0,"skipped":false,"state":{"tasks":[1]},"time":1,"type":0}"#
    )
    let error = #expect(throws: ActionLogImportError.self) { try todoCodec.decode(bad) }
    #expect(
      error?.description == "action log, line 2: entry field .state.tasks[0] is not of type String"
    )
  }

  @Test("a line cut in the middle is reported as corrupt or truncated")
  func truncatedLine() {
    let cut = String(fixedText.dropLast(40))
    let error = #expect(throws: ActionLogImportError.self) { try todoCodec.decode(cut) }
    #expect(
      error?.description == "action log, line 4: not valid JSON (a corrupt or truncated line)")
  }

  @Test("a file cut at a line boundary is caught by the header's entry count")
  func truncatedAtLineBoundary() {
    let error = #expect(throws: ActionLogImportError.self) {
      try todoCodec.decode(text(keeping: 3))
    }
    #expect(
      error?.description
        == "action log, line 4: the file ends after 2 entries; the header announced 3 "
        + "(truncated?)")
  }

  @Test("an empty line in the middle and a missing field are reported")
  func emptyLineAndMissingField() {
    let empty = #expect(throws: ActionLogImportError.self) {
      try todoCodec.decode(text(replacing: 3, with: ""))
    }
    #expect(empty?.description == "action log, line 3: the line is empty")
    let missing = #expect(throws: ActionLogImportError.self) {
      try todoCodec.decode(
        text(
          replacing: 2,
          with:
            #"{"durationNanoseconds":1,"payload":"x","rejected":false,"skipped":false,"state":{"tasks":[]},"time":1,"type":0}"#
        ))
    }
    #expect(missing?.description == "action log, line 2: entry has no field .sequence")
  }
}
