import CSReduxKit
import CSReduxKitTestSupport
import Foundation
import Testing

// Sessions as a bug report records them: wrong payloads, rejected actions, action types the
// codec does not know, files edited on another system. Export never refuses them; import
// reads them back, tolerant of line endings and strict where it matters.

private struct SessionState: StateProtocol, Codable, Equatable {
  var notes: [String] = []
}

private enum SessionAction: Int, CaseIterable {
  case add, remove, clear, rate
}

private let sessionReducer = InPlaceReducer<SessionState> { action, state in
  switch SessionAction(rawValue: action.type) {
  case .add: state.notes.append(try action.payload(as: String.self))
  case .remove:
    let index = try action.payload(as: Int.self)
    guard state.notes.indices.contains(index) else {
      throw PayloadError(
        actionType: action.type, expected: "an index of a note", found: "\(index)")
    }
    state.notes.remove(at: index)
  case .clear: state.notes = []
  case .rate: _ = try action.payload(as: Double.self)
  case nil: break
  }
}

private func sessionStore() -> Store<SessionState> {
  Store(
    state: SessionState(), reducer: sessionReducer, name: "NotesStore",
    actions: ActionTypes(SessionAction.self), diagnostics: { _ in })
}

private var sessionCodec: ActionLogCodec<SessionState> {
  var codec = ActionLogCodec<SessionState>(actions: ActionTypes(SessionAction.self))
  codec.register(SessionAction.add, payload: String.self)
  codec.register(SessionAction.remove, payload: Int.self)
  codec.register(SessionAction.clear)
  codec.register(SessionAction.rate, payload: Double.self)
  return codec
}

/// The entries' lines of an export (the header dropped).
private func entryLines(_ text: String) -> [Substring] {
  Array(text.split(separator: "\n").dropFirst())
}

