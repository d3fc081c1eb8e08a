import _CSReduxKitShims

/// A step between `dispatch` and a store's reducer: it sees every action and decides what goes
/// on.
///
/// A store runs its middleware in the order given, the first listed being the outermost, on the
/// thread that dispatched. Each one receives the action and a ``MiddlewareContext`` and may:
/// - pass it on with `context.next(action)`, now, or later from any thread;
/// - pass on a different action instead (transform it), or several;
/// - drop it, by not calling `next`;
/// - dispatch new actions with `context.dispatch(_:)`, which run through the whole chain.
///
/// What leaves the last middleware enters the store's queue, so every guarantee of ``Store``
/// holds for what reaches the reducer: serial, in the order actions left the chain. With
/// middleware that passes actions on synchronously, `dispatch` is still synchronous when the
/// store is idle.
///
/// ```swift
/// let auditing = Middleware<TodoState> { action, context in
///   if action.type == TodoAction.delete.rawValue, context.state.tasks.isEmpty { return }  // drop
///   context.next(action)
/// }
/// let store = Store(state: TodoState(), reducer: todoReducer, middleware: [.thunks, auditing])
/// ```
public struct Middleware<State: StateProtocol>: Sendable {
  @usableFromInline let body: @Sendable (any ActionProtocol, MiddlewareContext<State>) -> Void

  /// Creates a middleware from a closure.
  ///
  /// - Parameter body: Receives each action and the context to pass it on with; call
  ///   `context.next(_:)` to let the action continue.
  public init(
    _ body:
      @escaping @Sendable (_ action: any ActionProtocol, _ context: MiddlewareContext<State>)
      -> Void
  ) {
    self.body = body
  }
}

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

  /// The names of the store's action types.
  public var actionNames: ActionTypeNames { engine.actionNames }

  /// Passes `action` to the next middleware, or to the store's queue after the last one.
  ///
  /// Call it once to let the action continue, with the action received or another one. The
  /// completion of a `dispatch(_:completion:)` travels with the first action passed on.
  ///
  /// - Parameter action: The action to pass on.
  @inlinable
  public func next(_ action: any ActionProtocol) {
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
    let earlier = self.completion?.take()
    let both: @Sendable (State) -> Void = { state in
      completion(state)
      earlier?(state)
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

/// Carries a dispatch's completion through the middleware chain, and calls it with the current
/// state if the chain drops the action, so that awaiting a dispatch can never hang.
@usableFromInline
final class _CompletionToken<State: StateProtocol>: @unchecked Sendable {
  @usableFromInline let taken = _AtomicWord(0)
  @usableFromInline let engine: _StoreEngine<State>
  @usableFromInline let completion: @Sendable (State) -> Void

  @inlinable
  init(engine: _StoreEngine<State>, completion: @escaping @Sendable (State) -> Void) {
    self.engine = engine
    self.completion = completion
  }

  /// The completion, the first time only.
  @inlinable
  func take() -> (@Sendable (State) -> Void)? {
    taken.exchange(1) == 0 ? completion : nil
  }

  deinit {
    if taken.exchange(1) == 0 {
      // Dropped by a middleware; inside a reduction that holds the lent state, the call waits
      // for the commit.
      let completion = completion
      engine.callWithCommittedState { state in
        _CompletionContext.with(.dropped(.middleware)) { completion(state) }
      }
    }
    taken.deallocate()
  }
}
