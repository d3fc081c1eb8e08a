extension _StoreEngine {
  /// Runs a thunk that left the middleware chain, instead of queueing it: its work at once,
  /// or started as an effect; then calls the completion with the current state and
  /// ``ActionOutcome/thunkRan`` or ``ActionOutcome/effectStarted``. Returns `false` for an
  /// action the queue takes after all: not a thunk of this store's state, or a thunk of a
  /// store created with `runsThunks: false` (both reported).
  ///
  /// A thunk that leaves the chain inside this store's reducer call (a store without
  /// middleware, where `dispatch` goes straight to the queue) runs after the commit, like
  /// any action dispatched there: its work then reads a committed state.
  ///
  /// Inlinable: specialized for the store's state, it reads the thunk and calls its work
  /// without looking up type metadata at run time.
  @inlinable
  func runThunk(
    _ action: any ActionProtocol, completion: inout _Completion<State>?, gate: _EffectGate?
  ) -> Bool {
    guard let thunk = action as? Thunk<State>, runsThunks else {
      return refuseThunk(action)
    }
    if deferFromReducer(action, completion: completion) {
      completion = nil
      return true
    }
    let completion = completion.take()
    if let gate, !effects.isOpen(gate) {
      completion?(committedState, .dropped(.effectCancelled))
      return true
    }
    switch thunk.work {
    case .now(let work):
      work(ThunkContext(engine: self))
      completion?(committedState, .thunkRan)
    case .effect(let work):
      startEffect(thunk, work)
      completion?(committedState, .effectStarted)
    }
    return true
  }

  /// The committed state, for the completions of `runThunk`.
  @usableFromInline
  var committedState: State { state }

  /// Reports a thunk that the store does not run; returns `false`: the queue takes the action.
  @usableFromInline
  func refuseThunk(_ action: any ActionProtocol) -> Bool {
    if action is any AnyThunk { reportThunkNotRun(action) }
    return false
  }

  /// Says that a thunk reaches the reducer, where it does nothing.
  func reportThunkNotRun(_ action: any ActionProtocol) {
    // A store that runs thunks is told only what it can change: the thunk's state type.
    let message =
      runsThunks && !(action is Thunk<State>)
      ? "it was made for another state type than \(State.self). Its work never runs; make "
        + "it for this store's state: store.dispatch(.effect { … }) takes it from the store."
      : "the store was created with runsThunks: false. Its work never runs; create the "
        + "store with the default runsThunks: true."
    report(
      .thunkNotRun, actionType: nil, "\(action) reached the reducer without running: \(message)")
  }

  /// Starts the work of an effect thunk: registered (cancelling the effects it
  /// supersedes) before this returns, then run in a task of its own.
  ///
  /// The task holds the engine until the work returns, and the engine holds the task through
  /// the registry; the cycle ends when the work returns. The ``Store`` is not part of it, so
  /// freeing the store cancels the effect (`shutDown`), and a cancelled effect lets go of the
  /// engine as soon as its work returns.
  ///
  /// Compiled once in the library: starting an effect is rare beside a dispatch, and what
  /// it publishes otherwise (the registry's calls, the trace, the task's body) would be
  /// promises kept release to release (docs/performance.md, "Inlining where it pays").
  @usableFromInline
  func startEffect(
    _ thunk: Thunk<State>, _ work: @escaping @Sendable (ThunkContext<State>) async throws -> Void
  ) {
    let gate = _EffectGate()
    let effect = RunningEffect(id: thunk.id, action: thunk)
    // One atomic load for a store no timeline records: it makes no trace.
    let trace = traceFlag.load() == 0 ? nil : traceEffect(thunk)
    guard
      let (serial, superseded) = effects.register(
        effect, gate: gate, cancelInFlight: thunk.cancelInFlight, trace: trace)
    else { return }  // the store is gone: nothing may start
    trace?.reportStart()
    for task in superseded { task.cancel() }
    let context = ThunkContext(engine: self, gate: gate)
    // The task inherits the cause a timeline follows; what the effect dispatches is caused
    // by the effect, or, for a store no timeline records, by the entry that started it.
    let task = Task {
      await self.runEffectTask(effect, serial: serial, context: context, trace: trace, work)
    }
    effects.attach(task, serial: serial)
  }

  /// The body of an effect's task: `runEffect` with the effect's mark as the cause of what it
  /// dispatches when a timeline traces it, and otherwise with the cause the task inherited.
  func runEffectTask(
    _ effect: RunningEffect, serial: UInt64, context: ThunkContext<State>,
    trace: EffectTrace?, _ work: @Sendable (ThunkContext<State>) async throws -> Void
  ) async {
    guard let trace else {
      return await _TraceContext.asEffect {
        await self.runEffect(effect, serial: serial, context: context, trace: nil, work)
      }
    }
    await _TraceContext.$current.withValue(_TraceCause(mark: trace.mark, kind: .effect)) {
      await self.runEffect(effect, serial: serial, context: context, trace: trace, work)
    }
  }

  /// Runs the work unless the effect was cancelled before it started, reports what it threw,
  /// tells the timeline tracing it how it ended, and removes the effect.
  func runEffect(
    _ effect: RunningEffect, serial: UInt64, context: ThunkContext<State>,
    trace: EffectTrace?, _ work: @Sendable (ThunkContext<State>) async throws -> Void
  ) async {
    var failure: (any Error)?
    if !context.isCancelled {
      do {
        try await work(context)
      } catch is CancellationError {
        // The usual way out of a cancelled effect; not a failure.
      } catch {
        if !context.isCancelled {
          reportEffectFailed(effect, error)
          failure = error
        }
      }
    }
    // Before the effect leaves the registry: a wait for the store's effects then finds the
    // end recorded.
    if let trace { endTrace(trace, failure: failure, cancelled: context.isCancelled) }
    let waiters = effects.end(serial: serial)
    for waiter in waiters { waiter() }
  }

  /// Dispatches an action of the effect behind `gate`: dropped now if the effect was
  /// cancelled, and otherwise carried with its gate through the middleware to the queue, where
  /// it is dropped if the effect is cancelled before the action's turn starts.
  ///
  /// A dropped action's completion is called at once with the current state and the outcome
  /// `dropped(.effectCancelled)`: this is the one place that decides for a cancelled effect,
  /// so an `await send` whose effect is cancelled at any moment always resumes.
  ///
  /// An effect runs in a task of its own, never inside this store's reducer, so its
  /// dispatches need not be deferred like a reducer's (`deferFromReducer`).
  @usableFromInline
  func dispatch(
    _ action: any ActionProtocol, completion: _Completion<State>?,
    fromEffect gate: _EffectGate
  ) {
    guard effects.isOpen(gate) else {
      completion?(state, .dropped(.effectCancelled))
      return
    }
    runMiddleware(from: 0, action, completion: completion, gate: gate)
  }

  func reportEffectFailed(_ effect: RunningEffect, _ error: any Error) {
    report(
      .effectFailed, actionType: nil,
      "\(effect) threw \(error); nothing it had dispatched was undone and "
        + "the store carries on. Catch the error in the effect to dispatch what the state "
        + "should show.", error: error)
  }

  /// Calls `body` once, at a moment when the store is idle and no effect numbered `from` or
  /// more runs: now, on this thread, if it is so already; otherwise on the thread that ends
  /// the last of them.
  ///
  /// It looks at the effects, then at the queue, then at the effects again: when no effect
  /// started or ended between the two looks, both held at the moment the queue was idle.
  func whenIdle(includingEffectsFrom from: UInt64, _ body: @escaping @Sendable () -> Void) {
    let retry: @Sendable () -> Void = { self.whenIdle(includingEffectsFrom: from, body) }
    while true {
      guard let generation = effects.generationIfNone(from: from) else {
        if effects.whenNone(from: from, retry) { return }
        continue  // the last one ended meanwhile
      }
      let isIdle = inner.withLock { core in
        guard core.isBusy else { return true }
        core.extras.idleWaiters.append(retry)
        return false
      }
      guard isIdle else { return }
      if effects.generationIfNone(from: from) == generation {
        body()
        return
      }
    }
  }
}
