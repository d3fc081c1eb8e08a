import CSReduxKit
import Foundation
import Testing

@Suite("Timeline: one file for the app")
struct TimelineFileTests {
  @Test("the app's session records every cause kind the app's wiring makes")
  func appSession() async throws {
    let app = try RecordedApp()
    try await app.run()
    let entries = app.timeline.entries
    let kinds = Set(entries.compactMap(\.cause?.kind))
    #expect(kinds == [.follow, .effect, .completion, .broadcast])
    #expect(entries.map(\.sequence) == Array(0..<entries.count))
  }

  @Test("an export reads back with the same stores, order, causes and states")
  func roundTrip() async throws {
    let app = try RecordedApp()
    try await app.run()
    let text = try app.timeline.export()
    let session = try app.codec.decode(text)
    let live = app.timeline.entries
    #expect(session.stores.map(\.name) == ["Account", "Todos", "Profile"])
    #expect(session.stores.map(\.stateTypeName) == ["AccountState", "TodoState", "ProfileState"])
    #expect(session.entries.map(\.sequence) == live.map(\.sequence))
    #expect(session.entries.map(\.storeName) == live.map(\.storeName))
    #expect(session.entries.map(\.index) == live.map(\.index))
    #expect(session.entries.map(\.cause) == live.map(\.cause))
    #expect(session.entries.map(\.isRejected) == live.map(\.isRejected))
    #expect(session.entries.map(\.dispatchedAction.type) == live.map(\.dispatchedAction.type))
    for (read, recorded) in zip(session.entries, live) {
      switch read.storeName {
      case "Account": #expect(read.state as? AccountState == recorded.state as? AccountState)
      case "Todos": #expect(read.state as? TodoState == recorded.state as? TodoState)
      default: #expect(read.state as? ProfileState == recorded.state as? ProfileState)
      }
    }
    // Lines ending with CRLF read the same.
    let crlf = try app.codec.decode(text.replacingOccurrences(of: "\n", with: "\r\n"))
    #expect(crlf.entries.map(\.sequence) == live.map(\.sequence))
  }

  @Test("an export is one header line and one line per entry, as the format page describes")
  func lines() async throws {
    let app = try RecordedApp()
    try await app.run()
    let text = try app.timeline.export()
    let lines = text.split(separator: "\n")
    #expect(lines.count == app.timeline.entries.count + 1)
    // Keys are sorted: the effects the session ran, when it ran any, come first.
    #expect(lines[0].hasPrefix("{\"effects\":[{"))
    #expect(
      lines[0].contains(",\"entryCount\":\(lines.count - 1),\"format\":\"csreduxkit-timeline\""))
    #expect(lines[1].contains("\"store\":\"Account\""))
    #expect(lines.contains { $0.contains("\"cause\":{\"kind\":\"broadcast\",\"sequence\":") })
  }

  @Test("the example file of the format page reads with the example's codecs")
  func example() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../../docs/timeline-example.jsonl").standardized
    var codec = TimelineCodec()
    var account = ActionLogCodec<AccountState>(actions: ActionTypes(AccountAction.self))
    account.register(AccountAction.signIn, payload: Credentials.self)
    account.register(AccountAction.signOut)
    account.register(AccountAction.noteActivity, payload: Int.self)
    codec.register(store: "Account", codec: account)
    codec.register(store: "Todos", codec: todosCodec)
    codec.register(store: "Profile", codec: profileCodec)
    let session = try codec.read(from: url)
    #expect(session.stores.count == 3)
    #expect(session.entries.count == 12)
    #expect(Set(session.entries.compactMap(\.cause?.kind)).count == 6)
    #expect(session.redaction.rules["Account"]?.stateFields == ["token"])
  }

  @Test("every import error names its line")
  func errors() async throws {
    let app = try RecordedApp()
    try await app.run()
    let text = try app.timeline.export()
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.removeLast()  // the empty string after the last newline
    let truncated = lines.dropLast().joined(separator: "\n")
    #expect(throws: ActionLogImportError.self) { try app.codec.decode(truncated) }
    do {
      _ = try app.codec.decode(truncated)
    } catch {
      #expect(error.line == lines.count)
      #expect(error.reason.contains("truncated"))
    }
    var corrupt = lines
    corrupt[3] = String(corrupt[3].prefix(20))
    do {
      _ = try app.codec.decode(corrupt.joined(separator: "\n"))
      Issue.record("a corrupt line was read")
    } catch {
      #expect(error.line == 4)
      #expect(error.description.hasPrefix("timeline, line 4: "), "a timeline's error says timeline")
    }
    let missing = URL(fileURLWithPath: "/nonexistent-\(UInt64.random(in: 0...UInt64.max)).jsonl")
    do {
      _ = try app.codec.read(from: missing)
      Issue.record("a missing file was read")
    } catch {
      #expect(error.description.hasPrefix("timeline: "))
    }
    var partial = TimelineCodec()
    partial.register(store: "Account", codec: accountCodec)
    partial.register(store: "Todos", codec: todosCodec)
    do {
      _ = try partial.decode(text)
      Issue.record("a store the codec does not know was read")
    } catch {
      #expect(error.line == 1)
      #expect(error.reason.contains("\"Profile\" is not registered"))
    }
    let skipping = try partial.decode(text, unknownActionTypes: .skip)
    let profileLines = lines.indices.filter { lines[$0].contains("\"store\":\"Profile\"") }
    #expect(skipping.skippedLines == profileLines.map { $0 + 1 })
    #expect(skipping.entries.allSatisfy { $0.storeName != "Profile" })
  }

  @Test("a whole session replays into fresh stores and checks every state")
  func replay() async throws {
    let app = try RecordedApp()
    try await app.run()
    let session = try app.codec.decode(try app.timeline.export())
    let replayed = try await RecordedApp.freshReplay().check(session)
    #expect(replayed == session.entries.count)
    // The live session replays the same.
    #expect(try await RecordedApp.freshReplay().check(app.timeline.session) == replayed)
  }

  @Test("a replay names the first store and entry that differ")
  func replayMismatch() async throws {
    let app = try RecordedApp()
    try await app.run()
    let session = try app.codec.decode(try app.timeline.export())
    let doubling = Reducer<TodoState> { action, state, finish in
      guard action.type == TodoAction.add.rawValue else {
        return todoReducer.execute(action: action, state: state, finish: finish)
      }
      var state = state
      state.items += [(action.data as? String) ?? "", "again"]
      finish(state)
    }
    let firstAdd = try #require(
      session.entries.first {
        $0.storeName == "Todos" && $0.dispatchedAction.type == TodoAction.add.rawValue
      })
    let error = try #require(
      await mismatch(RecordedApp.freshReplay(todoReducer: doubling), session))
    #expect(error.storeName == "Todos")
    #expect(error.sequence == firstAdd.sequence)
    #expect(error.index == firstAdd.index)
    #expect(error.description.contains("replay differs at entry #\(firstAdd.sequence) (Todos"))
  }
}

/// What a replay of `session` throws, or `nil` when it matched.
func mismatch(_ replay: TimelineReplay, _ session: TimelineSession) async
  -> TimelineReplayMismatch?
{
  do {
    try await replay.check(session)
    return nil
  } catch {
    return error
  }
}
