/// The actions a subscriber receives: every type, a list of `Int` types, or the cases of an
/// `Int`-backed enum.
///
/// Every way of listening to a ``Store`` takes one, as its `to:` parameter (`of:` for
/// ``Store/updates(of:bufferingPolicy:)``), and receives every type when it is left out:
///
/// ```swift
/// store.subscribe { action, state in }  // every type
/// store.subscribe(to: [1, 2]) { action, state in }  // types 1 and 2
/// store.subscribe(to: .cases(TodoAction.add, .delete)) { action, state in }
/// ```
///
/// A filtered subscriber costs a dispatch of another type nothing: the store routes each
/// action straight to the subscribers of its type. A filter with no type receives nothing.
/// A replaced state (a ``StateReplacedAction``) reaches every subscriber, whatever its filter.
public struct ActionFilter: Sendable, Hashable, ExpressibleByArrayLiteral,
  CustomStringConvertible
{
  /// The types, sorted and without repeats; `nil` for every type.
  @usableFromInline let types: [Int]?

  init(sortedTypes: [Int]?) {
    self.types = sortedTypes
  }

  /// Every action type.
  public static var all: ActionFilter { ActionFilter(sortedTypes: nil) }

  /// The action types in `types`; repeats count once.
  ///
  /// - Parameter types: The action types to receive, such as a `Set<Int>`.
  /// - Returns: A filter that lets exactly these types through.
  public static func types(_ types: some Sequence<Int>) -> ActionFilter {
    ActionFilter(sortedTypes: Set(types).sorted())
  }

  /// The action types named by cases of an `Int`-backed enum, such as a module's action type
  /// enum.
  ///
  /// - Parameter cases: The cases whose raw values are the types to receive.
  /// - Returns: A filter that lets exactly these types through.
  public static func cases<T: RawRepresentable>(_ cases: T...) -> ActionFilter
  where T.RawValue == Int {
    .types(cases.map(\.rawValue))
  }

  /// The action types named by a sequence of cases of an `Int`-backed enum, such as
  /// `TodoAction.allCases`.
  ///
  /// - Parameter cases: The cases whose raw values are the types to receive.
  /// - Returns: A filter that lets exactly these types through.
  public static func cases<S: Sequence>(_ cases: S) -> ActionFilter
  where S.Element: RawRepresentable, S.Element.RawValue == Int {
    .types(cases.map(\.rawValue))
  }

  /// The action types listed, as in `store.subscribe(to: [1, 2]) { … }`.
  ///
  /// - Parameter types: The action types to receive; repeats count once.
  public init(arrayLiteral types: Int...) {
    self = .types(types)
  }

  /// Whether an action of type `type` passes the filter.
  ///
  /// - Parameter type: An action's ``ActionProtocol/type``.
  /// - Returns: `true` for every type when the filter is ``all``, otherwise whether `type` is
  ///   one of its types.
  /// - Complexity: O(log k) for k types.
  public func contains(_ type: Int) -> Bool {
    guard let types else { return true }
    var low = 0
    var high = types.count
    while low < high {
      let middle = (low + high) / 2
      if types[middle] < type { low = middle + 1 } else { high = middle }
    }
    return low < types.count && types[low] == type
  }

  /// `every action type`, or the types listed, as in `action types [1, 2]`.
  public var description: String {
    guard let types else { return "every action type" }
    return "action types \(types)"
  }
}
