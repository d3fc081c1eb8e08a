/// Names for a module's action types, used in diagnostics and logs.
///
/// Action types are plain integers; give a store an `ActionTypeNames` built from the module's
/// action-type enum and its reports read `action 3 (titleClick)` instead of `action 3`.
///
/// ```swift
/// enum DemoAction: Int, CaseIterable { case beginAdd, addFinish }
/// let names = ActionTypeNames(DemoAction.self)
/// names[1]  // "addFinish"
/// ```
public struct ActionTypeNames: Sendable {
  private let lookup: (@Sendable (Int) -> String?)?

  /// No names: actions are shown by number only.
  public static let none = ActionTypeNames(lookup: nil)

  private init(lookup: (@Sendable (Int) -> String?)?) {
    self.lookup = lookup
  }

  /// Names action types after the cases of an `Int`-backed enum.
  ///
  /// - Parameter type: The enum whose raw values are the action types.
  public init<T: RawRepresentable & CaseIterable>(_ type: T.Type) where T.RawValue == Int {
    var names: [Int: String] = [:]
    for value in T.allCases { names[value.rawValue] = String(describing: value) }
    self.lookup = { [names] in names[$0] }
  }

  /// Names action types with a function of your own.
  ///
  /// - Parameter name: Returns the name of an action type, or `nil` when it has none.
  public init(_ name: @escaping @Sendable (Int) -> String?) {
    self.lookup = name
  }

  /// The name of an action type, or `nil` when it has none. The reserved
  /// ``StateReplacedAction/type-type.property`` is always named `stateReplaced`.
  public subscript(type: Int) -> String? {
    lookup?(type) ?? (type == StateReplacedAction.type ? "stateReplaced" : nil)
  }

  /// `3 (titleClick)` when the type has a name, `3` otherwise.
  public func label(for type: Int) -> String {
    guard let name = self[type] else { return "\(type)" }
    return "\(type) (\(name))"
  }
}
