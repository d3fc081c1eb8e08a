/// What became of one dispatched action.
public enum ActionOutcome: Sendable, CustomStringConvertible {
  /// The reducer called `finish` with a state, which the store committed.
  case applied
  /// The reducer failed the action: it called `finish.fail(error)` (or threw `error`), or let
  /// `finish` go without calling it (`nil`). The state was left unchanged and subscribers got
  /// a ``RejectedAction``.
  case failed((any Error)?)
  /// The action never reached the reducer.
  case dropped(DropReason)

  /// Why an action never reached the reducer.
  public enum DropReason: Sendable, Equatable, CustomStringConvertible {
    /// It was dispatched back into the store by its own subscribers, completions or reducer
    /// past ``Store/nestedDispatchLimit`` (``StoreDiagnostic/Kind/feedbackLoop``).
    case feedbackLimit
    /// A ``Middleware`` did not pass it on.
    case middleware
    /// The effect that dispatched it was cancelled before the action's turn came: see
    /// ``Thunk``.
    case effectCancelled

    /// `feedback limit`, `middleware` or `effect cancelled`.
    public var description: String {
      switch self {
      case .feedbackLimit: "feedback limit"
      case .middleware: "middleware"
      case .effectCancelled: "effect cancelled"
      }
    }
  }

  /// `applied`, `failed(<error>)` or `dropped(<reason>)`.
  public var description: String {
    switch self {
    case .applied: "applied"
    case .failed(let error): "failed(\(error.map { "\($0)" } ?? "finish released"))"
    case .dropped(let reason): "dropped(\(reason))"
    }
  }
}
