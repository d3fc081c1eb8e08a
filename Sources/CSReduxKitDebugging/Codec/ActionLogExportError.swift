/// Why an ``ActionLogCodec`` could not write a recording; nothing was written.
public struct ActionLogExportError: Error, CustomStringConvertible, Equatable {
  /// The position of the entry at fault, or `nil` for the recording as a whole.
  public let entryIndex: Int?
  /// What is wrong.
  public let reason: String

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - entryIndex: The position of the entry at fault, or `nil` for the whole recording.
  ///   - reason: What is wrong.
  public init(entryIndex: Int?, reason: String) {
    self.entryIndex = entryIndex
    self.reason = reason
  }

  /// `cannot export entry 3: action type 7 is not registered; …`.
  public var description: String {
    guard let entryIndex else { return "cannot export the action log: \(reason)" }
    return "cannot export entry \(entryIndex): \(reason)"
  }
}
