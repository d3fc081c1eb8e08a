/// What became of an action sent with ``Store/send(_:)-(ActionProtocol)`` or
/// ``ThunkContext/send(_:)-(ActionProtocol)``: the state committed for it and whether the
/// reducer applied it.
///
/// ```swift
/// let result = await store.send(load)
/// switch result.outcome {
/// case .applied: show(result.state)
/// case .failed(let error): showError(error)
/// case .dropped(let reason): log("not applied: \(reason)")
/// case .thunkRan, .effectStarted: break
/// }
/// ```
public struct SendResult<State: StateProtocol>: Sendable {
  /// The state committed for the action: the new state when it was applied, the unchanged
  /// state otherwise.
  public let state: State
  /// Whether the action was applied, failed or dropped.
  public let outcome: ActionOutcome

  /// Creates a result; stores make them, and tests of code that takes one may too.
  ///
  /// - Parameters:
  ///   - state: The state committed for the action.
  ///   - outcome: What became of the action.
  public init(state: State, outcome: ActionOutcome) {
    self.state = state
    self.outcome = outcome
  }

  /// Whether the reducer applied the action (``ActionOutcome/applied``).
  public var isApplied: Bool {
    if case .applied = outcome { return true }
    return false
  }
}
