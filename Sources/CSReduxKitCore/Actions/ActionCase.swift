/// A case of an `Int`-backed action enum with its payload type, declared once, so that a wrong
/// payload is a compile error where the action is made.
///
/// ```swift
/// enum CartAction: Int, CaseIterable { case add, remove }
/// extension CartAction {
///   static let addItem = ActionCase(CartAction.add, payload: String.self)
/// }
///
/// cart.dispatch(CartAction.addItem("Milk"))
/// // cart.dispatch(CartAction.addItem(42))  // error: Int is not String
/// let name = try CartAction.addItem.payload(of: action)  // in the reducer
/// ```
///
/// The action it makes is an ordinary ``Action`` of the case's type, whose ``Action/origin``
/// is the enum: stores, filters and logs handle it as `Action(CartAction.add, data: "Milk")`.
/// For a new module, an ``EnumAction`` with associated values gives the same check for
/// every case without a declaration per case.
public struct ActionCase<Payload: Sendable>: Sendable {
  /// The action type: the case's raw value.
  public let type: Int
  /// The enum the case belongs to.
  public let origin: ActionOrigin

  /// Declares that the actions of `type` carry a `Payload`.
  ///
  /// - Parameters:
  ///   - type: A case of an `Int`-backed action enum.
  ///   - payload: The payload its actions carry.
  public init<T: RawRepresentable>(_ type: T, payload: Payload.Type)
  where T.RawValue == Int {
    self.type = type.rawValue
    self.origin = ActionOrigin(T.self)
  }

  /// An action of this case carrying `payload`.
  ///
  /// - Parameter payload: The payload, of the declared type.
  /// - Returns: The action to dispatch.
  public func callAsFunction(_ payload: Payload) -> Action {
    Action(type: type, storage: _PayloadStorage(payload), origin: origin)
  }

  /// Reads the payload of an action of this case.
  ///
  /// - Parameter action: An action whose type is this case's.
  /// - Returns: The payload.
  /// - Throws: ``PayloadError`` when the payload is missing or of another type.
  public func payload(of action: any ActionProtocol) throws(PayloadError) -> Payload {
    try action.payload(as: Payload.self)
  }

  /// Whether `action` is of this case's type.
  ///
  /// - Parameter action: Any action.
  /// - Returns: `true` when its type is this case's raw value.
  public func matches(_ action: any ActionProtocol) -> Bool {
    action.type == type
  }
}
