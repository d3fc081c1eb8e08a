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

  /// The enum whose case ``type`` is, or `nil` for an action made from a bare number.
  ///
  /// A store that declares its ``ActionTypes`` reduces an action only when its origin is one
  /// of the declared enums (or, when it has none, its type is a case of one): see
  /// ``StoreDiagnostic/Kind/foreignAction``. `nil` unless a conforming type says otherwise.
  var origin: ActionOrigin? { get }
}

extension ActionProtocol {
  /// `nil`: the action says nothing of an enum, and is judged by its ``type`` alone.
  @inlinable
  public var origin: ActionOrigin? { nil }
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
