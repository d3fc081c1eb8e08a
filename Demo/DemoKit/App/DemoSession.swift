import DemoUI

/// What the demo program drives, by script commands or by keys on a full screen: a feature
/// module's session (``ModuleSession``) or a replay (``ReplaySession``).
///
/// It lives on the main actor with the module's components.
@MainActor
protocol DemoSession: AnyObject {
  /// The heading of the interactive screen.
  var heading: String { get }
  /// The script commands, without the universal `help` and `quit`.
  var commands: [CommandHelp] { get }
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
  /// Whether every action dispatched so far has been committed and its subscribers ran, and
  /// no effect (a search being looked up) runs.
  var isIdle: Bool { get }
  /// Suspends until ``isIdle`` and the components show every commit.
  func waitUntilIdle() async
  /// Runs one script command (never `help` or `quit`, which the runner handles).
  func perform(_ command: ScriptCommand) async -> CommandResult
  /// Handles one key (never Ctrl-C, which the loop handles).
  func handle(_ key: Key) async -> CommandResult
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
