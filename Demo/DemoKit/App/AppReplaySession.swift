import CSReduxKit
import DemoUI

/// `demo replay FILE`: a recorded timeline of the whole app played back step by step, every
/// module's screen at each step.
///
/// Step 0 shows every store's initial state, step *i* the app after the timeline's entry *i*
/// (in global order). Each module plays its own entries through its own components, as a
/// ``ReplaySession`` of that module does: at step *i*, a module shows the frame after its
/// entries among the first *i*. The app's own store has no screen; its entries (a sign-out)
/// show on the position line, and the module entries they caused name them.
@MainActor
final class AppReplaySession: DemoSession {
  /// The session played.
  let session: TimelineSession
  /// The file it came from, for the heading.
  let source: String
  /// Each module's replay, in ``DemoModule/all`` order.
  let modules: [any ModuleReplaying]
  let diagnosticLog = DiagnosticLog()
  /// The step shown: 0 for the initial states, *i* after entry *i*.
  private(set) var step = 0
  /// For each entry of the session, the index in ``modules`` of its store, or `nil` for the
  /// app's own store.
  private let owners: [Int?]
  /// Grows with every move, so the interactive screen draws every section again.
  private var moves = 0
  private let appTranscript = ActionTranscript()

  /// A replay of `session`, read from `source`.
  init(session: TimelineSession, source: String) {
    self.session = session
    self.source = source
    modules = DemoModule.all.map { $0.replay(in: session, source: source) }
    owners = session.entries.map { entry in
      DemoModule.all.firstIndex { $0.storeName == entry.storeName }
    }
  }

  /// The last step: the app after the last entry.
  var lastStep: Int { session.entries.count }

  /// Shows step `target`, clamped to `0...lastStep`.
  func show(step target: Int) {
    let target = min(max(target, 0), lastStep)
    moves += 1
    var frames = Array(repeating: 0, count: modules.count)
    for owner in owners.prefix(target) {
      if let owner { frames[owner] += 1 }
    }
    // Only the entry shown keeps its diagnostic: the module that plays it plays it last.
    let owner = target > 0 ? owners[target - 1] : nil
    for (index, module) in modules.enumerated() where index != owner {
      module.show(frame: frames[index])
      _ = module.diagnosticLog.takeLines()
    }
    if let owner {
      modules[owner].show(frame: frames[owner] - 1)
      _ = modules[owner].diagnosticLog.takeLines()
      modules[owner].show(frame: frames[owner])
    }
    step = target
  }

  /// `replay 4/9  #3 TodoStore  action signOut (2)  <- #2 AppStore signOut (broadcast)`: the
  /// step, the entry's sequence and store, its action and its cause, with `(rejected)` or
  /// `(skipped)` after an entry the reducer rejected or the session skips.
  var positionLine: String {
    let position = "replay \(step)/\(lastStep)  "
    guard step > 0 else { return position + "initial states" }
    let entry = session.entries[step - 1]
    var line = position + "#\(entry.sequence) \(entry.storeName)  " + describe(entry)
    if entry.isSkipped {
      line += "  (skipped)"
    } else if entry.isRejected {
      line += "  (rejected)"
    }
    if let cause = entry.cause {
      line += "  <- #\(cause.sequence)"
      if let causing = session.entries.first(where: { $0.sequence == cause.sequence }) {
        line += " \(causing.storeName) \(name(of: causing))"
      }
      line += " (\(cause.kind.name))"
    }
    return line
  }

  private func names(of entry: TimelineEntry) -> ActionTypes {
    guard let owner = DemoModule.all.first(where: { $0.storeName == entry.storeName }) else {
      return ActionTypes(AppActionType.self)
    }
    return owner.feature.declaredActions
  }

  private func describe(_ entry: TimelineEntry) -> String {
    if let replacement = entry.action as? StateReplacedAction {
      return "state replaced: \(replacement.reason)"
    }
    return ActionTranscript.describe(entry.dispatchedAction, names: names(of: entry))
  }

