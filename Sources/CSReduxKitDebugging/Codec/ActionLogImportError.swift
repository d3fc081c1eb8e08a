/// Why an ``ActionLogCodec`` could not read a recording, or a ``TimelineCodec`` a session;
/// nothing was read.
public struct ActionLogImportError: Error, CustomStringConvertible, Equatable {
  /// The line at fault, from 1; 0 for the file as a whole.
  public let line: Int
  /// What is wrong with it.
  public let reason: String
  /// Whether the file read was a timeline (read by ``TimelineCodec``), which the description
  /// then names instead of an action log.
  let isTimeline: Bool

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - line: The line at fault, from 1; 0 for the file as a whole.
  ///   - reason: What is wrong with it.
  public init(line: Int, reason: String) {
    self.init(line: line, reason: reason, isTimeline: false)
  }

  init(line: Int, reason: String, isTimeline: Bool) {
    self.line = line
    self.reason = reason
    self.isTimeline = isTimeline
  }

  /// `action log, line 3: unknown action type 7; …`, or `timeline, line 3: …` for a
  /// timeline.
  public var description: String {
    let file = isTimeline ? "timeline" : "action log"
    return line == 0 ? "\(file): \(reason)" : "\(file), line \(line): \(reason)"
  }

  /// The same error, about a timeline.
  var inTimeline: ActionLogImportError {
    ActionLogImportError(line: line, reason: reason, isTimeline: true)
  }
}
