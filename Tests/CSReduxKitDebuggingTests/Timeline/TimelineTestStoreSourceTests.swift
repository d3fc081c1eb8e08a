import CSReduxKit
import CSReduxKitTestSupport
import Foundation
import Testing

/// The generator of the checked-in `TestStore` test, `Generated/RecordedEffectSessionTests.swift`.
let recordedEffectSessionSource = TimelineTestSource(
  suiteName: "RecordedEffectSessionTests",
  imports: ["CSReduxKit"],
  stores: [.init(name: "Todos", makeStore: "loadingTodoStore()", codec: "todosCodec")],
  style: .testStore)

private let generatedEffectFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Generated/RecordedEffectSessionTests.swift")

/// Records a session with an effect: add, then load, whose effect dispatches loaded.
private func recordedEffectSession() async throws -> Timeline {
  let todos = loadingTodoStore()
  let timeline = Timeline()
  try timeline.record(todos, codec: todosCodec)
  _ = await todos.send(Action(TodoAction.add, data: "Tea"))
  todos.dispatch(Action(TodoAction.load))
  try await todos.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
  return timeline
}

@Suite("Timeline: a session becomes a TestStore test")
struct TimelineTestStoreSourceTests {
  @Test(
    "records the session with an effect and writes its generated test again",
    .enabled(
      if: ProcessInfo.processInfo.environment["CSREDUXKIT_REGENERATE_TIMELINE_TEST"] != nil,
      "set CSREDUXKIT_REGENERATE_TIMELINE_TEST=1 to regenerate"))
  func regenerate() async throws {
    let timeline = try await recordedEffectSession()
    try recordedEffectSessionSource.source(for: timeline)
      .write(to: generatedEffectFile, atomically: true, encoding: .utf8)
  }

  @Test("the checked-in TestStore test is, byte for byte, what the generator writes")
  func reproduces() throws {
    let checkedIn = try String(contentsOf: generatedEffectFile, encoding: .utf8)
    #expect(
      recordedEffectSessionSource.source(forExported: RecordedEffectSessionTests.session)
        == checkedIn)
  }

  @Test("actions sent from outside are send steps; the effect's action is a receive step after")
  func sendsThenReceives() async throws {
    let timeline = try await recordedEffectSession()
    // example: debugging-timeline-test-store
    let generator = TimelineTestSource(
      suiteName: "LoadBug",
      imports: ["CSReduxKit"],
      stores: [.init(name: "Todos", makeStore: "loadingTodoStore()", codec: "todosCodec")],
      style: .testStore)
    let text = try generator.source(for: timeline)
    // Write `text` to Tests/MyAppTests/LoadBug.swift.
    // end-example
    #expect(text.contains("struct LoadBug {"))
    let source = try recordedEffectSessionSource.source(for: timeline)
    #expect(source.contains("import CSReduxKitTesting\n"))
    #expect(source.contains("let test0 = TestStore(store0, timeout: .seconds(60))"))
    let steps = source.split(separator: "\n").filter {
      $0.contains("await test0.")
    }.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(
      steps == [
        "try await test0.send(Self.entry(session, 0).dispatchedAction) "
          + "{ $0 = try Self.state(session, 0) }",
        "try await test0.send(Self.entry(session, 1).dispatchedAction) "
          + "{ $0 = try Self.state(session, 1) }",
        "await test0.receive(Recorded(rawValue: \(TodoAction.loaded.rawValue))) "
          + "{ $0 = try Self.state(session, 2) }",
        "await test0.finish()",
      ])
    #expect(source.contains("// #2 Todos loaded, dispatched by the effect of #1"))
  }

  @Test("the replay style stays the default and writes no TestStore")
  func replayDefault() {
    let source = TimelineTestSource(suiteName: "S", stores: []).source(forExported: "")
    #expect(TimelineTestSource(suiteName: "S", stores: []).style == .replay)
    #expect(!source.contains("TestStore"))
    #expect(source.contains("replay.check(session)"))
  }
}
