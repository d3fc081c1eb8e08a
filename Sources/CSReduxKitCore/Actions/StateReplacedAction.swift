/// The action a store delivers when its whole state was replaced rather than reduced: time
/// travel in an `ActionLog`, or ``Store/replaceState(with:reason:completion:)``.
///
/// Its ``type-property`` is reserved (`Int.min + 1`; thunks use `Int.min`); no module's action-type enum
/// should use it. A store that receives this action does not call its reducer: it commits the
/// carried state as it is, in its turn in the queue like any other action, and then notifies
/// **every** subscriber, whatever action types it filtered on, because any part of the state
/// may have changed (only a subscriber to an empty set of types, which receives nothing, is
/// left out).
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

  /// The new state; `nil` when a debugging tool computed it at the action's turn (such as an
  /// `ActionLog` recomputing after a skipped entry): read the state the subscriber receives.
  public let data: (any Sendable)?

  /// Why the state was replaced, for logs: for example `"jump to entry 3"`.
  public let reason: String

  /// The debugging tool that asked for the replacement, so it can recognise its own.
  package let origin: ObjectIdentifier?
  /// A `_StateComputation` run at the action's turn instead of carrying a ready state.
  let computation: (any Sendable)?

  /// Creates a replacement carrying `state`.
  ///
  /// Dispatching it has the same effect as ``Store/replaceState(with:reason:completion:)``; a store
  /// whose state is not of the carried type rejects it (``StoreDiagnostic/Kind/reducerFailed``).
  ///
  /// - Parameters:
  ///   - state: The state the store should hold.
  ///   - reason: Why, for logs.
  public init(state: some StateProtocol, reason: String = "state replaced") {
    self.init(state: state, reason: reason, origin: nil)
  }

  init(state: some StateProtocol, reason: String, origin: ObjectIdentifier?) {
    self.data = state
    self.reason = reason
    self.origin = origin
    self.computation = nil
  }

  /// A replacement whose state is computed from the committed state at its turn in the queue.
  package init<State: StateProtocol>(
    computing computation: _StateComputation<State>, reason: String, origin: ObjectIdentifier?
  ) {
    self.data = nil
    self.reason = reason
    self.origin = origin
    self.computation = computation
  }

  /// A readable form such as `StateReplacedAction(jump to entry 3)`.
  public var description: String { "StateReplacedAction(\(reason))" }
}
