/// The actions a store calls its own: the enums whose cases it reduces, which also name the
/// action types in its diagnostics and logs.
///
/// Give a store its enums where it is created, and it reduces only their actions:
///
/// ```swift
/// enum CartAction: Int, CaseIterable { case add, remove }
/// let cart = Store(
///   state: CartState(), reducer: cartReducer,
///   actions: ActionTypes(CartAction.self))
/// ```
///
/// An action made from another enum's case (`Action(AuthAction.signIn)`), or from a bare
/// number that is no case of the store's enums, still goes through the store's middleware,
/// which may translate it, but never reaches the reducer: the store reports
/// ``StoreDiagnostic/Kind/foreignAction`` or ``StoreDiagnostic/Kind/unknownActionType``,
/// leaves the state as it was, and its subscribers, `send` and the logs see a
/// ``RejectedAction`` whose error is a ``ForeignActionError``. The reserved actions (a
/// ``StateReplacedAction``, a ``Thunk``) are always accepted.
///
/// A store may take several enums, as a ReSwift store takes several action families. Their
/// raw values must not overlap: a store reports two cases with the same value once, where it
/// is created, as ``StoreDiagnostic/Kind/overlappingActionTypes``.
///
/// ```swift
/// let actions = ActionTypes(ToDoAction.self, SelectionAction.self)
/// actions[0]  // "add"
/// ```
///
/// A store given none (``none``, the default) reduces every action, as a store always did.
public struct ActionTypes: Sendable {
  /// One case of a declared enum.
  struct Case: Sendable {
    let origin: ActionOrigin
    let name: String
  }

  /// Two declared cases with the same raw value.
  struct Overlap: Sendable, CustomStringConvertible {
    let value: Int
    let first: String
    let second: String

    var description: String { "\(value) is both \(first) and \(second)" }
  }

  /// The declared enums, in the order given.
  public let enums: [ActionOrigin]
  /// The first declared enum's identity as a word, 0 when none is declared: the one
  /// comparison most checks make, with the word `_UnsafeActionContainer.originWord(in:)`
  /// reads.
  @usableFromInline let firstEnum: UInt
  /// The declared cases by raw value; the first declared case where two overlap.
  let cases: [Int: Case]
  /// The raw values two declared cases share.
  let overlaps: [Overlap]
  /// Names of your own, given with a function.
  private let lookup: (@Sendable (Int) -> String?)?

  /// No enums: the store reduces every action, and shows actions by number only.
  public static let none = ActionTypes(enums: [], cases: [:], overlaps: [], lookup: nil)

  private init(
    enums: [ActionOrigin], cases: [Int: Case], overlaps: [Overlap],
    lookup: (@Sendable (Int) -> String?)?
  ) {
    self.enums = enums
    self.firstEnum = enums.first.map { UInt(bitPattern: $0.id) } ?? 0
    self.cases = cases
    self.overlaps = overlaps
    self.lookup = lookup
  }

  /// The cases of an `Int`-backed enum: a store that declares them reduces only its actions.
  ///
  /// - Parameter type: The enum whose raw values are the action types.
  public init<T: RawRepresentable & CaseIterable>(_ type: T.Type) where T.RawValue == Int {
    self = Self.none.adding(type)
  }

  /// The cases of two `Int`-backed enums, as one store takes them.
  ///
  /// - Parameters:
  ///   - first: An enum whose raw values are action types.
  ///   - second: Another, whose raw values should differ from the first's.
  public init<A: RawRepresentable & CaseIterable, B: RawRepresentable & CaseIterable>(
    _ first: A.Type, _ second: B.Type
  ) where A.RawValue == Int, B.RawValue == Int {
    self = Self.none.adding(first).adding(second)
  }

  /// The cases of three `Int`-backed enums, as one store takes them.
  ///
  /// - Parameters:
  ///   - first: An enum whose raw values are action types.
  ///   - second: Another, whose raw values should differ from the others'.
  ///   - third: Another, whose raw values should differ from the others'.
  public init<
    A: RawRepresentable & CaseIterable, B: RawRepresentable & CaseIterable,
    C: RawRepresentable & CaseIterable
  >(_ first: A.Type, _ second: B.Type, _ third: C.Type)
  where A.RawValue == Int, B.RawValue == Int, C.RawValue == Int {
    self = Self.none.adding(first).adding(second).adding(third)
  }

  /// The kinds of an ``EnumAction``: a store that declares them reduces only its actions.
  ///
  /// - Parameter type: The enum action; its `Kind`'s raw values are the action types.
  public init<T: EnumAction>(_ type: T.Type) {
    self = Self.none.adding(type)
  }

