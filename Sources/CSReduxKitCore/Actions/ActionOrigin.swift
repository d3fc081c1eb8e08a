/// The enum an action's type is a case of: one word, the enum's metatype.
///
/// An ``Action`` made from an enum case (`Action(CartAction.add, data: "Milk")`) and an
/// ``EnumAction`` value carry theirs in ``ActionProtocol/origin``; an action made from a bare
/// number (`Action(type: 0)`) carries none. A store that declares its ``ActionTypes`` compares
/// it with the enums it declared, so that `Action(CartAction.add)` is never read by an Auth
/// reducer as its own action 0.
public struct ActionOrigin: Hashable, Sendable, CustomStringConvertible {
  /// The enum: an `Int`-backed enum, or the `Kind` of an ``EnumAction``.
  public let enumType: any Any.Type

  /// The enum `type`.
  ///
  /// - Parameter type: An enum whose raw values are action types.
  @inlinable
  public init(_ type: any Any.Type) {
    self.enumType = type
  }

  /// The enum's identity: its metadata pointer.
  @inlinable
  public var id: ObjectIdentifier { ObjectIdentifier(enumType) }

  /// The enum's name, `CartAction`; an ``EnumAction``'s `Kind` is named after the action
  /// enum, `TodoAction`.
  public var description: String {
    let name = String(describing: enumType)
    return name.hasSuffix(".Kind") ? String(name.dropLast(5)) : name
  }

  /// The name of the case whose raw value is `type`, or `nil` when the enum is not
  /// `CaseIterable` or has no such case.
  ///
  /// - Parameter type: An action type.
  /// - Returns: `add` for `CartAction.add`.
  public func caseName(for type: Int) -> String? {
    guard let cases = enumType as? any (CaseIterable & RawRepresentable).Type else { return nil }
    return Self.caseName(in: cases, rawValue: type)
  }

  /// `CartAction.add`, or `CartAction 7` when the case has no name.
  ///
  /// - Parameter type: An action type.
  /// - Returns: The enum and the case.
  public func label(for type: Int) -> String {
    caseName(for: type).map { "\(self).\($0)" } ?? "\(self) \(type)"
  }

  private static func caseName<Cases: CaseIterable & RawRepresentable>(
    in _: Cases.Type, rawValue: Int
  ) -> String? {
    for value in Cases.allCases where (value.rawValue as? Int) == rawValue {
      return String(describing: value)
    }
    return nil
  }

  /// Whether two origins are the same enum.
  public static func == (lhs: ActionOrigin, rhs: ActionOrigin) -> Bool {
    lhs.id == rhs.id
  }

  /// Hashes the enum's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
  }
}
