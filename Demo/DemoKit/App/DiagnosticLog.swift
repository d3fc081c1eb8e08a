import CSReduxKit
import DemoUI

/// Collects a store's diagnostics so the demo can show them in its own output (a line of the
/// scripted frame, or the interactive status line) instead of writing over the screen.
final class DiagnosticLog: Sendable {
  private let lines = _Locked<[String]>([])

  /// The closure to give a store as its `diagnostics`.
  var handler: @Sendable (StoreDiagnostic) -> Void {
    { [lines] diagnostic in
      let line = Self.describe(diagnostic)
      lines.withLock { $0.append(line) }
    }
  }

  /// The lines recorded since the last call, oldest first.
  func takeLines() -> [String] {
    lines.withLock { lines in
      defer { lines.removeAll() }
      return lines
    }
  }

  /// `diagnostic: deleteContent (2) failed: row 5 is out of range: the list has 1 row; the
  /// state is unchanged` for a failed reducer, the diagnostic's own description otherwise.
  static func describe(_ diagnostic: StoreDiagnostic) -> String {
    guard diagnostic.kind == .reducerFailed, let error = diagnostic.error else {
      return "diagnostic: \(diagnostic)"
    }
    var action = ""
    if let type = diagnostic.actionType {
      action = diagnostic.actionName.map { "\($0) (\(type)) " } ?? "action \(type) "
    }
    return "diagnostic: \(action)failed: \(error); the state is unchanged"
  }
}
