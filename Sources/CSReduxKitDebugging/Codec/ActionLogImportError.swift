/// Why an ``ActionLogCodec`` or a ``TimelineCodec`` could not read a recording; nothing was
/// read. Its description names what was read: `action log, line 3: …` or `timeline, line 3: …`.
public struct ActionLogImportError: Error, CustomStringConvertible, Equatable {
  /// The line at fault, from 1; 0 for the file as a whole.
  public let line: Int
  /// What is wrong with it.
  public let reason: String
  /// What was read, for the description: `action log`, or `timeline` from a `TimelineCodec`.
  var subject = "action log"

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - line: The line at fault, from 1; 0 for the file as a whole.
  ///   - reason: What is wrong with it.
  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }

  /// `action log, line 3: unknown action type 7; …`, or `timeline, line 3: …` for a timeline.
  public var description: String {
    line == 0 ? "\(subject): \(reason)" : "\(subject), line \(line): \(reason)"
  }

  /// Whether two errors name the same line and reason, whatever the recording's kind.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.line == rhs.line && lhs.reason == rhs.reason
  }

  /// The same error, described as a timeline's.
  var inTimeline: Self {
    var error = self
    error.subject = "timeline"
    return error
  }
}
