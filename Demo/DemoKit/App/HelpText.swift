import DemoUI

/// The text of `demo --help`: usage, modules, and each module's keys and commands.
enum HelpText {
  static func make() -> String {
    var lines = [
      "demo: try CSReduxKit, one store per feature module",
      "",
      "USAGE",
      "  demo [MODULE]                     full screen when stdin and stdout are terminals",
      "  demo [MODULE] < commands.txt      scripted: a frame after each command",
      "  demo [MODULE] --script FILE       scripted, commands from FILE",
      "  demo [MODULE] -e \"COMMANDS\"       scripted, commands separated by ';' or newlines",
      "  demo [MODULE] --log FILE ...      also record every store of the app in one timeline,",
      "                                    written to FILE (JSON Lines) at exit",
      "  demo replay FILE                  play a recorded timeline back, step by step, every",
      "                                    module's screen at each step",
      "  demo replay --check FILE          replay it into fresh stores with their reducers;",
      "                                    report the first store and entry that differ",
      "  demo report FILE [-o PAGE]        write the timeline's page (FILE.html, or PAGE) and",
      "                                    say where",
      "  demo --help                       this help",
      "",
      "MODULES",
    ]
    for module in DemoModule.all {
      lines.append("  " + pad(module.argument, 10) + module.feature.summary)
    }
    for module in DemoModule.all {
      lines += ["", module.command.uppercased(), "  keys:"]
      for key in module.feature.keys + universalKeys {
        lines.append("    " + pad(key.key, 12) + key.summary)
      }
      lines.append("  commands:")
      for command in module.feature.commands + ScriptRunner.universalCommands {
        lines.append("    " + pad(command.usage, 16) + command.summary)
      }
    }
    lines += [
      "",
      "DEMO REPLAY",
      "  Every module's screen, step by step through the app's timeline. On a terminal, full",
      "  screen:",
      "  keys:",
    ]
    for key in ReplayKeys.all {
      lines.append("    " + pad(key.key, 12) + key.summary)
    }
    lines += [
      "  Otherwise every step is printed, the initial states first.",
      "",
      "EXIT STATUS",
      "  0 success, 1 a script had an unknown or malformed command, an action log could not",
      "  be written or read, or replay --check found a difference; 2 a usage error",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The keys every module understands.
  static let universalKeys = [
    DemoApp.signOutKey,
    KeyHelp(key: "q", summary: "quit (when not typing)"),
    KeyHelp(key: "Ctrl-C", summary: "quit"),
  ]

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}
