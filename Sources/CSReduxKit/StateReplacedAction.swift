/// The action a store delivers when its whole state was replaced rather than reduced: time
/// travel in an `ActionLog`, or ``Store/replaceState(with:reason:completion:)``.
///
/// Its ``type-property`` is reserved (`Int.min + 1`; thunks use `Int.min`); no module's action-type enum
/// should use it. A store that receives this action does not call its reducer: it commits the
/// carried state as it is, in its turn in the queue like any other action, and then notifies
/// **every** subscriber, whatever action types it filtered on, because any part of the state
/// may have changed.
///
/// A subscriber that renders from the state needs nothing special; one that reacts to action
/// types should treat this type as "re-read everything":
///
/// ```swift
/// store.subscribe { action, state in
///   if action.type == StateReplacedAction.type { view.render(state) }
/// }
/// ```
public struct StateReplacedAction: ActionProtocol, CustomStringConvertible {
  /// The reserved action type of a state replacement: `Int.min + 1`.
  public static let type = Int.min + 1

  /// The reserved action type, ``StateReplacedAction/type-type.property``.
  public var type: Int { Self.type }

  /// The new state.
  public let data: (any Sendable)?

  /// Why the state was replaced, for logs: for example `"jump to entry 3"`.
  public let reason: String

  /// Creates a replacement carrying `state`.
  ///
  /// Dispatching it has the same effect as ``Store/replaceState(with:reason:completion:)``; a store
  /// whose state is not of the carried type rejects it (``StoreDiagnostic/Kind/reducerFailed``).
  ///
  /// - Parameters:
  ///   - state: The state the store should hold.
  ///   - reason: Why, for logs.
  public init(state: some StateProtocol, reason: String = "state replaced") {
    self.data = state
    self.reason = reason
  }

  /// A readable form such as `StateReplacedAction(jump to entry 3)`.
  public var description: String { "StateReplacedAction(\(reason))" }
}
