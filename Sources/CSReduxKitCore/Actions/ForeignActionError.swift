/// Why a store that declares its ``ActionTypes`` did not reduce an action: it belongs to
/// another enum, or its bare type is no case of the store's enums.
///
/// Subscribers receive the action as a ``RejectedAction`` carrying this error, `send`
/// returns ``ActionOutcome/failed(_:)`` with it, and the store reports
/// ``StoreDiagnostic/Kind/foreignAction`` or ``StoreDiagnostic/Kind/unknownActionType``.
public struct ForeignActionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The store that refused the action.
  public let storeName: String
  /// The action's type.
  public let actionType: Int
  /// The action's enum; `nil` for an action made from a bare number.
  public let origin: ActionOrigin?
  /// The enums the store declared.
  public let storeEnums: [ActionOrigin]

  /// Creates the error; stores make them.
  ///
  /// - Parameters:
  ///   - storeName: The store that refused the action.
  ///   - actionType: The action's type.
  ///   - origin: The action's enum, if it has one.
  ///   - storeEnums: The enums the store declared.
  public init(storeName: String, actionType: Int, origin: ActionOrigin?, storeEnums: [ActionOrigin])
  {
    self.storeName = storeName
    self.actionType = actionType
    self.origin = origin
    self.storeEnums = storeEnums
  }

  /// ``StoreDiagnostic/Kind/foreignAction`` for an action of another enum,
  /// ``StoreDiagnostic/Kind/unknownActionType`` for a bare number.
  public var kind: StoreDiagnostic.Kind {
    origin == nil ? .unknownActionType : .foreignAction
  }

  /// `CartAction.add (action 0) is not an action of AuthStore, which takes AuthAction; …`.
  public var description: String {
    let enums = storeEnums.map { "\($0)" }.joined(separator: ", ")
    guard let origin else {
      return "action \(actionType) is no case of \(storeName)'s actions (\(enums)); it was "
        + "not applied. Dispatch an enum case rather than a number, or add the enum that has "
        + "this case to the store's ActionTypes."
    }
    return "\(origin.label(for: actionType)) (action \(actionType)) is not an action of "
      + "\(storeName), which takes \(enums); it was not applied. Dispatch it to the store "
      + "that declares \(origin), translate it in a middleware, or add \(origin) to this "
      + "store's ActionTypes."
  }
}
