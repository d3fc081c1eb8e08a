/// What a middleware can do with the action it received: read the state, pass an action on,
/// or dispatch a new one.
///
/// A context is a small value; keep it to pass the action on later, from any thread.
public struct MiddlewareContext<State: StateProtocol>: Sendable {
  @usableFromInline let engine: _StoreEngine<State>
  @usableFromInline let position: Int
  @usableFromInline let completion: _CompletionToken<State>?
  /// The gate of the effect that dispatched the action, passed on by `next`.
  @usableFromInline let gate: _EffectGate?

  @inlinable
  init(
    engine: _StoreEngine<State>, position: Int, completion: _CompletionToken<State>?,
    gate: _EffectGate? = nil
  ) {
    self.engine = engine
    self.position = position
    self.completion = completion
    self.gate = gate
  }

  /// The store's last committed state.
  @inlinable
  public var state: State { engine.state }

  /// The name of the store this middleware serves.
  public var storeName: String { engine.name }

  /// The actions the store declares, which name its action types.
  public var declaredActions: ActionTypes { engine.declaredActions }

  /// Passes `action` to the next middleware, or to the store's queue after the last one.
  ///
  /// Call it once to let the action continue, with the action received or another one. The
  /// completion of a `dispatch(_:completion:)` travels with the first action passed on.
  ///
  /// `next` consumes the context: its reference to the store moves on to the next middleware
  /// instead of being copied. A middleware that uses its context again after `next`, or keeps
  /// it, needs nothing more: Swift copies the context for it.
  ///
  /// - Parameter action: The action to pass on.
  @inlinable
  public consuming func next(_ action: any ActionProtocol) {
    if completion == nil && gate == nil {
      // The context ends here, before the next middleware runs, so its reference to the
      // engine moves into the next context rather than being retained for it. Literal nils:
      // no retain and release of two empty references per middleware.
      let engine = self.engine
      let position = self.position
      _ = consume self
      _StoreEngine.passOn(consume engine, from: position + 1, action, completion: nil, gate: nil)
    } else {
      nextCarryingCompletionOrGate(action)
    }
  }

  /// `next(_:)` for an action that carries a completion or an effect's gate along the chain:
  /// out of line, so that the usual pass-on stays small enough to need no saved registers.
  @usableFromInline
  func nextCarryingCompletionOrGate(_ action: any ActionProtocol) {
    engine.runMiddleware(from: position + 1, action, completion: completion?.take(), gate: gate)
  }

  /// Passes `action` on and calls `completion` with the state committed for it, after its
  /// subscribers ran.
  ///
  /// - Parameters:
  ///   - action: The action to pass on.
  ///   - completion: Called once the action was committed, or with the current state if a
  ///     later middleware drops it.
  public func next(
    _ action: any ActionProtocol, completion: @escaping @Sendable (State) -> Void
  ) {
    next(action) { state, _ in completion(state) }
  }

  /// Passes `action` on and calls `completion` with the state committed for it and what
  /// became of it (the logging middleware's way to tell a rejected action from a committed
  /// one).
  func next(_ action: any ActionProtocol, reportingOutcome completion: @escaping _Completion<State>)
  {
    let earlier = self.completion?.take()
    let both: _Completion<State> = { state, outcome in
      completion(state, outcome)
      earlier?(state, outcome)
    }
    engine.runMiddleware(from: position + 1, action, completion: both, gate: gate)
  }

  /// Dispatches a new action through the store's whole middleware chain.
  ///
  /// - Parameter action: The action to dispatch.
  public func dispatch(_ action: any ActionProtocol) {
    engine.dispatch(action, completion: nil)
  }
}
