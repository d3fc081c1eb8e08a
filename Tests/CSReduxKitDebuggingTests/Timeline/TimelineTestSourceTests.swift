import CSReduxKit
import Foundation
import Testing

/// The generator of the checked-in generated test, `Generated/RecordedSessionTests.swift`.
///
/// The session holds a rejected delete: the replay checks that the rebuilt store rejects it
/// too, so the Todos store's report of it is expected and kept out of the test's output.
let recordedSessionSource = TimelineTestSource(
  suiteName: "RecordedSessionTests",
  imports: ["CSReduxKit"],
  stores: [
    .init(
      name: "Account",
      makeStore: "Store(state: AccountState(), reducer: accountReducer, name: \"Account\")",
      codec: "accountCodec"),
    .init(
      name: "Todos",
      makeStore:
        "Store(state: TodoState(), reducer: todoReducer, name: \"Todos\", diagnostics: { _ in })",
      codec: "todosCodec"),
    .init(
      name: "Profile",
      makeStore: "Store(state: ProfileState(), reducer: profileReducer, name: \"Profile\")",
      codec: "profileCodec"),
  ])

private let generatedFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Generated/RecordedSessionTests.swift")

private let regenerates =
  ProcessInfo.processInfo.environment["CSREDUXKIT_REGENERATE_TIMELINE_TEST"] != nil

@Suite("Timeline: a session becomes a test")
struct TimelineTestSourceTests {
  @Test(
    "records the app and writes the generated test again",
    .enabled(if: regenerates, "set CSREDUXKIT_REGENERATE_TIMELINE_TEST=1 to regenerate"))
  func regenerate() async throws {
    let app = try RecordedApp(redaction: appRedaction)
    try await app.run()
    try recordedSessionSource.source(for: app.timeline)
      .write(to: generatedFile, atomically: true, encoding: .utf8)
  }

  @Test(
    "the checked-in generated test is, byte for byte, what the generator writes for its session")
  func reproduces() throws {
    let checkedIn = try String(contentsOf: generatedFile, encoding: .utf8)
    #expect(recordedSessionSource.source(forExported: RecordedSessionTests.session) == checkedIn)
  }

  @Test("the generated test's session is the app's session as the app records it now")
  func sameSession() async throws {
    let app = try RecordedApp(redaction: appRedaction)
    try await app.run()
    let live = try app.codec.decode(try app.timeline.export())
    let embedded = try app.codec.decode(RecordedSessionTests.session)
    #expect(embedded.entries.map(\.storeName) == live.entries.map(\.storeName))
    #expect(
      embedded.entries.map(\.dispatchedAction.type) == live.entries.map(\.dispatchedAction.type))
    #expect(embedded.entries.map(\.cause) == live.entries.map(\.cause))
    #expect(embedded.entries.map(\.redactedFields) == live.entries.map(\.redactedFields))
  }

  @Test("the generated source embeds the redacted session and rebuilds every store")
  func shape() async throws {
    let app = try RecordedApp(redaction: appRedaction)
    try await app.run()
    let source = try recordedSessionSource.source(for: app.timeline)
    #expect(source.hasPrefix("// swift-format-ignore-file\n"))
    #expect(source.contains("static let session = #\"\"\"\n    {\"entryCount\":"))
    #expect(!source.contains("hunter2"))
    for store in recordedSessionSource.stores {
      #expect(source.contains("codec.register(store: \"\(store.name)\", codec: \(store.codec))"))
      #expect(source.contains("replay.add(\(store.makeStore), codec: \(store.codec))"))
    }
    // The same session gives the same text.
    let text = try app.timeline.export()
    #expect(
      recordedSessionSource.source(forExported: text)
        == recordedSessionSource.source(
          forExported: text.replacingOccurrences(of: "\n", with: "\r\n")))
  }

  @Test("a session holding raw-string delimiters gets a longer delimiter")
  func delimiter() {
    let source = TimelineTestSource(suiteName: "S", stores: [])
      .source(forExported: "{\"a\":\"x\\\"##\"}\n")
    #expect(source.contains("static let session = ###\"\"\""))
    #expect(source.contains("    \"\"\"###\n"))
  }
}
