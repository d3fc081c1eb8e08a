/// A module's actions as one Swift enum with associated values, the way ReSwift apps often
/// declare them, carried by the store as an `Int` type and an untyped payload like any action.
///
/// Declare the cases, a `Kind` enum with one case per action type (its raw values are the
/// actions' ``ActionProtocol/type``), and which kind each case is:
///
/// ```swift
/// enum TodoAction: EnumAction, Codable, Equatable {
///   case add(title: String)
///   case check(row: Int)
///   case clear
///
///   enum Kind: Int, CaseIterable, Sendable {
///     case add, check, clear
///   }
///
///   var kind: Kind {
///     switch self {
///     case .add: .add
///     case .check: .check
///     case .clear: .clear
///     }
///   }
/// }
///
/// store.dispatch(TodoAction.add(title: "Milk"))
/// ```
///
/// A reducer reads an action back with ``init(_:)`` and switches over the cases; `nil` means
/// the action is not one of this enum's types:
///
/// ```swift
/// let todoReducer = InPlaceReducer<TodoState> { action, state in
///   switch try TodoAction(action) {
///   case .add(let title)?: state.titles.append(title)
///   case .check(let row)?: state.done.insert(row)
///   case .clear?: state = TodoState()
///   case nil: break
///   }
/// }
/// ```
///
/// ## Underneath: a type and a payload
///
/// An enum action's ``ActionProtocol/type`` is its kind's raw value and its
/// ``ActionProtocol/data`` is the enum value itself. Everything that handles actions by type
/// and payload handles it unchanged: subscriptions filter by kind
/// (`store.subscribe(to: .cases(TodoAction.Kind.add))`), a store names the types with
/// `ActionTypes(TodoAction.Kind.self)`, and ``RejectedAction`` and ``CoordinatedAction``
/// wrap it with the same type and data.
///
/// An action log exported and imported again gives back plain ``Action`` values, not
/// `TodoAction`s: the action log codec of the debugging library registers an `EnumAction`
/// that is `Codable` with one call, writes the enum value as each entry's payload and reads it
/// back as the payload of an ``Action``. ``init(_:)`` reads the enum value from the payload,
/// so a reducer that uses it works the same for a live action, a wrapped one and an imported
/// one: replay and time travel reproduce the session. Never cast (`action as? TodoAction`): a
/// cast fails for every action that is not the enum value itself.
public protocol EnumAction: ActionProtocol {
  /// The module's action types: one case for each case of the enum, whose raw value is the
  /// action's ``ActionProtocol/type``.
  associatedtype Kind: RawRepresentable, CaseIterable, Sendable where Kind.RawValue == Int

  /// Which action type this case is.
  var kind: Kind { get }
}

extension EnumAction {
  /// The action type: the raw value of ``kind``.
  public var type: Int { kind.rawValue }

  /// The payload: the enum value itself, associated values included.
  public var data: (any Sendable)? { self }

  /// The enum's `Kind`: a store that declares `ActionTypes(TodoAction.self)` reduces it.
  @inlinable
  public var origin: ActionOrigin? { ActionOrigin(Kind.self) }

  /// Reads an action as a case of this enum, whether it is the enum value itself, a wrapper
  /// such as ``RejectedAction`` or ``CoordinatedAction``, or an ``Action`` read back from an
  /// action log.
  ///
  /// It is `nil` when the action's type is not one of `Kind`'s raw values: the action belongs
  /// to something else.
  ///
  /// - Parameter action: Any action a reducer or a subscriber receives.
  /// - Throws: ``PayloadError`` when the type is one of this enum's but the payload is missing,
  ///   of another type, or a case of another kind (`action 1: expected TodoAction.check
  ///   payload, found TodoAction.add`).
  public init?(_ action: any ActionProtocol) throws(PayloadError) {
    guard let expected = Kind(rawValue: action.type) else { return nil }
    let value = try action.payload(as: Self.self)
    guard value.kind.rawValue == action.type else {
      throw PayloadError(
        actionType: action.type, expected: "\(Self.self).\(expected)",
        found: "\(Self.self).\(value.kind)")
    }
    self = value
  }

  /// Reads an action as a case of this enum without throwing: `nil` when it is not one of
  /// this enum's types, or when its payload is not this enum's value of that kind.
  ///
  /// For a middleware or a subscriber, which only look: `if case .add(let title)? =
  /// TodoAction(reading: action)`. A reducer uses ``init(_:)``, which says what is wrong
  /// with a payload.
  ///
  /// - Parameter action: Any action.
  public init?(reading action: any ActionProtocol) {
    guard let value = try? Self(action) else { return nil }
    self = value
  }
}
