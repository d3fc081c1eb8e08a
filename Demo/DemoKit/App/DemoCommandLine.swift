/// The demo program's arguments: `demo [MODULE] [--script FILE | -e COMMANDS]... [--help]`.
struct DemoCommandLine: Equatable, Sendable {
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
  var module = DemoModule.csdemo
  /// Where commands come from.
  var source = Source.automatic
  /// Whether to print the help and exit.
  var showsHelp = false

  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> DemoCommandLine {
    var result = DemoCommandLine()
    var moduleArgument: String?
    var file: String?
    var commands: [String] = []
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
      case _ where argument.hasPrefix("-"):
        throw UsageError("unknown option \(argument)")
      default:
        guard moduleArgument == nil else {
          throw UsageError("unexpected argument \"\(argument)\" after the module")
        }
        guard let module = DemoModule(rawValue: argument) else {
          let names = DemoModule.allCases.filter { $0 != .csdemo }.map(\.rawValue)
          throw UsageError(
            "unknown module \"\(argument)\"; the modules are: \(names.joined(separator: ", "))")
        }
        moduleArgument = argument
        result.module = module
      }
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
