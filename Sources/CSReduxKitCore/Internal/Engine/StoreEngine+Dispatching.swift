import Dispatch

/// Dispatching: through the middleware chain to the queue, and dispatches from inside a reducer.
extension _StoreEngine {
  /// Always inlined, like `runMiddleware`: on its own it would box an action of a known type
  /// into a new existential on every call, before `enqueue` boxes it again.
  @inlinable @inline(__always)
  func dispatch(_ action: any ActionProtocol, completion: _Completion<State>?) {
    if middleware.isEmpty {
      enqueue(action, completion: completion, gate: nil)
    } else if reducerCallThread.load() != Int(bitPattern: _currentThreadID())
      || !deferFromReducer(action, completion: completion)
    {
      if traceFlag.load() == 0 {
        runMiddleware(from: 0, action, completion: completion)
      } else {
        runTracedMiddleware(action, completion: completion)
      }
    }
  }

  /// Keeps an action dispatched from inside this store's reducer for its middleware to run
  /// after the current commit, and reports the misuse: the middleware then reads a committed
  /// state and never runs inside the reduction. Returns `false` for any other dispatch.
  @usableFromInline
  func deferFromReducer(
    _ action: any ActionProtocol, completion: _Completion<State>?
  ) -> Bool {
    let thread = _currentThreadID()
    let type = action.type
    let reducingType: Int? = inner.withLock { core in
      guard core.isBusy, core.reducerThread == thread else { return nil }
      core.extras.deferredDispatches.append(
        _Pending(action: action, type: type, completion: completion))
      return core.reducingType
    }
    guard let reducingType else { return false }
    reportDispatchFromReducer(actionType: type, reducingType: reducingType)
    return true
  }

  /// Runs the middleware at `position` and after, or enqueues the action past the last one.
  /// The `gate` of the effect that dispatched the action goes along the chain to the queue.
  @inlinable @inline(__always)
  func runMiddleware(
    from position: Int, _ action: any ActionProtocol,
    completion: _Completion<State>?, gate: _EffectGate? = nil
  ) {
    Self.passOn(self, from: position, action, completion: completion, gate: gate)
  }

  /// `runMiddleware` with a strong reference to the engine that the caller hands over.
  ///
  /// One strong reference to the engine travels down the chain: the running middleware's
  /// context owns it, and its `next` moves it into the next middleware's context instead of
  /// retaining the engine again, so a dispatch through any number of middleware retains the
  /// engine once. The engine is alive while a middleware runs, as its context owns that
  /// reference. It may go away before the middleware returns, though: when a middleware
  /// passes on an action later through a context it kept, and that context was the store's
  /// last reference, the last step of the chain releases the engine and its chain with it.
  /// So the closure is copied out of the chain before the call, which retains what it
  /// captured (nothing, for a middleware that captures nothing).
  ///
  /// Always inlined (into `dispatch` and into `MiddlewareContext.next`, so into each
  /// middleware's call of `next`): compiled on its own, the optimizer turns its
  /// `any ActionProtocol` parameter into a generic one and boxes the action again into a new
  /// existential for the middleware's closure, a copy of the action per middleware.
  @inlinable @inline(__always)
  static func passOn(
    _ engine: __owned _StoreEngine, from position: Int, _ action: any ActionProtocol,
    completion: _Completion<State>?, gate: _EffectGate?
  ) {
    guard position < engine.middleware.count else {
      engine.enqueue(action, completion: completion, gate: gate)
      return
    }
    let body = engine.middleware[position].body
    let context: MiddlewareContext<State>
    // Without a completion or a gate (the usual dispatch), the context is built from literal
    // nils: copying two empty references still costs a call each to retain and release.
    if completion == nil && gate == nil {
      context = MiddlewareContext(
        engine: consume engine, position: position, completion: nil, gate: nil)
    } else {
      let token = completion.map { _CompletionToken(engine: engine, completion: $0) }
      context = MiddlewareContext(
        engine: consume engine, position: position, completion: token, gate: gate)
    }
    body(action, consume context)
  }
}
