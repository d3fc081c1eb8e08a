/// A completion as the engine keeps it: called once, with the state committed for the action
/// (or the current state, when the action was dropped) and what became of the action.
///
/// The outcome travels as a value: a `dispatch(_:completion:)` that only wants the state
/// ignores it, `sendReportingOutcome` and the logging middleware read it.
@usableFromInline
typealias _Completion<State> = @Sendable (State, ActionOutcome) -> Void

/// An action waiting in a store's queue.
@usableFromInline
struct _Pending<State: StateProtocol> {
  @usableFromInline let action: any ActionProtocol
  @usableFromInline let completion: _Completion<State>?
  /// The gate of the effect that dispatched the action (`nil` for any other dispatch): the
  /// action is dropped if the effect is cancelled before its turn starts.
  @usableFromInline let gate: _EffectGate?

  @inlinable
  init(action: any ActionProtocol, completion: _Completion<State>?, gate: _EffectGate? = nil) {
    self.action = action
    self.completion = completion
    self.gate = gate
  }
}

/// One action's turn: everything the run loop carries from the reducer's call to the end of
/// the action's notification round. One value, passed by reference from step to step, and
/// loaded with the next queued action when a round closes.
@usableFromInline
struct _Turn<State: StateProtocol> {
  /// What the turn does with the state.
  @usableFromInline
  enum Kind {
    /// The reducer reduces the action.
    case reduce
    /// The action is a ``StateReplacedAction``: its state (or its computation) replaces the
    /// store's, without the reducer; every subscriber hears of it, whatever its filter.
    case replace
  }

  @usableFromInline var action: any ActionProtocol
  /// The action's type, read once: each read calls into the action.
  @usableFromInline var type: Int
  @usableFromInline var kind: Kind
  @usableFromInline var completion: _Completion<State>?
  /// The state the reducer gets; after the commit, the committed state. When `lent`, it is
  /// the store's own state, moved out of the core: nothing else holds it, so an in-place
  /// reduction changes copy-on-write storage where it is.
  @usableFromInline var state: State
  @usableFromInline var lent: Bool
  /// A finish box the turn may use, recycled from an earlier turn.
  @usableFromInline var spare: _FinishBox<State>?
  /// The thread running the turn.
  @usableFromInline var thread: UInt

  @inlinable
  init(_ pending: _Pending<State>, type: Int, state: State, lent: Bool, thread: UInt) {
    action = pending.action
    self.type = type
    kind = Self.kind(of: type)
    completion = pending.completion
    self.state = state
    self.lent = lent
    spare = nil
    self.thread = thread
  }
}

extension _Turn {
  /// The kind of turn an action of type `type` takes.
  @inlinable
  static func kind(of type: Int) -> Kind {
    type == StateReplacedAction.type ? .replace : .reduce
  }
}
