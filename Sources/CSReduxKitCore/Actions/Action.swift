/// A value that describes something that happened: an integer type plus an optional payload.
///
/// Actions are the only way to ask a store for a change. The integer ``type`` tells a reducer
/// and the subscribers what happened; ``data`` carries whatever the reducer needs to apply it.
/// Modules usually declare their types as an `Int`-backed enum and use ``Action`` to carry them,
/// but any `Sendable` value with these two properties can be dispatched.
///
/// Read a payload with ``payload(as:)``, which throws a ``PayloadError`` naming the action type,
/// the expected type and the type found, instead of crashing on a wrong or missing payload.
public protocol ActionProtocol: Sendable {
  /// The kind of action, usually the raw value of a module's action-type enum.
  var type: Int { get }

  /// The untyped payload, or `nil` when the action carries none.
  var data: (any Sendable)? { get }
}

extension ActionProtocol {
  /// Returns the payload cast to `T`, or throws when it is missing or of another type.
  ///
  /// ```swift
  /// let text = try action.payload(as: String.self)
  /// ```
  ///
  /// - Parameter type: The payload type the caller expects; inferred from context when omitted.
  /// - Returns: The payload as a `T`.
  /// - Throws: ``PayloadError`` naming the action type, `T`, and the type found (or "none").
  public func payload<T>(as type: T.Type = T.self) throws(PayloadError) -> T {
    guard let data else {
      throw PayloadError(actionType: self.type, expected: T.self, found: nil)
    }
    guard let value = data as? T else {
      throw PayloadError(actionType: self.type, expected: T.self, found: Swift.type(of: data))
    }
    return value
  }
}

/// The standard action: an integer type and an optional payload.
///
/// ```swift
/// enum TodoAction: Int { case add, delete }
/// store.dispatch(Action(TodoAction.add, data: "Buy milk"))
/// store.dispatch(Action(type: 1, data: 0))
/// ```
///
/// An action is a small value (two words), so dispatching one without a payload allocates
/// nothing; a payload is boxed once when the action is created.
public struct Action: ActionProtocol, CustomStringConvertible {
  /// The kind of action.
  public let type: Int
  @usableFromInline let storage: _PayloadStorage?

  /// The payload, or `nil` when the action carries none.
  @inlinable
  public var data: (any Sendable)? { storage?.value }

  /// Creates an action from an integer type and an optional payload.
  ///
  /// - Parameters:
  ///   - type: The kind of action.
  ///   - data: The payload the reducer needs, if any.
  @inlinable
  public init(type: Int, data: (any Sendable)? = nil) {
    self.type = type
    self.storage = data.map(_PayloadStorage.init)
  }

  /// Creates an action from a case of an `Int`-backed enum and an optional payload.
  ///
  /// - Parameters:
  ///   - type: A case whose raw value is the action type.
  ///   - data: The payload the reducer needs, if any.
  @inlinable
  public init<T: RawRepresentable>(_ type: T, data: (any Sendable)? = nil)
  where T.RawValue == Int {
    self.init(type: type.rawValue, data: data)
  }

  /// A readable form such as `Action(type: 3, data: "Buy milk")`.
  public var description: String {
    guard let data else { return "Action(type: \(type))" }
    return "Action(type: \(type), data: \(String(reflecting: data)))"
  }
}

/// Keeps `Action` two words wide, so it fits an existential's inline buffer without boxing.
@usableFromInline
final class _PayloadStorage: Sendable {
  @usableFromInline let value: any Sendable
  @inlinable init(_ value: any Sendable) { self.value = value }
}