  /// Names action types with a function of your own, and declares no enum: the store reduces
  /// every action.
  ///
  /// - Parameter name: Returns the name of an action type, or `nil` when it has none.
  public init(_ name: @escaping @Sendable (Int) -> String?) {
    self.init(enums: [], cases: [:], overlaps: [], lookup: name)
  }

  /// These actions and the cases of one more `Int`-backed enum: for more than three enums, or
  /// to mix `Int` enums and ``EnumAction``s.
  ///
  /// - Parameter type: An enum whose raw values are action types.
  /// - Returns: The actions declared here and `type`'s.
  public func adding<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> ActionTypes
  where T.RawValue == Int {
    adding(ActionOrigin(T.self), T.allCases.map { ($0.rawValue, String(describing: $0)) })
  }

  /// These actions and the kinds of one more ``EnumAction``.
  ///
  /// - Parameter type: An enum action whose `Kind`'s raw values are action types.
  /// - Returns: The actions declared here and `type`'s.
  public func adding<T: EnumAction>(_ type: T.Type) -> ActionTypes {
    adding(
      ActionOrigin(T.Kind.self), T.Kind.allCases.map { ($0.rawValue, String(describing: $0)) })
  }

  private func adding(_ origin: ActionOrigin, _ values: [(Int, String)]) -> ActionTypes {
    guard !enums.contains(origin) else { return self }
    var cases = self.cases
    var overlaps = self.overlaps
    for (value, name) in values {
      let named = Case(origin: origin, name: name)
      if let existing = cases[value] {
        overlaps.append(
          Overlap(
            value: value, first: "\(existing.origin).\(existing.name)",
            second: "\(origin).\(name)"))
      } else {
        cases[value] = named
      }
    }
    return ActionTypes(
      enums: enums + [origin], cases: cases, overlaps: overlaps, lookup: lookup)
  }

  /// Whether the store checks its actions: it declared at least one enum.
  @inlinable
  public var declaresEnums: Bool { firstEnum != 0 }

  /// The name of an action type, or `nil` when it has none. The reserved
  /// ``StateReplacedAction/type-type.property`` is always named `stateReplaced`.
  public subscript(type: Int) -> String? {
    cases[type]?.name ?? lookup?(type)
      ?? (type == StateReplacedAction.type ? "stateReplaced" : nil)
  }

  /// `3 (titleClick)` when the type has a name, `3` otherwise.
  public func label(for type: Int) -> String {
    guard let name = self[type] else { return "\(type)" }
    return "\(type) (\(name))"
  }

  /// The declared enums' names, `ToDoAction, SelectionAction`.
  public var enumNames: String {
    enums.map { "\($0)" }.joined(separator: ", ")
  }

  // MARK: - Checking

  /// Whether a store that declares these enums reduces `action`: its enum is one of them, or
  /// it has none and its type is a case of one, or it is reserved.
  ///
  /// - Complexity: One comparison for an action of the first declared enum; O(e) for e
  ///   enums, or a dictionary lookup for an action made from a number.
  @inlinable
  public func accepts(_ action: any ActionProtocol) -> Bool {
    guard let origin = action.origin else { return accepts(type: action.type) }
    return UInt(bitPattern: origin.id) == firstEnum || enums.contains(origin)
  }

  /// Whether a bare action type is a case of a declared enum, or reserved.
  @usableFromInline
  func accepts(type: Int) -> Bool {
    cases[type] != nil || type == StateReplacedAction.type || type == Int.min
  }

  /// Why a store named `store` does not reduce `action`.
  ///
  /// - Parameters:
  ///   - action: An action ``accepts(_:)`` refused.
  ///   - store: The store's name.
  /// - Returns: The error its ``RejectedAction`` carries.
  public func rejection(of action: any ActionProtocol, store: String) -> ForeignActionError {
    ForeignActionError(
      storeName: store, actionType: action.type, origin: action.origin, storeEnums: enums)
  }

  /// Says where these enums overlap, for the store's report at creation; `nil` when they do
  /// not.
  @usableFromInline
  var overlapReport: String? {
    guard !overlaps.isEmpty else { return nil }
    let shown = overlaps.prefix(8).map(\.description).joined(separator: "; ")
    let more = overlaps.count > 8 ? " and \(overlaps.count - 8) more" : ""
    return "the declared action enums (\(enumNames)) share raw values: \(shown)\(more). An "
      + "action made from a bare number of such a value is read as the first enum's case. Give "
      + "each enum its own range of raw values (for example: case select = 100)."
  }
}