@Suite("Action log: export never refuses a recorded session")
struct ActionLogExportSessionTests {
  @Test("a payload of the wrong type is written as a placeholder and read back as one")
  func wrongPayloadType() throws {
    let store = sessionStore()
    let log = ActionLog(recording: store)
    store.dispatch(Action(SessionAction.add, data: "Buy milk"))
    store.dispatch(Action(SessionAction.add, data: 12))  // rejected: not a String
    let text = try sessionCodec.encode(log.recording)
    #expect(
      entryLines(text)[1].contains(#""unexportedPayload":{"summary":"12","type":"Int"}"#))
    #expect(!entryLines(text)[1].contains(#""payload""#))
    let entry = try sessionCodec.decode(text).entries[1]
    #expect(
      entry.action.data as? UnexportedPayload
        == UnexportedPayload(
          typeName: "Int", summary: "12"))
    #expect(entry.hasUnexportedPayload)
    #expect(entry.isRejected)
    // Found by Fuzz/Harnesses/ActionLogImport: a placeholder exported again was wrapped in a
    // second placeholder ("unexported UnexportedPayload payload: …").
    #expect(try sessionCodec.encode(sessionCodec.decode(text)) == text)
    #expect(
      "\((entry.action as? RejectedAction)?.error.map { "\($0)" } ?? "")"
        == "action 0: expected String payload, found Int")
  }

  @Test("an unregistered action type is written as a placeholder, a missing payload as null")
  func unregisteredTypeAndMissingPayload() throws {
    var codec = ActionLogCodec<SessionState>(actions: ActionTypes(SessionAction.self))
    codec.register(SessionAction.add, payload: String.self)
    let store = sessionStore()
    let log = ActionLog(recording: store)
    store.dispatch(Action(SessionAction.remove, data: 0))  // not registered: rejected, no note
    store.dispatch(Action(SessionAction.add))  // registered, but no payload: rejected
    store.dispatch(Action(type: 9))  // neither registered nor carrying a payload
    let text = try codec.encode(log.recording)
    let lines = entryLines(text)
    #expect(lines[0].contains(#""unexportedPayload":{"summary":"0","type":"Int"}"#))
    #expect(lines[1].contains(#""payload":null"#))
    #expect(lines[2].contains(#""payload":null"#))
    let entries = try codec.decode(text).entries
    #expect(
      entries[0].action.data as? UnexportedPayload
        == UnexportedPayload(
          typeName: "Int", summary: "0"))
    #expect(entries[1].action.data == nil && entries[1].isRejected)
    #expect(entries[2].action.type == 9 && entries[2].action.data == nil)
    #expect(try codec.encode(codec.decode(text)) == text, "a second round trip is stable")
  }

  @Test("a payload that does not encode is written as a placeholder")
  func payloadThatDoesNotEncode() throws {
    let store = sessionStore()
    let log = ActionLog(recording: store)
    store.dispatch(Action(SessionAction.rate, data: Double.nan))  // JSON has no NaN
    let text = try sessionCodec.encode(log.recording)
    #expect(entryLines(text)[0].contains(#""unexportedPayload":{"summary":"nan","type":"Double"}"#))
    #expect(try sessionCodec.decode(text).entries[0].hasUnexportedPayload)
  }

  @Test("a rejected entry whose finish was let go reads back without an error text")
  func releasedFinishRoundTrip() throws {
    // Found by Fuzz/Harnesses/ActionLogImport: "finish released" came back as an error text.
    let recording = ActionRecording(
      initialState: SessionState(),
      entries: [
        ActionLogEntry(
          action: RejectedAction(Action(SessionAction.clear), error: nil), state: SessionState(),
          timestamp: Date(timeIntervalSince1970: 1), reducerDuration: .zero, sequenceNumber: 0)
      ],
      storeName: "NotesStore")
    let text = try sessionCodec.encode(recording)
    #expect(!text.contains(#""error""#))
    let entry = try sessionCodec.decode(text).entries[0]
    #expect(entry.isRejected)
    #expect((entry.action as? RejectedAction).map { $0.error == nil } == true)
    #expect(try sessionCodec.encode(sessionCodec.decode(text)) == text)
  }

  @Test("replay takes a placeholder entry's recorded state and checks the entries after it")
  func replayOverPlaceholders() async throws {
    let store = sessionStore()
    let log = ActionLog(recording: store)
    await store.send(Action(SessionAction.add, data: "Buy milk"))
    await store.send(Action(SessionAction.add, data: 12))  // rejected, not exportable
    await store.send(Action(SessionAction.add, data: "Call Ann"))
    var codec = sessionCodec
    codec.register(SessionAction.remove)  // `remove` now claims no payload: a placeholder
    await store.send(Action(SessionAction.remove, data: 0))
    await store.send(Action(SessionAction.add, data: "Tea"))
    let recording = try codec.decode(codec.encode(log.recording))
    #expect(recording.entries.map(\.hasUnexportedPayload) == [false, true, false, true, false])
    let fresh = sessionStore()
    #expect(try await recording.replay(into: fresh) == 5)
    #expect(fresh.state.notes == ["Call Ann", "Tea"])
  }

  @Test("recomputing after a skip keeps a placeholder entry's recorded state")
  func recomputeOverPlaceholder() async throws {
    let store = sessionStore()
    let log = ActionLog(recording: store)
    await store.send(Action(SessionAction.add, data: "Buy milk"))
    let placeholder = UnexportedPayload(typeName: "Note", summary: "Note(text: \"Tea\")")
    await store.send(Action(SessionAction.add, data: placeholder))  // rejected
    await store.send(Action(SessionAction.add, data: "Call Ann"))
    let state = try await withCheckedThrowingContinuation { continuation in
      do {
        try log.setSkipped(true, at: 0) { continuation.resume(returning: $0) }
      } catch {
        continuation.resume(throwing: error)
      }
    }
    // The placeholder entry is a reset point: its recorded state (with "Buy milk") stands.
    #expect(log.entries[1].state.notes == ["Buy milk"])
    #expect(state.notes == ["Buy milk", "Call Ann"])
  }
}

