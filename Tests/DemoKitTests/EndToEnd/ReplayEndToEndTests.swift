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

/// The entries of the store `name` in the app's timeline `text`.
private func timelineRecording<State: StateProtocol>(
  of name: String, as type: State.Type, in text: String
) throws -> ActionRecording<State> {
  try #require(try AppTimeline.decode(text).recording(of: name, as: type))
}

@Suite("demo binary, --log and replay, end to end")
struct ReplayEndToEndTests {
  /// The CSReduxKit demo's session the replays below play back.
  static let commands = "add Buy milk; title; delete 4"

  @Test("--log writes the app's timeline, says where, and its entries decode")
  func logFile() async throws {
    let file = TemporaryPath()
    let run = try await DemoBinary.run(["--log", file.path, "-e", Self.commands])
    #expect(run.status == 0)
    #expect(run.error == "demo: recorded 4 entries of 5 stores in \(file.path)\n")
    let recording = try timelineRecording(of: "CSDemoStore", as: CSDemoState.self, in: file.text)
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

  @Test("demo todo --log records the todo store in the app's timeline")
  func todoLog() async throws {
    let file = TemporaryPath()
    let run = try await DemoBinary.run(
      ["todo", "--log=\(file.path)"], input: "add Work\nadd Eat\n")
    #expect(run.status == 0)
    let recording = try timelineRecording(of: "TodoStore", as: TodoState.self, in: file.text)
    #expect(recording.storeName == "TodoStore")
    #expect(recording.entries.map { $0.action.data as? String } == ["Work", "Eat"])
    #expect(recording.entries.last?.state.tasks.map(\.name) == ["Eat", "Work"])
  }

  @Test("demo replay FILE, not on a terminal, prints every step, every module's screen")
  func scriptedReplay() async throws {
    let file = TemporaryPath()
    #expect(try await DemoBinary.run(["--log", file.path, "-e", Self.commands]).status == 0)
    let run = try await DemoBinary.run(["replay", file.path])
    #expect(run.status == 0)
    #expect(run.error == "")
    let steps = run.output.components(separatedBy: "\n\n")
    #expect(
      steps.map { $0.prefix { $0 != "\n" } } == [
        "replay 0/4  initial states",
        "replay 1/4  #0 CSDemoStore  action beginAddContent (0)",
        "replay 2/4  #1 CSDemoStore  action addContentFinish (1) payload \"Buy milk\"",
        "replay 3/4  #2 CSDemoStore  action titleClick (3) payload \"Buy milk\"",
        "replay 4/4  #3 CSDemoStore  action deleteContent (2) payload 4  (rejected)",
      ])
    #expect(
      steps.last == """
        replay 4/4  #3 CSDemoStore  action deleteContent (2) payload 4  (rejected)
        diagnostic: deleteContent (2) failed: row 4 is out of range: the list has 1 row; the \
        state is unchanged
        == CSReduxKit demo: one store, three components
        title   | Buy milk
        input   | (please enter content)
        button  | [Add]
        list    |   0  Buy milk  <- title
        == CSReduxKit demo: todo list (newest first)
        tasks   | (no tasks)
        == CSReduxKit demo: rock, paper, scissors (two players, one screen)
        message | PLAYER 1 - Choose your weapon:
        players | player 1: -
                | player 2: -
        == CSReduxKit demo: two screens share one setting
        screen A: settings    | screen B
        Filter    [ ] off     | [ facebook ] off
        Facebook  [ ] off     |

        """)
    #expect(steps[1].contains("title   | Adding text...."))
  }

  @Test("demo replay --check FILE replays with the reducer and counts the matching entries")
  func check() async throws {
    let file = TemporaryPath()
    #expect(
      try await DemoBinary.run(["rps", "--log", file.path, "-e", "rock; paper; new"]).status == 0)
    let run = try await DemoBinary.run(["replay", "--check", file.path])
    #expect(run.status == 0)
    #expect(run.output == "replay matches: 3 entries of 5 stores\n")
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
        demo: \(file.path): timeline, line 4: the file ends after 2 entries; the header \
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
        demo: \(file.path): timeline, line 5: the payload of action type 2 does not decode as \
        Int: payload field .payload is not of type Int

        """)
    let missing = TemporaryPath()
    let none = try await DemoBinary.run(["replay", missing.path])
    #expect(none.status == 1)
    #expect(
      none.error == "demo: \(missing.path): cannot read the timeline: No such file or directory\n"
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
        == "demo: /nonexistent-dir/log.jsonl: cannot write the timeline: its folder "
        + "/nonexistent-dir/ could not be opened (No such file or directory, errno 2)\n"
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
    // One frame can reach the terminal in several reads, so the read waits for both lines.
    #expect(
      await demo.read { $0.contains("replay 0/2  initial states") && $0.contains("(no tasks)") })
    var mark = demo.output.count
    demo.send("\u{1B}[C")
    #expect(
      await demo.read(
        after: mark, contains: "replay 1/2  #0 TodoStore  action addTask (0) payload \"Work\""))
    #expect(await demo.read(after: mark, contains: "0  Work"))
    mark = demo.output.count
    demo.send("\u{1B}[C")
    #expect(
      await demo.read(
        after: mark, contains: "replay 2/2  #1 TodoStore  action addTask (0) payload \"Eat\""))
    #expect(await demo.read(after: mark, contains: "1  Work"))
    mark = demo.output.count
    demo.send("\u{1B}[C")
    #expect(await demo.read(after: mark, contains: "this is the last step; q quits"))
    mark = demo.output.count
    demo.send("\u{1B}[D")
    #expect(await demo.read(after: mark, contains: "replay 1/2"))
    mark = demo.output.count
    demo.send("\u{1B}[H")
    #expect(await demo.read(after: mark, contains: "replay 0/2  initial states"))
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
    let recording = try timelineRecording(of: "TodoStore", as: TodoState.self, in: file.text)
    #expect(recording.entries.map { $0.action.data as? String } == ["Work"])

    let again = try await PTYProcess.start(arguments: ["settings", "--log", file.path])
    #expect(await again.read { $0.contains("[ facebook ] off") })
    again.send("b")
    #expect(await again.read { $0.contains("[ facebook ] on") })
    again.send("\u{3}")
    #expect(await again.waitForExit() == 130)
    #expect(again.mode == again.modeBefore)
    let settings = try timelineRecording(of: "SettingsStore", as: SettingsState.self, in: file.text)
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
    // The terminal is restored before the program says where the timeline went.
    #expect(
      demo.text.hasSuffix(
        ANSI.leaveFullScreen + "demo: recorded 1 entry of 5 stores in \(file.path)\r\n"))
    #expect(demo.mode == demo.modeBefore)
    let settings = try timelineRecording(of: "SettingsStore", as: SettingsState.self, in: file.text)
    #expect(settings.entries.map(\.action.type) == [SettingsActionType.toggleFilter.rawValue])
  }
}
