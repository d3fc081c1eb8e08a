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

extension Action {
  /// The identity of `action`'s enum as a word when `action` is an ``Action``, read from the
  /// existential's container without a call through the protocol; 0 for an action made from a
  /// number and for any other conforming type (its ``ActionProtocol/origin`` is whatever it
  /// reports, read through the protocol by whoever needs it).
  ///
  /// The container of an `any ActionProtocol` is three words of inline buffer, the value's
  /// type metadata and its witness table. A value of at most three words, aligned to a word,
  /// that holds only references and metatypes is stored in the buffer itself; an `Action` (its
  /// type, its payload's box and its enum) is one, and the checks of its size and alignment
  /// fold to constants. The buffer is read as an `Action` only once the metadata word says
  /// it holds one: a user's type is never read as another. The container is only read, so it
  /// needs no stack protector.
  @inlinable @inline(__always)
  static func unsafeOriginWord(in action: borrowing any ActionProtocol) -> UInt {
    guard MemoryLayout<Action>.size <= 3 * MemoryLayout<Int>.size,
      MemoryLayout<Action>.alignment <= MemoryLayout<Int>.alignment
    else { return 0 }
    return _withUnprotectedUnsafePointer(to: action) { container in
      let raw = UnsafeRawPointer(container)
      let metadata = raw.load(fromByteOffset: 3 * MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
      guard metadata == unsafeBitCast(Action.self as Any.Type, to: UnsafeRawPointer.self) else {
        return 0
      }
      let origin = raw.assumingMemoryBound(to: Action.self).pointee.origin
      return origin.map { UInt(bitPattern: $0.id) } ?? 0
    }
  }
}
