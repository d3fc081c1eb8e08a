/// The demo program's arguments: `demo [MODULE] [--log FILE] [--script FILE | -e COMMANDS]...`,
/// `demo replay [--check] FILE`, `demo report FILE [-o PAGE]` or `demo --help`.
struct DemoCommandLine: Equatable, Sendable {
  /// `demo replay [--check] FILE`: play a recorded session back instead of running one.
  struct Replay: Equatable, Sendable {
    /// The action log to read.
    var path: String
    /// Whether to check the recording against the module's reducer instead of showing it.
    var isCheck = false
  }

  /// Where the commands come from.
  enum Source: Equatable, Sendable {
    /// Full screen when stdin and stdout are terminals, otherwise commands from stdin.
    case automatic
    /// Commands from a file (`--script FILE`).
    case file(String)
    /// Commands given with `-e`, one text per option.
    case commands([String])
  }

  /// The module to run.
  var module = DemoModule.main
  /// Where commands come from.
  var source = Source.automatic
  /// Whether to print the help and exit.
  var showsHelp = false
  /// Where to write the session's action log at exit (`--log FILE`), if anywhere.
  var logPath: String?
  /// The recording to replay, for `demo replay`.
  var replay: Replay?
  /// The timeline to show as a page, for `demo report FILE`.
  var reportPath: String?
  /// Where `demo report FILE -o PAGE` writes the page; `nil` for FILE.html beside the file.
  var reportOutput: String?

  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> DemoCommandLine {
    var result = DemoCommandLine()
    var moduleArgument: String?
    var file: String?
    var commands: [String] = []
    var isReplay = false
    var replayPath: String?
    var isCheck = false
    var isReport = false
    var output: String?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help", "help":
        result.showsHelp = true
      case "-e", "--execute":
        guard let text = remaining.popFirst() else {
          throw UsageError("\(argument) needs commands, as in: demo -e \"add Buy milk\"")
        }
        commands.append(text)
      case "--script":
        guard let path = remaining.popFirst() else {
          throw UsageError("--script needs a file, as in: demo --script commands.txt")
        }
        guard file == nil else { throw UsageError("--script was given twice") }
        file = path
      case _ where argument.hasPrefix("--script="):
        guard file == nil else { throw UsageError("--script was given twice") }
        file = String(argument.dropFirst("--script=".count))
      case "--log":
        guard let path = remaining.popFirst() else {
          throw UsageError("--log needs a file, as in: demo --log session.jsonl")
        }
        guard result.logPath == nil else { throw UsageError("--log was given twice") }
        result.logPath = path
      case _ where argument.hasPrefix("--log="):
        guard result.logPath == nil else { throw UsageError("--log was given twice") }
        result.logPath = String(argument.dropFirst("--log=".count))
      case "--check":
        isCheck = true
      case "-o", "--output":
        guard let path = remaining.popFirst() else {
          throw UsageError("\(argument) needs a file, as in: demo report app.jsonl -o page.html")
        }
        guard output == nil else { throw UsageError("-o was given twice") }
        output = path
      case _ where argument.hasPrefix("-"):
        throw UsageError("unknown option \(argument)")
      case "replay" where moduleArgument == nil && !isReplay && !isReport:
        isReplay = true
      case "report" where moduleArgument == nil && !isReplay && !isReport:
        isReport = true
      case _ where isReplay || isReport:
        guard replayPath == nil else {
          throw UsageError(
            "unexpected argument \"\(argument)\" after the \(isReport ? "report" : "replay")'s file"
          )
        }
        replayPath = argument
      default:
        guard moduleArgument == nil else {
          throw UsageError("unexpected argument \"\(argument)\" after the module")
        }
        guard let module = DemoModule(name: argument) else {
          let names = DemoModule.all.filter { $0 != .main }.map(\.name)
          throw UsageError(
            "unknown module \"\(argument)\"; the modules are: \(names.joined(separator: ", "))")
        }
        moduleArgument = argument
        result.module = module
      }
    }
    if isReport {
      guard let replayPath else {
        throw UsageError("report needs a file, as in: demo report app.jsonl")
      }
      guard file == nil, commands.isEmpty, result.logPath == nil, !isCheck else {
        throw UsageError("report takes only a file and -o: demo report FILE [-o PAGE]")
      }
      result.reportPath = replayPath
      result.reportOutput = output
      return result
    }
    guard output == nil else {
      throw UsageError("-o goes with report, as in: demo report app.jsonl -o page.html")
    }
    if isReplay {
      guard let replayPath else {
        throw UsageError("replay needs a file, as in: demo replay session.jsonl")
      }
      guard file == nil, commands.isEmpty, result.logPath == nil else {
        throw UsageError("replay takes only --check and a file: demo replay [--check] FILE")
      }
      result.replay = Replay(path: replayPath, isCheck: isCheck)
      return result
    }
    guard !isCheck else {
      throw UsageError("--check goes with replay, as in: demo replay --check session.jsonl")
    }
    switch (file, commands.isEmpty) {
    case (let file?, true): result.source = .file(file)
    case (nil, false): result.source = .commands(commands)
    case (nil, true): result.source = .automatic
    case (.some, false): throw UsageError("give either --script or -e, not both")
    }
    return result
  }
}

/// A mistake in the demo program's arguments; the program prints it and exits with status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong.
  var message: String

  init(_ message: String) { self.message = message }

  var description: String { message }
}
