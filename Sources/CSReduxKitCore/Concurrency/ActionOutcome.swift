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
  /// The action was a ``Thunk`` whose work the store ran, on the dispatching thread, to the
  /// end; the reducer never saw it.
  case thunkRan
  /// The action was a ``Thunk`` made with ``Thunk/effect(fileID:line:_:)``: the store
  /// started its work as an effect, which may still be running; the reducer never saw it.
  case effectStarted

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

  /// `applied`, `failed(<error>)`, `dropped(<reason>)`, `thunk ran` or `effect started`.
  public var description: String {
    switch self {
    case .applied: "applied"
    case .thunkRan: "thunk ran"
    case .effectStarted: "effect started"
    case .failed(let error): "failed(\(error.map { "\($0)" } ?? "finish released"))"
    case .dropped(let reason): "dropped(\(reason))"
    }
  }
}
