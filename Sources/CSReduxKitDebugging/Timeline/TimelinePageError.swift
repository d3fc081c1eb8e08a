/// The reason a ``TimelinePage`` could not be made from a session's text: the line (from 1)
/// and what is wrong with it.
public struct TimelinePageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line of the text that is wrong, from 1.
  public var line: Int
  /// What is wrong with it.
  public var reason: String

  /// An error for `line` (from 1), saying `reason`.
  ///
  /// - Parameters:
  ///   - line: The line of the text that is wrong, from 1.
  ///   - reason: What is wrong with it.
  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }

  /// `line 3: the entry names the store "Chess", which the header does not list`.
  public var description: String { "line \(line): \(reason)" }
}
