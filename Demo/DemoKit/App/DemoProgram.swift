import CSReduxKit
import DemoUI
import _DemoTerminalShims

/// The demo program: `swift run demo [MODULE] [--log FILE] [--script FILE | -e COMMANDS]` and
/// `swift run demo replay [--check] FILE` and `swift run demo report FILE`.
public enum DemoProgram {
  /// Runs the program with `arguments` (without the program name).
  ///
  /// It runs on the main actor, with the components: it suspends, never blocks, while a
  /// reducer finishes on another thread, so the main actor is free to update them.
  ///
  /// - Parameter arguments: The command-line arguments after the program name.
  /// - Returns: The exit status: 0 on success, 1 when a script had an unknown or malformed
  ///   command, the action log could not be written or read, or a replay check found a
  ///   difference, 2 for a usage error.
  @MainActor
  public static func run(arguments: [String]) async -> Int32 {
    let commandLine: DemoCommandLine
    do {
      commandLine = try DemoCommandLine.parse(arguments)
    } catch {
      FileDescriptor.standardError.write(
        "demo: \(error)\nRun 'demo --help' for usage.\n")
      return 2
    }
    if commandLine.showsHelp {
      FileDescriptor.standardOutput.write(HelpText.make())
      return 0
    }
    if let replay = commandLine.replay {
      return await run(replay)
    }
    if let path = commandLine.reportPath {
      return report(path, output: commandLine.reportOutput)
    }
    let app = DemoApp()
    let session = app.makeSession(commandLine.module)
    // Every store of the app, whichever module runs: a sign-out reaches all of them.
    let log = commandLine.logPath.map { AppTimeline(app: app, path: $0) }
    // A termination signal in the full screen lets the log be saved first.
    if log != nil { demo_defer_termination() }
    let status = await run(session, from: commandLine.source)
    // An action still finishing (a record being saved on quitting) belongs in the log.
    await app.waitUntilIdle()
    // The interactive loop has restored the terminal by now, so an error prints plainly.
    if let log {
      let (isWritten, line) = log.save()
      FileDescriptor.standardError.write(line + "\n")
      if !isWritten { return status == 0 ? 1 : status }
    }
    let signal = demo_pending_termination()
    if signal != 0 { demo_die_of_signal(signal) }
    return status
  }

  @MainActor
  private static func run(_ session: any DemoSession, from source: DemoCommandLine.Source)
    async -> Int32
  {
    let runner = ScriptRunner(session: session) { FileDescriptor.standardOutput.write($0) }
    switch source {
    case .commands(let texts):
      return await runner.run(texts.flatMap(ScriptCommand.parse(commands:))) ? 0 : 1
    case .file(let path):
      do {
        let text = try FileDescriptor.readText(path: path)
        return await runner.run(ScriptCommand.parse(lines: text)) ? 0 : 1
      } catch {
        FileDescriptor.standardError.write("demo: cannot read the script: \(error)\n")
        return 2
      }
    case .automatic:
      if FileDescriptor.standardInput.isTerminal && FileDescriptor.standardOutput.isTerminal {
        return await InteractiveLoop(session: session).run()
      }
      let lines = sequence(state: ()) { _ in readLine() }
      return await runner.run(lines.lazy.compactMap { ScriptCommand(line: $0) }) ? 0 : 1
    }
  }

  /// `demo replay [--check] FILE`: full screen on a terminal, otherwise every frame printed.
  @MainActor
  private static func run(_ replay: DemoCommandLine.Replay) async -> Int32 {
    let session: AppReplaySession
    do {
      let text = try FileDescriptor.readText(path: replay.path)
      session = AppReplaySession(session: try AppTimeline.decode(text), source: replay.path)
    } catch let error as SystemError {
      FileDescriptor.standardError.write(
        "demo: \(replay.path): cannot read the timeline: \(error.reason)\n")
      return 1
    } catch {
      FileDescriptor.standardError.write("demo: \(replay.path): \(error)\n")
      return 1
    }
    if replay.isCheck {
      let (matches, report) = await session.check()
      FileDescriptor.standardOutput.write(report + "\n")
      return matches ? 0 : 1
    }
    if FileDescriptor.standardInput.isTerminal && FileDescriptor.standardOutput.isTerminal {
      return await InteractiveLoop(session: session).run()
    }
    session.writeFrames { FileDescriptor.standardOutput.write($0) }
    return 0
  }

  /// `demo report FILE [-o PAGE]`: writes the timeline page of FILE to PAGE, or next to FILE
  /// (`app.jsonl` gives `app.html`), and prints the page's path.
  private static func report(_ path: String, output: String?) -> Int32 {
    let text: String
    do {
      text = try FileDescriptor.readText(path: path)
    } catch {
      FileDescriptor.standardError.write(
        "demo: \(path): cannot read the timeline: \(error.reason)\n")
      return 1
    }
    let page: TimelinePage
    do {
      page = try TimelineReport.page(text: text, source: path)
    } catch {
      FileDescriptor.standardError.write("demo: \(path): \(error)\n")
      return 1
    }
    let output = output ?? TimelineReport.pagePath(for: path)
    do {
      try FileDescriptor.writeText(page.html, toPath: output)
    } catch {
      FileDescriptor.standardError.write(
        "demo: \(output): cannot write the page: \(error.reason)\n")
      return 1
    }
    FileDescriptor.standardOutput.write(TimelineReport.wroteLine(page, path: output) + "\n")
    return 0
  }
}