  private func name(of entry: TimelineEntry) -> String {
    names(of: entry)[entry.action.type] ?? "\(entry.action.type)"
  }

  /// The step as the scripted replay prints it: the position line, the diagnostic of a
  /// rejected entry, then every module's heading and components.
  func frameText() -> [String] {
    var lines = [positionLine]
    for module in modules { lines += module.diagnosticLog.takeLines() }
    return lines + frameLines()
  }

  /// Prints every step in order, separated by a blank line.
  func writeFrames(_ write: (String) -> Void) {
    for target in 0...lastStep {
      show(step: target)
      write((target == 0 ? "" : "\n") + frameText().joined(separator: "\n") + "\n")
    }
  }

  /// Replays the session into fresh stores of the app, with their own reducers, and compares
  /// every state with the recorded one.
  ///
  /// - Returns: Whether every entry matched, and the report: `replay matches: 9 entries of 5
  ///   stores`, or the first store and entry that differ.
  func check() async -> (matches: Bool, report: String) {
    await AppTimeline.check(session)
  }

  // MARK: DemoSession

  var heading: String {
    let count = session.entries.count
    return "CSReduxKit demo: replay of \(source) (\(session.stores.count) stores, \(count) "
      + "entr\(count == 1 ? "y" : "ies"))"
  }

  /// A replay has no script commands: it prints every step.
  var commands: [CommandHelp] { [] }

  var keyHint: String { "Right/Space next  Left previous  Home first  End last  q quit" }

  var transcript: ActionTranscript { appTranscript }

  var lastActionLine: String { positionLine }

  /// The stages play each entry back at once, so they are idle between moves.
  var isIdle: Bool { true }

  func waitUntilIdle() async {}

  /// Every module's heading, then its components.
  var sections: [FrameSection] {
    modules.flatMap { module in
      let heading = module.moduleHeading
      return [
        FrameSection("", revision: { [weak self] in self?.moves ?? 0 }, render: { [heading] })
      ]
        + module.sections.map { section in
          FrameSection(
            section.label, revision: { [weak self] in self?.moves ?? 0 }, render: section.render)
        }
    }
  }

  func perform(_ command: ScriptCommand) -> CommandResult { .unknown }

  func handle(_ key: Key) -> CommandResult {
    switch key {
    case .right, .down, .enter, .character(" "): return move(by: 1)
    case .left, .up, .backspace: return move(by: -1)
    case .home:
      show(step: 0)
      return .ok
    case .end:
      show(step: lastStep)
      return .ok
    case .character("q"), .escape: return .quit
    default: return .ok
    }
  }

  private func move(by offset: Int) -> CommandResult {
    let target = step + offset
    if target < 0 { return .done(message: "this is the first step") }
    if target > lastStep { return .done(message: "this is the last step; q quits") }
    show(step: target)
    return .ok
  }
}

/// A module's replay as the app's replay drives it: one ``ReplaySession`` of the module.
@MainActor
protocol ModuleReplaying: AnyObject {
  /// The module's heading, above its components.
  var moduleHeading: String { get }
  /// The module's components.
  var sections: [FrameSection] { get }
  /// The diagnostics of the entries played.
  var diagnosticLog: DiagnosticLog { get }
  /// Shows the module after its first `frame` entries.
  func show(frame: Int)
}

extension ReplaySession: ModuleReplaying {
  var moduleHeading: String { "== " + Feature.heading }
}

extension DemoModule {
  /// The module's part of a replay of `session`: its store's entries played through its
  /// components, from its recorded initial state (the module's initial state when the session
  /// did not record its store).
  @MainActor
  func replay(in session: TimelineSession, source: String) -> any ModuleReplaying {
    func make<Feature: DemoFeature>(_: Feature.Type) -> any ModuleReplaying {
      let recording =
        session.recording(of: Feature.storeName, as: Feature.State.self)
        ?? ActionRecording(
          initialState: Feature.initialState, entries: [], storeName: Feature.storeName)
      return ReplaySession<Feature>(recording: recording, source: source)
    }
    return make(feature)
  }
}
