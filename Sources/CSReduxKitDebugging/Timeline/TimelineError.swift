/// Why a ``Timeline`` could not do what it was asked.
public struct TimelineError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, in words.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// Why a ``Timeline`` could not be exported: an entry or a state that does not encode.
public struct TimelineExportError: Error, Sendable, CustomStringConvertible {
  /// The global number of the entry that does not encode, `nil` for a header problem.
  public let sequence: Int?
  /// Why, in words.
  public let reason: String

  init(sequence: Int?, reason: String) {
    self.sequence = sequence
    self.reason = reason
  }

  /// `"timeline export failed at entry #3: …"`.
  public var description: String {
    if let sequence { return "timeline export failed at entry #\(sequence): \(reason)" }
    return "timeline export failed: \(reason)"
  }
}
