import CSReduxKit
import CSReduxKitTesting
import DemoUI
import Testing

@testable import CSDemoFeature
@testable import DemoKit
@testable import TodoFeature

@Suite("Key decoder")
struct KeyDecoderTests {
  @Test("decodes arrows in both forms, Enter, Backspace, Ctrl-C and UTF-8 characters")
  func keys() {
    var decoder = KeyDecoder()
    let bytes: [UInt8] = [
      0x1B, 0x5B, 0x41, 0x1B, 0x4F, 0x42, 0x0D, 0x0A, 0x7F, 0x08, 0x03, 0x61,
    ]
    #expect(
      decoder.decode(bytes + Array("é".utf8)) == [
        .up, .down, .enter, .backspace, .backspace, .interrupt, .character("a"),
        .character("é"),
      ])
    #expect(decoder.isWaiting == false)
  }

  @Test("a lone Esc waits for more input and becomes escape on flush")
  func loneEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.isWaiting)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.isWaiting == false)
  }

  @Test("a sequence split across reads is joined")
  func splitSequence() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B, 0x5B]) == [])
    #expect(decoder.decode([0x42]) == [.down])
    #expect(decoder.decode([0xC3]) == [])
    #expect(decoder.decode([0xA9]) == [.character("é")])
  }

  @Test("unknown sequences are skipped; Esc before a letter is Esc then the letter")
  func unknownSequences() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[3~x".utf8)) == [.character("x")])
    #expect(decoder.decode(Array("\u{1B}q".utf8)) == [.escape, .character("q")])
  }

  @Test("decodes Home and End in the forms terminals send")
  func homeAndEnd() {
    var decoder = KeyDecoder()
    let text = "\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}[5~"
    #expect(
      decoder.decode(Array(text.utf8)) == [.home, .end, .home, .end, .home, .end, .home, .end])
    #expect(decoder.isWaiting == false)
  }
}

@Suite("Screen renderer")
@MainActor
struct ScreenRendererTests {
  @Test("the first frame clears and draws every row; later frames redraw changed rows only")
  func diff() {
    var renderer = ScreenRenderer(size: TerminalSize(rows: 3, columns: 10))
    let first = renderer.update(to: [ScreenLine("one"), ScreenLine("two")])
    #expect(first.contains(ANSI.clearScreen))
    #expect(first.contains(ANSI.moveTo(row: 0, column: 0) + "one"))
    let second = renderer.update(to: [ScreenLine("one"), ScreenLine("TWO")])
    #expect(second == ANSI.moveTo(row: 1, column: 0) + "TWO" + ANSI.resetStyle + "\u{1B}[K")
    #expect(renderer.update(to: [ScreenLine("one"), ScreenLine("TWO")]) == "")
  }

  @Test("lines are cut to the width and rows beyond the height dropped")
  func smallTerminal() {
    var renderer = ScreenRenderer(size: TerminalSize(rows: 1, columns: 5))
    let output = renderer.update(to: [ScreenLine("abcdefgh"), ScreenLine("hidden")])
    #expect(output.contains("abcd~"))
    #expect(output.contains("hidden") == false)
  }

  @Test("the composer re-renders a section only when its revision moved")
  func composerCache() async throws {
    let session = DemoApp().session(of: CSDemo.self)
    var composer = ScreenComposer(session: session)
    let size = TerminalSize(rows: 12, columns: 60)
    let before = composer.lines(for: size)
    #expect(before[0].text == session.heading)
    #expect(before.contains(ScreenLine("title  | Title")))
    #expect(before[11] == ScreenLine(session.keyHint, style: .dim))
    try await session.run("add Buy milk")
    let after = composer.lines(for: size)
    #expect(after.contains(ScreenLine("list   |   0  Buy milk")))
    #expect(after.contains(ScreenLine("title  | Buy milk")))
    #expect(
      after[9] == ScreenLine("last action addContentFinish (1) payload \"Buy milk\""))
  }

  @Test("sections whose revision did not move are not rendered again")
  func composerSkipsUnchangedSections() async {
    let session = CountingSession(DemoApp().session(of: CSDemo.self))
    var composer = ScreenComposer(session: session)
    let size = TerminalSize(rows: 12, columns: 60)
    _ = composer.lines(for: size)
    #expect(session.renders.withLock { $0 } == ["title": 1, "input": 1, "button": 1, "list": 1])
    _ = composer.lines(for: size)  // nothing changed: nothing is rendered
    #expect(session.renders.withLock { $0 } == ["title": 1, "input": 1, "button": 1, "list": 1])
    _ = await session.perform(ScriptCommand(name: "title", argument: ""))  // titleClick: list only
    _ = composer.lines(for: size)
    #expect(session.renders.withLock { $0 } == ["title": 1, "input": 1, "button": 1, "list": 2])
  }
}

