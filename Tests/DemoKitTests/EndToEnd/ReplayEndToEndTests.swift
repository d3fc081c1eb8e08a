import CSReduxKit
import Testing
import _DemoTerminalShims

@testable import CSDemoFeature
@testable import DemoKit
@testable import SettingsFeature
@testable import TodoFeature

extension PTYProcess {
  /// Reads until the output after the first `mark` bytes contains `text`.
  @discardableResult
  func read(after mark: Int, contains text: String) async -> Bool {
    await read { _ in String(decoding: self.output.dropFirst(mark), as: UTF8.self).contains(text) }
  }
}

@Suite("demo binary, --log and replay, end to end")
struct ReplayEndToEndTests {
  /// The CSReduxKit demo's session the replays below play back.
  static let commands = "add Buy milk; title; delete 4"

  @Test("--log writes the session's entries, which decode with the module's codec")
  func logFile() async throws {
    let file = TemporaryPath()
    let run = try await DemoBinary.run(["--log", file.path, "-e", Self.commands])
    #expect(run.status == 0)
    #expect(run.error == "")
    let recording = try CSDemoActionType.logCodec.decode(file.text)
    #expect(recording.storeName == "CSDemoStore")
    #expect(recording.initialState == CSDemoState())
    #expect(
      recording.entries.map {
        ActionTranscript.describe($0.action, names: .init(CSDemoActionType.self))
      }
        == [
          "action beginAddContent (0)", "action addContentFinish (1) payload \"Buy milk\"",
          "action titleClick (3) payload \"Buy milk\"", "action deleteContent (2) payload 4",
        ])
    #expect(recording.entries.map(\.isRejected) == [false, false, false, true])
    #expect(
      recording.entries.last?.state
        == CSDemoState(listData: ["Buy milk"], currentAddText: "Buy milk", title: "Buy milk"))
  }

  @Test("demo todo --log records the todo store")
  func todoLog() async throws {
    let file = TemporaryPath()
    let run = try await DemoBinary.run(
      ["todo", "--log=\(file.path)"], input: "add Work\nadd Eat\n")
    #expect(run.status == 0)
    let recording = try TodoActionType.logCodec.decode(file.text)
    #expect(recording.storeName == "TodoStore")
    #expect(recording.entries.map { $0.action.data as? String } == ["Work", "Eat"])
    #expect(recording.entries.last?.state.tasks.map(\.name) == ["Eat", "Work"])
  }

  @Test("demo replay FILE, not on a terminal, prints every frame in order")
  func scriptedReplay() async throws {
    let file = TemporaryPath()
    #expect(try await DemoBinary.run(["--log", file.path, "-e", Self.commands]).status == 0)
    let run = try await DemoBinary.run(["replay", file.path])
    #expect(run.status == 0)
    #expect(run.error == "")
    #expect(
      run.output == """
        replay 0/4  initial state
        title  | Title
        input  | (please enter content)
        button | [Add]
        list   | (empty)

        replay 1/4  action beginAddContent (0)
        title  | Adding text....
        input  | [_]
        button |
        list   | (empty)

        replay 2/4  action addContentFinish (1) payload "Buy milk"
        title  | Buy milk
        input  | (please enter content)
        button | [Add]
        list   |   0  Buy milk

        replay 3/4  action titleClick (3) payload "Buy milk"
        title  | Buy milk
        input  | (please enter content)
        button | [Add]
        list   |   0  Buy milk  <- title

        replay 4/4  action deleteContent (2) payload 4  (rejected)
        diagnostic: deleteContent (2) failed: row 4 is out of range: the list has 1 row; \
        the state is unchanged
        title  | Buy milk
        input  | (please enter content)
        button | [Add]
        list   |   0  Buy milk  <- title

        """)
  }

  @Test("demo replay --check FILE replays with the reducer and counts the matching entries")
  func check() async throws {
    let file = TemporaryPath()
    #expect(
      try await DemoBinary.run(["rps", "--log", file.path, "-e", "rock; paper; new"]).status == 0)
    let run = try await DemoBinary.run(["replay", "--check", file.path])
    #expect(run.status == 0)
    #expect(run.output == "replay matches: 3 entries\n")
  }

  @Test("a truncated log prints the line and the reason, and exits with status 1")
  func truncated() async throws {
    let file = TemporaryPath()
    #expect(try await DemoBinary.run(["--log", file.path, "-e", Self.commands]).status == 0)
    let lines = file.text.split(separator: "\n")
    try FileDescriptor.writeText(lines.prefix(3).joined(separator: "\n") + "\n", toPath: file.path)
    let run = try await DemoBinary.run(["replay", file.path])
    #expect(run.status == 1)
    #expect(run.output == "")
    #expect(
      run.error == """
        demo: \(file.path): action log, line 4: the file ends after 2 entries; the header \
        announced 4 (truncated?)

        """)
  }

  @Test("a corrupt line and a missing file are named; the status is 1")
  func corrupt() async throws {
    let file = TemporaryPath()
    #expect(try await DemoBinary.run(["--log", file.path, "-e", Self.commands]).status == 0)
    let corrupted = file.text.replacingOccurrences(of: "\"payload\":4", with: "\"payload\":\"4\"")
    try FileDescriptor.writeText(corrupted, toPath: file.path)
    let run = try await DemoBinary.run(["replay", file.path])
    #expect(run.status == 1)
    #expect(
      run.error == """
        demo: \(file.path): action log, line 5: the payload of action type 2 does not decode as \
        Int: payload field .payload is not of type Int

        """)
    let missing = TemporaryPath()
    let none = try await DemoBinary.run(["replay", missing.path])
    #expect(none.status == 1)
    #expect(
      none.error == "demo: \(missing.path): cannot read the action log: No such file or directory\n"
    )
  }

  @Test("a log that cannot be written is reported after the session, with status 1")
  func unwritable() async throws {
    let run = try await DemoBinary.run([
      "todo", "--log", "/nonexistent-dir/log.jsonl", "-e", "add A",
    ])
    #expect(run.status == 1)
    #expect(run.output.hasPrefix("> add A\n"))
    #expect(
      run.error
        == "demo: /nonexistent-dir/log.jsonl: cannot write the action log: No such file or directory\n"
    )
  }

  @Test("replay usage mistakes are usage errors")
  func usage() async throws {
    #expect(try await DemoBinary.run(["replay"]).status == 2)
    let both = try await DemoBinary.run(["replay", "f.jsonl", "-e", "add A"])
    #expect(both.status == 2)
    #expect(
      both.error.hasPrefix(
        "demo: replay takes only --check and a file: demo replay [--check] FILE\n"))
    #expect(try await DemoBinary.run(["--check", "-e", "add A"]).status == 2)
  }

  @Test("interactive replay: arrows step forward and back, End and Home jump, q restores")
  func interactive() async throws {
    let file = TemporaryPath()
    #expect(
      try await DemoBinary.run(["todo", "--log", file.path, "-e", "add Work; add Eat"]).status == 0)
    let demo = try await PTYProcess.start(arguments: ["replay", file.path])
    #expect(await demo.read { $0.contains("replay 0/2  initial state") })
    #expect(demo.text.contains("(no tasks)"))
    var mark = demo.output.count
    demo.send("\u{1B}[C")
    #expect(
      await demo.read(after: mark, contains: "replay 1/2  action addTask (0) payload \"Work\""))
    #expect(await demo.read(after: mark, contains: "0  Work"))
    mark = demo.output.count
    demo.send("\u{1B}[C")
    #expect(
      await demo.read(after: mark, contains: "replay 2/2  action addTask (0) payload \"Eat\""))
    #expect(await demo.read(after: mark, contains: "1  Work"))
    mark = demo.output.count
    demo.send("\u{1B}[C")
    #expect(await demo.read(after: mark, contains: "this is the last frame; q quits"))
    mark = demo.output.count
    demo.send("\u{1B}[D")
    #expect(await demo.read(after: mark, contains: "replay 1/2"))
    mark = demo.output.count
    demo.send("\u{1B}[H")
    #expect(await demo.read(after: mark, contains: "replay 0/2  initial state"))
    mark = demo.output.count
    demo.send("\u{1B}[F")
    #expect(await demo.read(after: mark, contains: "replay 2/2"))
    demo.send("q")
    #expect(await demo.waitForExit() == 0)
    #expect(demo.text.hasSuffix(ANSI.leaveFullScreen))
    #expect(demo.mode == demo.modeBefore)
  }

  @Test("full screen with --log: quitting with q or Ctrl-C writes the log")
  func interactiveLog() async throws {
    let file = TemporaryPath()
    let demo = try await PTYProcess.start(arguments: ["todo", "--log", file.path])
    #expect(await demo.read { $0.contains("(no tasks)") })
    demo.send("aWork\r")
    #expect(await demo.read { $0.contains("0  Work") })
    demo.send("q")
    #expect(await demo.waitForExit() == 0)
    #expect(demo.mode == demo.modeBefore)
    let recording = try TodoActionType.logCodec.decode(file.text)
    #expect(recording.entries.map { $0.action.data as? String } == ["Work"])

    let again = try await PTYProcess.start(arguments: ["settings", "--log", file.path])
    #expect(await again.read { $0.contains("[ facebook ] off") })
    again.send("b")
    #expect(await again.read { $0.contains("[ facebook ] on") })
    again.send("\u{3}")
    #expect(await again.waitForExit() == 130)
    #expect(again.mode == again.modeBefore)
    let settings = try SettingsActionType.logCodec.decode(file.text)
    #expect(settings.entries.map(\.action.type) == [SettingsActionType.toggleFacebook.rawValue])
  }

  @Test("full screen with --log: SIGTERM saves the log, restores the terminal, then kills")
  func terminatedWithLog() async throws {
    let file = TemporaryPath()
    let demo = try await PTYProcess.start(arguments: ["settings", "--log", file.path])
    #expect(await demo.read { $0.contains("[ facebook ] off") })
    demo.send("f")
    #expect(await demo.read { $0.contains("Filter    [x] on") })
    _ = demo_terminate(demo.pid)
    #expect(await demo.waitForExit() == 143, "128 + SIGTERM")
    #expect(demo.text.hasSuffix(ANSI.leaveFullScreen))
    #expect(demo.mode == demo.modeBefore)
    let settings = try SettingsActionType.logCodec.decode(file.text)
    #expect(settings.entries.map(\.action.type) == [SettingsActionType.toggleFilter.rawValue])
  }
}
