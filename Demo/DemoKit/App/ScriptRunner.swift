import DemoUI

/// Runs script commands against a session and prints a frame after each one.
///
/// A frame is plain text, without styling, and deterministic, so tests compare it exactly:
///
/// ```
/// > add Buy milk
/// action beginAddContent (0)
/// action addContentFinish (1) payload "Buy milk"
/// title  | Buy milk
/// input  | (please enter content)
/// button | [Add]
/// list   |   0  Buy milk
/// ```
///
/// Before printing a frame, the runner waits until the store committed every action the
/// command dispatched, including those whose reducer finishes later, so a frame is always the
/// same. After the header come the actions the command dispatched (or `action (none)`), a
/// `status: …` line for a message such as "tap Add first!", one `diagnostic: …` line per store
/// diagnostic, then the components. Frames are separated by a blank line. An unknown or
/// malformed command prints an `error: …` line instead of a frame and the run goes on, but
/// ``run(_:)`` then returns false. `quit` or the end of the commands ends the run.
@MainActor
struct ScriptRunner {
  /// The session the commands drive.
  let session: any DemoSession
  /// Receives the output, one frame at a time.
  let write: (String) -> Void

  /// The commands every module understands: the sessions run `signout`, the runner the others.
  nonisolated static let universalCommands = [
    DemoApp.signOutCommand,
    CommandHelp(usage: "help", summary: "list the commands"),
    CommandHelp(usage: "quit", summary: "end the script"),
  ]

  /// Runs `commands` in order; returns whether every command was known and well formed.
  func run(_ commands: some Sequence<ScriptCommand>) async -> Bool {
    var isClean = true
    var isFirst = true
    for command in commands {
      var lines = isFirst ? [] : [""]
      isFirst = false
      lines.append("> \(command.text)")
      let allCommands = session.commands + Self.universalCommands
      switch command.name {
      case "quit":
        write(lines.joined(separator: "\n") + "\n")
        return isClean
      case "help":
        lines += allCommands.map { "  \($0.usage)  \($0.summary)" }
        write(lines.joined(separator: "\n") + "\n")
        continue
      default:
        break
      }
      switch await session.perform(command) {
      case .unknown:
        isClean = false
        let list = allCommands.map(\.usage).joined(separator: ", ")
        lines.append("error: unknown command \"\(command.name)\"; the commands are: \(list)")
      case .invalid(let message):
        isClean = false
        lines.append("error: \(message)")
      case .quit:
        write(lines.joined(separator: "\n") + "\n")
        return isClean
      case .done(let message):
        // A reducer may finish later, on another thread: the frame shows the committed state.
        await session.waitUntilIdle()
        let actions = session.transcript.takeLines()
        lines += actions.isEmpty ? ["action (none)"] : actions
        if let message { lines.append("status: \(message)") }
        lines += session.diagnosticLog.takeLines()
        lines += session.frameLines()
      }
      write(lines.joined(separator: "\n") + "\n")
    }
    return isClean
  }
}
