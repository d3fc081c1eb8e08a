/// A script command as the help lists it.
struct CommandHelp: Sendable {
  /// How to write it: `add TEXT`.
  var usage: String
  /// What it does.
  var summary: String
}

/// A key as the help lists it.
struct KeyHelp: Sendable {
  /// The key: `a`, `Enter`, `Up/Down`.
  var key: String
  /// What it does.
  var summary: String
}

/// One feature module as the demo program drives it: by script commands, or by keys on a full
/// screen. The module's store and components stay in the module's folder; a session only maps
/// commands and keys to the module's gestures and lays out its components.
protocol DemoSession: AnyObject {
  /// The heading of the interactive screen.
  var heading: String { get }
  /// The module's script commands, without the universal `help` and `quit`.
  static var commands: [CommandHelp] { get }
  /// The module's keys, without the universal `q` and Ctrl-C.
  static var keys: [KeyHelp] { get }
  /// The keys that apply right now, for the interactive help line.
  var keyHint: String { get }
  /// The actions the store committed, as printed lines.
  var transcript: ActionTranscript { get }
  /// The interactive screen's line under the components: the last action by default.
  var lastActionLine: String { get }
  /// The store's diagnostics.
  var diagnosticLog: DiagnosticLog { get }
  /// The components, top to bottom.
  var sections: [FrameSection] { get }
  /// Runs one script command (never `help` or `quit`, which the runner handles).
  func perform(_ command: ScriptCommand) -> CommandResult
  /// Handles one key (never Ctrl-C, which the loop handles).
  func handle(_ key: Key) -> CommandResult
}

extension DemoSession {
  /// `last action addContentFinish (1) payload "Buy milk"`, or `last action: none yet`.
  var lastActionLine: String {
    transcript.lastLine.map { "last " + $0 } ?? "last action: none yet"
  }

  /// The components laid out as `label | line` rows.
  func frameLines() -> [String] {
    FrameSection.layout(sections.map { ($0.label, $0.render()) })
  }
}
