import CSReduxKitCore

/// What an imported action log holds in place of a payload that could not be written: its
/// type's name and a short description of it.
///
/// ``ActionLogCodec/encode(_:)`` never refuses a recorded session. A payload it cannot write
/// as its action type's registered payload type (the action type is not registered, the
/// payload is of another type, or it does not encode) is written as
/// `"unexportedPayload":{"summary":"42","type":"Int"}`, and importing gives the action an
/// `UnexportedPayload` as its payload, whatever the action type.
///
/// Such an entry cannot be dispatched again as it was, so replaying a recording
/// (``ActionRecording/replay(into:)``) and recomputing it treat it as a reset point, like a
/// `StateReplacedAction` entry: the store takes the entry's recorded state.
public struct UnexportedPayload: Sendable, Equatable, CustomStringConvertible {
  /// The name of the payload's type, such as `Int`.
  public let typeName: String
  /// The payload's description, cut to at most ``summaryLimit`` characters.
  public let summary: String

  /// The longest ``summary`` the codec writes, in characters.
  public static var summaryLimit: Int { 200 }

  /// Creates a placeholder.
  ///
  /// - Parameters:
  ///   - typeName: The name of the payload's type.
  ///   - summary: The payload's description.
  public init(typeName: String, summary: String) {
    self.typeName = typeName
    self.summary = summary
  }

  /// Creates the placeholder for `payload`: its type's name and its description, cut to
  /// ``summaryLimit`` characters.
  ///
  /// - Parameter payload: The payload that could not be written.
  /// - Complexity: O(``summaryLimit``) for strings, collections and plain structs.
  public init(describing payload: any Sendable) {
    self.init(
      typeName: String(describing: type(of: payload)),
      summary: boundedDescription(of: payload, limit: Self.summaryLimit))
  }

  /// `unexported Int payload: 42`.
  public var description: String { "unexported \(typeName) payload: \(summary)" }
}
