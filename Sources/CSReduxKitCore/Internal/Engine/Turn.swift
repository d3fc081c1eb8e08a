/// A completion as the engine keeps it: called once, with the state committed for the action
/// (or the current state, when the action was dropped) and what became of the action.
///
/// The outcome travels as a value: a `dispatch(_:completion:)` that only wants the state
/// ignores it, `send` and the logging middleware read it.
@usableFromInline
typealias _Completion<State> = @Sendable (State, ActionOutcome) -> Void

/// An action waiting in a store's queue.
@usableFromInline
struct _Pending<State: StateProtocol>: Sendable {
  @usableFromInline let action: any ActionProtocol
  /// The action's type, read when it was dispatched: the lock is never held while the
  /// action's own code runs.
  @usableFromInline let type: Int
  @usableFromInline let completion: _Completion<State>?
  /// The gate of the effect that dispatched the action (`nil` for any other dispatch): the
  /// action is dropped if the effect is cancelled before its turn starts.
  @usableFromInline let gate: _EffectGate?
  /// The action's mark, when a timeline records the store.
  @usableFromInline let mark: _TraceMark?

  @inlinable
  init(
    action: any ActionProtocol, type: Int, completion: _Completion<State>?,
    gate: _EffectGate? = nil, mark: _TraceMark? = nil
  ) {
    self.action = action
    self.type = type
    self.completion = completion
    self.gate = gate
    self.mark = mark
  }
}

/// One action's turn: what the run loop carries from the reducer's call to the end of the
/// action's notification round. One value, made once per run of the queue, passed by
/// reference from step to step, and loaded with the next queued action when a round closes.
///
/// Two things travel beside it, never inside: the action, borrowed from the dispatching
/// caller (the first one) or moved out of the engine's `next` (the later ones), so that it is
/// never copied; and the state the reducer gets (see `_StoreCore.startTurn`). Nothing in a
/// turn is wrapped in an optional or an enum on the way: a turn is changed where it is.
@usableFromInline
struct _Turn<State: StateProtocol>: ~Copyable {
  // Swift 6.0 builds the package, and a turn needs no later compiler: a generic struct that
  // suppresses `Copyable` and holds a copyable nested enum, made as a local `var`, passed `inout`
  // and captured by nonescaping closures (`withLock`'s), is SE-0390 (Swift 5.9). Its fields are
  // emptied with `Optional.take()` (SE-0437, Swift 6.0), on copyable payloads. A turn is never an
  // optional's payload or a generic argument (SE-0427), a `switch` subject (SE-0432) or consumed
  // field by field (SE-0429), all Swift 6.0 as well; it has no `deinit` and no `discard self`.

  /// What the turn does with the state.
  @usableFromInline
  enum Kind {
    /// The reducer reduces the action.
    case reduce
    /// The action is a ``StateReplacedAction``: its state (or its computation) replaces the
    /// store's, without the reducer; every subscriber hears of it, whatever its filter.
    case replace
  }

  /// The action's type, read once: each read calls into the action.
  @usableFromInline var type: Int
  @usableFromInline var kind: Kind
  /// Taken before the completion is called, so that it is released outside the lock.
  @usableFromInline var completion: _Completion<State>?
  /// Whether the state beside the turn is the store's own, moved out of the core: nothing
  /// else holds it, so an in-place reduction changes copy-on-write storage where it is.
  @usableFromInline var lent = false
  /// The thread running the turn.
  @usableFromInline var thread: UInt

  @inlinable
  init(type: Int, completion: _Completion<State>?, thread: UInt) {
    self.type = type
    kind = Self.kind(of: type)
    self.completion = completion
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

/// Ends `value`'s lifetime with a test of its case first, inline. An optional closure left to
/// its scope's end is destroyed by a call that tests it there; one that is `nil` on the usual
/// path (a dispatch's completion) then costs a test and a branch. (An optional class reference
/// gains nothing: its release tests for `nil` itself, and the test here is folded into it.)
@inlinable @inline(__always)
func _dropIfPresent<Wrapped>(_ value: consuming Wrapped?) {
  switch consume value {
  case .some(let wrapped): _ = consume wrapped
  case .none: break
  }
}
