/// The error thrown when an action's payload is missing or of an unexpected type.
///
/// Its ``description`` names the action type, the expected type and the type found, for
/// example `action 3: expected String payload, found Int` or
/// `action 3: expected String payload, found none`.
public struct PayloadError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The type of the action whose payload was read.
  public let actionType: Int
  /// The name of the type the reader expected.
  public let expected: String
  /// The name of the payload's dynamic type, or `nil` when the action carried no payload.
  public let found: String?

  /// Creates a payload error from type names.
  ///
  /// - Parameters:
  ///   - actionType: The type of the action whose payload was read.
  ///   - expected: The name of the type the reader expected.
  ///   - found: The name of the payload's type, or `nil` when there was no payload.
  public init(actionType: Int, expected: String, found: String?) {
    self.actionType = actionType
    self.expected = expected
    self.found = found
  }

  /// Creates a payload error from the expected and the found types.
  ///
  /// - Parameters:
  ///   - actionType: The type of the action whose payload was read.
  ///   - expected: The type the reader expected.
  ///   - found: The payload's dynamic type, or `nil` when there was no payload.
  public init(actionType: Int, expected: Any.Type, found: Any.Type?) {
    self.init(
      actionType: actionType,
      expected: String(describing: expected),
      found: found.map { String(describing: $0) })
  }

  /// `action N: expected T payload, found U` (or `found none`).
  public var description: String {
    "action \(actionType): expected \(expected) payload, found \(found ?? "none")"
  }
}
