import CSReduxKit
import DemoUI

/// Records every action a store commits, as the lines the demo prints:
/// `action addContentFinish (1) payload "Buy milk"`.
///
/// Only text, for the frames and the status line; CSReduxKit's `ActionLog`, which `--log`
/// attaches, records the states for a replay.
///
/// It subscribes last, after the module's components, and keeps the lines until
/// ``takeLines()``; ``lastLine`` stays for the interactive status line.
final class ActionTranscript: Sendable {
  private struct Model {
    var lines: [String] = []
    var last: String?
    var revision = 0
  }

  private let model = _Locked(Model())

  /// Subscribes the log to every action of `store`, for as long as the log lives.
  init<State: StateProtocol>(store: Store<State>) {
    let names = store.declaredActions
    store.subscribe(owner: self) { log, action, _ in
      log.record(Self.describe(action, names: names))
    }
  }

  /// A transcript of no store, for a session that prints its own lines (an app's replay).
  init() {}

  private func record(_ line: String) {
    model.withLock { model in
      model.lines.append(line)
      model.last = line
      model.revision += 1
    }
  }

  /// The lines recorded since the last call, oldest first.
  func takeLines() -> [String] {
    model.withLock { model in
      defer { model.lines.removeAll() }
      return model.lines
    }
  }

  /// The last action's line, kept after ``takeLines()``.
  var lastLine: String? { model.withLock { $0.last } }

  /// Grows with every action.
  var revision: Int { model.withLock { $0.revision } }

  /// `action NAME (TYPE) payload VALUE`; strings are quoted, other payloads described.
  static func describe(_ action: any ActionProtocol, names: ActionTypes) -> String {
    var line = "action "
    if let name = names[action.type] {
      line += "\(name) (\(action.type))"
    } else {
      line += "\(action.type)"
    }
    if let data = action.data {
      line += " payload " + describe(payload: data)
    }
    return line
  }

  /// A payload as the demo prints it: strings quoted, everything else by its description.
  static func describe(payload: any Sendable) -> String {
    if let text = payload as? String { return text.debugDescription }
    return String(describing: payload)
  }
}
