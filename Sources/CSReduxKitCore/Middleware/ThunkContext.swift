/// What a thunk's work can reach: the store's state and its dispatch.
///
/// The context of an effect (an `async` thunk) drops every dispatch once the effect was
/// cancelled; see ``Thunk``.
public struct ThunkContext<State: StateProtocol>: Sendable {
  @usableFromInline let engine: _StoreEngine<State>
  /// The effect's gate; `nil` for a synchronous thunk, which is never cancelled.
  @usableFromInline let gate: _EffectGate?

  @inlinable
  init(engine: _StoreEngine<State>, gate: _EffectGate? = nil) {
    self.engine = engine
    self.gate = gate
  }

  /// Whether the effect was cancelled: its dispatches are dropped from now on. Always `false`
  /// for a synchronous thunk.
  public var isCancelled: Bool {
    guard let gate else { return false }
    return !engine.effects.isOpen(gate)
  }

  /// The store's last committed state, read when you ask.
  @inlinable
  public var state: State { engine.state }

  /// Dispatches an action through the store's whole middleware chain; drops it when the
  /// effect was cancelled.
  ///
  /// - Parameter action: The action to dispatch.
  @inlinable
  public func dispatch(_ action: any ActionProtocol) {
    guard let gate else {
      engine.dispatch(action, completion: nil)
      return
    }
    engine.dispatch(action, completion: nil, fromEffect: gate)
  }

  /// Dispatches an action and waits until it was committed.
  ///
  /// When the effect was cancelled, the action is dropped and this returns the current state
  /// at once.
  ///
  /// - Parameter action: The action to dispatch.
  /// - Returns: The state committed for it (or the current state if middleware dropped it).
  public func send(_ action: any ActionProtocol) async -> State {
    await withCheckedContinuation { continuation in
      let completion: _Completion<State> = { state, _ in continuation.resume(returning: state) }
      if let gate {
        // Calls the completion at once when the effect is cancelled, whenever that happens.
        engine.dispatch(action, completion: completion, fromEffect: gate)
      } else {
        engine.dispatch(action, completion: completion)
      }
    }
  }
}

extension ThunkContext {
  /// Dispatches an action, waits until it was committed, and returns what became of it.
  ///
  /// Like ``send(_:)``; the outcome is ``ActionOutcome/dropped(_:)`` with
  /// ``ActionOutcome/DropReason/effectCancelled`` when the effect was cancelled before the
  /// action's turn came, whether it was dispatched after the cancellation or was still
  /// queued behind other actions (or held by middleware) when it happened.
  ///
  /// - Parameter action: The action to dispatch.
  /// - Returns: The committed state and the action's outcome.
  public func sendReportingOutcome(_ action: any ActionProtocol) async -> SendResult<State> {
    await withCheckedContinuation { continuation in
      let completion: _Completion<State> = { state, outcome in
        continuation.resume(returning: SendResult(state: state, outcome: outcome))
      }
      if let gate {
        engine.dispatch(action, completion: completion, fromEffect: gate)
      } else {
        engine.dispatch(action, completion: completion)
      }
    }
  }
}
