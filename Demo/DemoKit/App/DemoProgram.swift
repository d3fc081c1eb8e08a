/// The demo program: `swift run demo [MODULE] [--script FILE | -e COMMANDS]`.
public enum DemoProgram {
  /// Runs the program with `arguments` (without the program name).
  ///
  /// - Parameter arguments: The command-line arguments after the program name.
  /// - Returns: The exit status: 0 on success, 1 when a script had an unknown or malformed
  ///   command, 2 for a usage error.
  public static func run(arguments: [String]) -> Int32 {
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
    let session = commandLine.module.makeSession()
    let runner = ScriptRunner(session: session) { FileDescriptor.standardOutput.write($0) }
    switch commandLine.source {
    case .commands(let texts):
      return runner.run(texts.flatMap(ScriptCommand.parse(commands:))) ? 0 : 1
    case .file(let path):
      do {
        let text = try FileDescriptor.readText(path: path)
        return runner.run(ScriptCommand.parse(lines: text)) ? 0 : 1
      } catch {
        FileDescriptor.standardError.write("demo: cannot read the script: \(error)\n")
        return 2
      }
    case .automatic:
      if FileDescriptor.standardInput.isTerminal && FileDescriptor.standardOutput.isTerminal {
        return InteractiveLoop(session: session).run()
      }
      let lines = sequence(state: ()) { _ in readLine() }
      return runner.run(lines.lazy.compactMap { ScriptCommand(line: $0) }) ? 0 : 1
    }
  }
}
