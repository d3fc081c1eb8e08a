import CSReduxKit
import DemoUI

/// One module's part of `demo replay FILE`: the entries of the module's store in a recorded
/// timeline, played back frame by frame through the module's own components.
///
/// Frame 0 shows the recording's initial state, frame *i* the state after entry *i*. The
/// components sit on a store of the module whose reducer plays the recording back: for each
/// entry it is dispatched the entry's action and finishes with the recorded state (or fails with
/// the recorded error, for a rejected entry), so every component receives the same actions and
/// states as in the recorded session and draws itself as it did then. What a component keeps to
/// itself (typed text, a selected row) was never an action, so it is not in the recording.
///
/// Going forward dispatches the next entries; going back builds a fresh store and components
/// and plays the entries up to the frame again.
@MainActor
final class ReplaySession<Feature: DemoFeature>: DemoSession {
  typealias State = Feature.State

  /// The module's components on a store, as a frame shows them.
  struct Stage {
    /// The store the components subscribe to.
    var store: FeatureStore<Feature>
    /// The components.
    var session: Feature.Session
  }

  /// The recording played.
  let recording: ActionRecording<State>
  /// The file it came from, for the heading.
  let source: String
  /// The names of the module's action types.
  let declaredActions: ActionTypes
  let diagnosticLog = DiagnosticLog()
  /// The frame shown: 0 for the initial state, *i* after entry *i*.
  private(set) var frame = 0

  private let playing = _Locked<ActionLogEntry<State>?>(nil)
  private var stage: Stage
  private var stageTranscript: ActionTranscript
  /// Grows with every move, so the interactive screen draws every section again.
  private var moves = 0

  /// A replay of `recording`, read from `source`.
  init(recording: ActionRecording<State>, source: String) {
    self.recording = recording
    self.source = source
    self.declaredActions = Feature.declaredActions
    (stage, stageTranscript) = Self.freshStage(recording.initialState, playing, diagnosticLog)
  }

  private static func freshStage(
    _ state: State, _ playing: _Locked<ActionLogEntry<State>?>, _ diagnosticLog: DiagnosticLog
  ) -> (Stage, ActionTranscript) {
    // Plays back the entry being dispatched: its recorded state, or its recorded failure.
    let reducer = Reducer<State> { _, state, finish in
      guard let entry = playing.withLock({ $0 }) else { return finish(state) }
      if entry.isRejected {
        finish.fail(RecordedRejection(entry.action))
      } else {
        finish(entry.state)
      }
    }
    let store = FeatureStore<Feature>(
      state: state, reducer: reducer, diagnostics: diagnosticLog.handler)
    let stage = Stage(store: store, session: Feature.makeSession(store: store))
    return (stage, ActionTranscript(store: store))
  }

  /// The last frame: the state after the last entry.
  var lastFrame: Int { recording.entries.count }

  /// Shows frame `target`, clamped to `0...lastFrame`.
  func show(frame target: Int) {
    let target = min(max(target, 0), lastFrame)
    moves += 1
    if target < frame {
      (stage, stageTranscript) = Self.freshStage(recording.initialState, playing, diagnosticLog)
      frame = 0
    }
    while frame < target {
      // Only the shown entry's diagnostic stays for the frame.
      _ = diagnosticLog.takeLines()
      _ = stageTranscript.takeLines()
      play(recording.entries[frame])
      frame += 1
    }
  }

  private func play(_ entry: ActionLogEntry<State>) {
    if entry.isSkipped { return }
    if let replacement = entry.action as? StateReplacedAction {
      stage.store.replaceState(with: entry.state, reason: replacement.reason)
      return
    }
    playing.withLock { $0 = entry }
    defer { playing.withLock { $0 = nil } }
    // The store is idle and the reducer finishes at once, on the main actor: the components
    // are drawn when dispatch returns.
    stage.store.dispatch(entry.dispatchedAction)
  }

  /// `replay 2/3  action addContentFinish (1) payload "Buy milk"`, with `(rejected)` or
  /// `(skipped)` after an entry the reducer rejected or the recording skips.
  var positionLine: String {
    let position = "replay \(frame)/\(lastFrame)  "
    guard frame > 0 else { return position + "initial state" }
    let entry = recording.entries[frame - 1]
    var line = position
    if let replacement = entry.action as? StateReplacedAction {
      line += "state replaced: \(replacement.reason)"
    } else {
      line += ActionTranscript.describe(entry.dispatchedAction, names: declaredActions)
    }
    if entry.isSkipped {
      line += "  (skipped)"
    } else if entry.isRejected {
      line += "  (rejected)"
    }
    return line
  }

  /// The frame as the scripted replay prints it: the position line, the diagnostic of a
  /// rejected entry, then the components.
  func frameText() -> [String] {
    _ = stageTranscript.takeLines()
    return [positionLine] + diagnosticLog.takeLines() + frameLines()
  }

  // MARK: DemoSession

  var heading: String {
    let count = recording.entries.count
    return "CSReduxKit demo: replay of \(source) (\(recording.storeName), \(count) "
      + "entr\(count == 1 ? "y" : "ies"))"
  }

  /// A replay has no script commands: it prints every frame.
  var commands: [CommandHelp] { [] }

  var keyHint: String { "Right/Space next  Left previous  Home first  End last  q quit" }

  var transcript: ActionTranscript { stageTranscript }

  var lastActionLine: String { positionLine }

  /// The stage's store plays each entry back at once, so it is idle between moves.
  var isIdle: Bool { true }

  func waitUntilIdle() async {}

  var sections: [FrameSection] {
    stage.session.sections.map { section in
      FrameSection(
        section.label, revision: { [weak self] in self?.moves ?? 0 }, render: section.render)
    }
  }

  func perform(_ command: ScriptCommand) -> CommandResult { .unknown }

  func handle(_ key: Key) -> CommandResult {
    switch key {
    case .right, .down, .enter, .character(" "): return step(by: 1)
    case .left, .up, .backspace: return step(by: -1)
    case .home:
      show(frame: 0)
      return .ok
    case .end:
      show(frame: lastFrame)
      return .ok
    case .character("q"), .escape: return .quit
    default: return .ok
    }
  }

  private func step(by offset: Int) -> CommandResult {
    let target = frame + offset
    if target < 0 { return .done(message: "this is the first frame") }
    if target > lastFrame { return .done(message: "this is the last frame; q quits") }
    show(frame: target)
    return .ok
  }
}

/// The failure a replayed rejected entry reports: the error the recording kept.
struct RecordedRejection: Error, CustomStringConvertible {
  /// The error's description, as recorded.
  var description: String

  init(_ action: any ActionProtocol) {
    description =
      (action as? RejectedAction)?.error.map { "\($0)" } ?? "the reducer rejected the action"
  }
}

/// The keys of the interactive replay, for the help.
enum ReplayKeys {
  static let all = [
    KeyHelp(key: "Right/Down", summary: "next step (also Space, Enter)"),
    KeyHelp(key: "Left/Up", summary: "previous step (also Backspace)"),
    KeyHelp(key: "Home/End", summary: "first / last step"),
    KeyHelp(key: "q, Esc", summary: "quit (also Ctrl-C)"),
  ]
}
