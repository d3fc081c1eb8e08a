/// The standard action: an integer type and an optional payload.
///
/// ```swift
/// enum TodoAction: Int { case add, delete }
/// store.dispatch(Action(TodoAction.add, data: "Buy milk"))
/// store.dispatch(Action(type: 1, data: 0))
/// ```
///
/// An action is a small value (three words: the type, the payload's box and the enum it came
/// from), so dispatching one without a payload allocates nothing; a payload is boxed once when
/// the action is created. An action made from an enum case carries the enum as its
/// ``origin``, which a store that declares its ``ActionTypes`` checks; one made from a number
/// carries none.
public struct Action: ActionProtocol, CustomStringConvertible {
  /// The kind of action.
  public let type: Int
  @usableFromInline let storage: _PayloadStorage?
  /// The enum whose case ``type`` is; `nil` for an action made from a number.
  public let origin: ActionOrigin?

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
    self.origin = nil
  }

  /// An action with a payload already stored: a ``CoordinatedAction`` shares the payload of
  /// the action it wraps.
  init(type: Int, storage: _PayloadStorage?) {
    self.type = type
    self.storage = storage
    self.origin = nil
  }

  /// Creates an action from a case of an `Int`-backed enum and an optional payload.
  ///
  /// The action's ``origin`` is the enum: a store that declares its ``ActionTypes`` reduces
  /// it only when the enum is one of its own.
  ///
  /// - Parameters:
  ///   - type: A case whose raw value is the action type.
  ///   - data: The payload the reducer needs, if any.
  @inlinable
  public init<T: RawRepresentable>(_ type: T, data: (any Sendable)? = nil)
  where T.RawValue == Int {
    self.type = type.rawValue
    self.storage = data.map(_PayloadStorage.init)
    self.origin = ActionOrigin(T.self)
  }

  /// An action with a payload already stored and the enum it came from: a typed case
  /// (``ActionCase``) makes its actions this way.
  init(type: Int, storage: _PayloadStorage?, origin: ActionOrigin?) {
    self.type = type
    self.storage = storage
    self.origin = origin
  }

  /// A readable form such as `Action(type: 3, data: "Buy milk")`.
  public var description: String {
    guard let data else { return "Action(type: \(type))" }
    return "Action(type: \(type), data: \(String(reflecting: data)))"
  }
}
