/// Why an ``ActionLogCodec`` could not read a recording; nothing was read.
public struct ActionLogImportError: Error, CustomStringConvertible, Equatable {
  /// The line at fault, from 1; 0 for the file as a whole.
  public let line: Int
  /// What is wrong with it.
  public let reason: String

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - line: The line at fault, from 1; 0 for the file as a whole.
  ///   - reason: What is wrong with it.
  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }

  /// `action log, line 3: unknown action type 7; …`.
  public var description: String {
    line == 0 ? "action log: \(reason)" : "action log, line \(line): \(reason)"
  }
}
