/// What a thunk's work can reach: the store's state, its dispatch, its effects and their
/// dependencies.
///
/// The context of an effect (a thunk made with ``Thunk/effect(fileID:line:_:)``) drops every
/// dispatch once the effect was cancelled; see ``Thunk``.
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

  /// What the store's effects need, as given where the store was made; see
  /// ``EffectDependencies``.
  ///
  /// ```swift
  /// try await context.dependencies.clock.sleep(for: .milliseconds(300))
  /// let items = try await context.dependencies.catalogAPI.items()
  /// ```
  public var dependencies: EffectDependencies { engine.effects.dependencies }

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

  /// Dispatches an action, waits until it was committed, and returns the state committed for
  /// it and what became of it.
  ///
  /// ```swift
  /// let result = await context.send(Action(ProfileAction.loaded, data: profile))
  /// if result.outcome != .applied { return }
  /// ```
  ///
  /// Follows the rules of ``Store/send(_:)-(ActionProtocol)``. When the effect was cancelled
  /// before the action's turn came, whether it was sent after the cancellation or was still queued
  /// behind other actions (or held by middleware) when it happened, the action is dropped:
  /// the result holds the current state and the outcome ``ActionOutcome/dropped(_:)`` with
  /// ``ActionOutcome/DropReason/effectCancelled``.
  ///
  /// - Parameter action: The action to dispatch.
  /// - Returns: The committed state (the current one when the action was not applied) and
  ///   the action's outcome.
  @discardableResult
  public func send(_ action: any ActionProtocol) async -> SendResult<State> {
    await withCheckedContinuation { continuation in
      let completion: _Completion<State> = { state, outcome in
        continuation.resume(returning: SendResult(state: state, outcome: outcome))
      }
      if let gate {
        // Calls the completion at once when the effect is cancelled, whenever that happens.
        engine.dispatch(action, completion: completion, fromEffect: gate)
      } else {
        engine.dispatch(action, completion: completion)
      }
    }
  }

  /// Cancels the store's running effects whose identity is `id`, as
  /// ``Store/cancelEffects(id:)`` does; this effect too, when it has that identity.
  ///
  /// ```swift
  /// Thunk<SearchState>.effect { context in
  ///   context.cancelEffects(id: SearchID())  // the user cleared the field
  ///   context.dispatch(Action(SearchAction.clear))
  /// }
  /// ```
  ///
  /// - Parameter id: The identity the effects were started with; of the same type and equal.
  /// - Returns: How many effects were cancelled (those cancelled earlier not counted).
  /// - Complexity: O(k) for k running effects with that identity.
  @discardableResult
  public func cancelEffects(id: some Hashable & Sendable) -> Int {
    engine.effects.cancel(id: id)
  }
}