/// Forwards to a session, counting how often each of its sections is rendered.
@MainActor
private final class CountingSession: DemoSession {
  let base: any DemoSession
  let renders = _Locked<[String: Int]>([:])

  init(_ base: any DemoSession) { self.base = base }

  var commands: [CommandHelp] { base.commands }
  var isIdle: Bool { base.isIdle }
  func waitUntilIdle() async { await base.waitUntilIdle() }
  var heading: String { base.heading }
  var keyHint: String { base.keyHint }
  var transcript: ActionTranscript { base.transcript }
  var diagnosticLog: DiagnosticLog { base.diagnosticLog }
  func perform(_ command: ScriptCommand) async -> CommandResult { await base.perform(command) }
  func handle(_ key: Key) async -> CommandResult { await base.handle(key) }

  var sections: [FrameSection] {
    base.sections.map { section in
      FrameSection(section.label, revision: section.revision) { [renders] in
        renders.withLock { $0[section.label, default: 0] += 1 }
        return section.render()
      }
    }
  }
}

@Suite("Command line and script commands")
struct CommandLineTests {
  @Test("no arguments run the CS demo in automatic mode")
  func defaults() throws {
    #expect(try DemoCommandLine.parse([]) == DemoCommandLine())
  }

  @Test("a module, -e texts and --script are parsed")
  func options() throws {
    let todo = try DemoCommandLine.parse(["todo", "-e", "add Work", "-e", "delete 0"])
    #expect(todo.module == DemoModule(Todo.self))
    #expect(todo.source == .commands(["add Work", "delete 0"]))
    #expect(try DemoCommandLine.parse(["rps", "--script", "f.txt"]).source == .file("f.txt"))
    #expect(try DemoCommandLine.parse(["--script=g.txt"]).source == .file("g.txt"))
    #expect(try DemoCommandLine.parse(["settings", "--help"]).showsHelp)
  }

  @Test("mistakes are usage errors that say what is wrong")
  func usageErrors() {
    #expect(throws: UsageError("unknown option --fast")) {
      try DemoCommandLine.parse(["--fast"])
    }
    #expect(throws: UsageError("-e needs commands, as in: demo -e \"add Buy milk\"")) {
      try DemoCommandLine.parse(["-e"])
    }
    #expect(throws: UsageError("give either --script or -e, not both")) {
      try DemoCommandLine.parse(["--script", "f", "-e", "x"])
    }
    #expect(throws: UsageError("unexpected argument \"rps\" after the module")) {
      try DemoCommandLine.parse(["todo", "rps"])
    }
  }

  @Test("a script line is a command name and the rest of the line")
  func scriptCommand() {
    #expect(
      ScriptCommand(line: "  add   Buy milk  ") == ScriptCommand(name: "add", argument: "Buy milk"))
    #expect(ScriptCommand(line: "   ") == nil)
    #expect(ScriptCommand(line: "# a comment") == nil)
    #expect(
      ScriptCommand.parse(commands: "begin; type x\nsubmit").map(\.text) == [
        "begin", "type x", "submit",
      ])
    #expect(ScriptCommand(name: "select", argument: "-1").integerArgument == nil)
  }
}