@Suite("Action log: import tolerance")
struct ActionLogImportToleranceTests {
  private func session() throws -> String {
    let store = sessionStore()
    let log = ActionLog(recording: store)
    store.dispatch(Action(SessionAction.add, data: "Buy milk"))
    store.dispatch(Action(SessionAction.add, data: "Call Ann"))
    store.dispatch(Action(SessionAction.remove, data: 0))
    return try sessionCodec.encode(log.recording)
  }

  @Test("CRLF line endings and blank lines at the end are accepted")
  func lineEndings() throws {
    let text = try session()
    let expected = try sessionCodec.decode(text)
    let crlf = text.replacing("\n", with: "\r\n")
    for variant in [crlf, text + "\n\n", crlf + "\r\n  \r\n", String(text.dropLast())] {
      let recording = try sessionCodec.decode(variant)
      #expect(recording.entries.map(\.state) == expected.entries.map(\.state))
    }
    let data = try sessionCodec.decode(Data(crlf.utf8)).recording
    #expect(data.entries.count == 3)
  }

  @Test("a blank line between entries is still refused, naming it")
  func blankLineInside() throws {
    let lines = try session().split(separator: "\n")
    let text = ([lines[0], lines[1], "  "] + lines[2...]).joined(separator: "\r\n")
    #expect(throws: ActionLogImportError(line: 3, reason: "the line is empty")) {
      try sessionCodec.decode(text)
    }
  }

  @Test("a line that is not UTF-8 is named, with the byte")
  func notUTF8() throws {
    var bytes = Array(try session().utf8)
    let third = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }[1] + 1
    bytes[third + 3] = 0xE9  // inside line 3
    let error = #expect(throws: ActionLogImportError.self) {
      try sessionCodec.decode(Data(bytes))
    }
    #expect(
      error?.description
        == "action log, line 3: the line is not UTF-8 text (byte 0xE9 at byte 4 of the line)")
  }

  @Test("negative and impossible header counts have their own messages")
  func headerCounts() throws {
    let text = try session()
    let negative = text.replacing(#""entryCount":3"#, with: #""entryCount":-1"#)
    #expect(
      throws: ActionLogImportError(
        line: 1, reason: "the header's entryCount is -1; a count of entries is 0 or more")
    ) { try sessionCodec.decode(negative) }
    let huge = text.replacing(#""entryCount":3"#, with: #""entryCount":9000000000"#)
    let error = #expect(throws: ActionLogImportError.self) { try sessionCodec.decode(huge) }
    #expect(
      error?.description
        == "action log, line 1: the header's entryCount 9000000000 cannot be right: the whole "
        + "file is \(huge.utf8.count) bytes, too short for that many entry lines")
  }

  @Test("unknown action types can be skipped: the lines are reported and replay stays exact")
  func skipUnknownTypes() async throws {
    let text = try session()
    var older = ActionLogCodec<SessionState>(actions: ActionTypes(SessionAction.self))
    older.register(SessionAction.add, payload: String.self)  // knows nothing of `remove`
    #expect(throws: ActionLogImportError.self) { try older.decode(text) }
    let imported = try older.decode(text, unknownActionTypes: .skip)
    #expect(imported.skippedLines == [4])
    #expect(imported.skippedActionTypes == [SessionAction.remove.rawValue])
    let skipped = imported.recording.entries[2]
    #expect(skipped.isStateReplacement)
    #expect(skipped.state.notes == ["Call Ann"])
    #expect(
      (skipped.action as? StateReplacedAction)?.reason
        == "action type 1 is unknown to the codec; its recorded state stands in")
    let fresh = sessionStore()
    #expect(try await imported.recording.replay(into: fresh) == 3)
    #expect(fresh.state.notes == ["Call Ann"])
  }

  @Test("skipping still refuses the whole log when another line is bad")
  func skipIsNotPartial() throws {
    var lines = try session().split(separator: "\n").map(String.init)
    lines[3] = lines[3].replacing(#""type":1"#, with: #""type":42"#)
    lines[2] = String(lines[2].prefix(30))
    let error = #expect(throws: ActionLogImportError.self) {
      try sessionCodec.decode(lines.joined(separator: "\n"), unknownActionTypes: .skip)
    }
    #expect(error?.line == 3)
  }
}
