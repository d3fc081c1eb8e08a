import Dispatch

/// The run loop: how one action goes from the queue to the last subscriber.
///
/// Read top to bottom: `enqueue` admits an action (a ``Thunk`` runs there instead, see
/// `runThunk`); when the store was idle, the calling thread
/// runs the queue (`run`): for each action, `step` calls the reducer (`reduce`) and
/// `complete` commits its outcome, notifies the subscribers, calls the completion and closes
/// the round, which loads the next queued action (an outcome that leaves the state as it was
/// is reported first, by `finishTurn`). A reducer that finishes later, on another
/// thread, hands the queue to that thread (`resume`). Every change to the store's state is a
/// transition of `_StoreCore`, made under the lock; the user's code runs here, outside it.
///
/// The run loop keeps three things apart: the action, borrowed (from the caller of `dispatch`
/// for the first one, moved out of the engine's `next` for the later ones), so that it is
/// never copied; the turn (`_Turn`), changed where it is; and the state the reducer gets,
/// which after the commit is the committed state.
extension _StoreEngine {
  /// Queues an action, or runs it at once on this thread when the store is idle. An action
  /// that an effect dispatched carries the effect's `gate`: dropped if the effect is cancelled
  /// before its turn starts.
  @inlinable @inline(__always)
  func enqueue(
    _ action: any ActionProtocol, completion: consuming _Completion<State>?, gate: _EffectGate?
  ) {
    do {
      try runOrQueue(action, completion: completion, gate: gate)
    } catch _ {
      // Never reached: `_NeverThrown` has no values.
    }
  }

  /// `enqueue`'s body. It throws nothing, as `_NeverThrown` has no values; it is declared to
  /// throw because the optimizer leaves a function that can throw as it is. Otherwise, where
  /// a caller knows the action's concrete type, the optimizer makes a variant that takes the
  /// action as a generic value, and that variant boxes it into a new existential to hand it to
  /// the reducer and the subscribers: a copy of the action, with a retain and a release of its
  /// payload, on every dispatch.
  @inlinable
  func runOrQueue(
    _ action: any ActionProtocol, completion: consuming _Completion<State>?, gate: _EffectGate?
  ) throws(_NeverThrown) {
    // The turn is made here, outside the lock: reading the type calls into the action. The
    // completion is moved into it, not copied.
    let type = action.type
    // A thunk leaves the chain here and runs instead of reaching the reducer: one comparison
    // of the type read for the turn anyway, out of line past it.
    if _slowPath(type == Thunk<State>.actionType),
      runThunk(action, completion: &completion, gate: gate)
    {
      return
    }
    var turn = _Turn(type: type, completion: completion.take(), thread: _currentThreadID())
    // A busy store: another thread's action goes to the side queue, without the core's lock.
    if _QueueWord.isBusy(queueWord.load(), otherThan: turn.thread),
      queueWhileBusy(action, &turn, gate: gate)
    {
      return
    }
    var given: State?
    let admission = admit(action, &turn, gate: gate, state: &given)
    switch admission {
    case .run:
      guard var state = given.take() else { return }
      run(action, &turn, &state)
    case .queued:
      break
    case .queuedFromReducer(let reducingType):
      reportDispatchFromReducer(actionType: turn.type, reducingType: reducingType)
    case .droppedCancelled:
      if let state = given, let completion = turn.completion {
        completion(state, .dropped(.effectCancelled))
      }
    case .droppedFeedback(let reportsLoop):
      // This thread runs the queue: nobody else counts or resets its feedback meanwhile.
      if reportsLoop { reportFeedbackLoop(types: inner.withLock { $0.feedback.recentTypes }) }
      if let state = given, let completion = turn.completion {
        completion(state, .dropped(.feedbackLimit))
      }
    }
  }

  /// `_StoreCore.admit` under the lock. A method of its own, where the turn is a parameter:
  /// a closure that captures the caller's local turn is not inlined, and the call costs
  /// every dispatch.
  @inlinable @inline(__always)
  func admit(
    _ action: any ActionProtocol, _ turn: inout _Turn<State>, gate: _EffectGate?,
    state given: inout State?
  ) -> _Admission {
    inner.withLock { core in
      defer { core.checkInvariants() }
      return core.admit(action, &turn, gate: gate, state: &given)
    }
  }

  /// Puts the action of a thread that is not running the queue into the side queue, while the
  /// store is busy; returns `false`, queueing nothing, when the store went idle meanwhile, the
  /// store is recorded by a timeline (its actions are marked as they are queued, under the
  /// core's lock), or this thread runs the queue (the core counts its feedback).
  @inlinable
  func queueWhileBusy(_ action: any ActionProtocol, _ turn: inout _Turn<State>, gate: _EffectGate?)
    -> Bool
  {
    guard traceFlag.load() == 0 else { return false }
    return sideQueue.withLock { side in
      guard queueWord.markPending(from: queueWord.load(), by: turn.thread) else { return false }
      side.append(
        _Pending(action: action, type: turn.type, completion: turn.completion.take(), gate: gate))
      return true
    }
  }

  /// Runs the queue on this thread, from `action`'s turn on, until the store goes idle or a
  /// reducer goes asynchronous (then the thread that finishes it carries on).
  @inlinable @inline(__always)
  func run(_ action: any ActionProtocol, _ turn: inout _Turn<State>, _ state: inout State) {
    guard step(action, &turn, &state) else { return }
    runQueued(&turn, &state)
  }

  /// Runs the queued actions that closing a round loads into `next`, one by one. Each is
  /// moved out before its own turn starts, and released here, outside the lock.
  @inlinable
  func runQueued(_ turn: inout _Turn<State>, _ state: inout State) {
    while let action = next.take() {
      guard step(action, &turn, &state) else { return }
    }
  }

  /// One action's turn: reduces it, then commits, notifies and closes the round. Returns
  /// `true` with the next queued action loaded into `turn`, or `false` when the store went
  /// idle or the reducer returned without calling `finish`.
  ///
  /// Always inlined (into `run` and `runQueued`), like `admit`: on its own it would box the
  /// action into a new existential on every call where the action's type is known.
  @inlinable @inline(__always)
  func step(_ action: any ActionProtocol, _ turn: inout _Turn<State>, _ state: inout State)
    -> Bool
  {
    let applied: State
    if turn.kind == .reduce, let reduceInPlace {
      // The reduction cannot throw: there is never a half-made change to undo. When the turn
      // is `lent`, `state` is the store's own and copy-on-write storage changes in place.
      enterReducer(turn.thread)
      let around = aroundReducer.load()
      if callsReducerDirectly(around, action) {
        reduceInPlace(action, &state)
      } else if let rejection = reduceInPlaceAround(around, reduceInPlace, action, &state) {
        leaveReducer()
        return rejectInPlace(action, &turn, &state, rejection)
      }
      leaveReducer()
      applied = state
    } else {
      guard let outcome = reduce(action, &turn, state) else { return false }
      switch consume outcome {
      case .state(let newState):
        applied = newState
      case let unapplied:
        return finishTurn(action, &turn, &state, unapplied)
      }
    }
    // Applied: a literal `nil` failure leaves nothing to test or destroy on this path.
    return complete(action, &turn, &state, newState: applied, failure: nil)
  }

  /// Calls the reducer (or, for a replacement, computes the new state) with a finish box.
  /// Returns the outcome, or `nil` when the reducer returned without calling `finish`:
  /// whoever calls it later resumes the queue.
  @inlinable @inline(__always)
  func reduce(
    _ action: any ActionProtocol, _ turn: inout _Turn<State>, _ state: State
  ) -> _Outcome<State>? {
    let fresh = spareBox.take() ?? _FinishBox(reporter: reporter)
    fresh.begin(actionType: turn.type)
    // The box is moved into the callback and back out: the call retains nothing.
    let finish = Finish(consume fresh)
    enterReducer(turn.thread)
    switch turn.kind {
    case .reduce:
      let around = aroundReducer.load()
      if callsReducerDirectly(around, action) {
        execute(action, state, finish)
      } else {
        executeAround(around, action, state, finish)
      }
    case .replace: replaceState(action, state, finish)
    }
    leaveReducer()
    guard let box = (consume finish).box else { return .released }  // made from a box above
    // Bound with `let`: calls on it then retain nothing.
    if let outcome = box.outcomeIfFinished() {
      recycle(box)
      return outcome
    }
    return reducerReturned(consume box, action, &turn)
  }

  /// The reducer returned and `finish` was not called before (or was, on another thread, a
  /// moment ago): returns the outcome, or `nil` when the action now awaits `finish`.
  @usableFromInline
  func reducerReturned(
    _ box: consuming _FinishBox<State>, _ action: any ActionProtocol, _ turn: inout _Turn<State>
  ) -> _Outcome<State>? {
    if let outcome = box.reducerReturned(
      action: action, completion: turn.completion, engine: self)
    {
      recycle(box)
      return outcome
    }
    // When nothing else holds `finish`, it can never be called: complete the action now.
    guard isKnownUniquelyReferenced(&box), box.claimAbandoned() else {
      awaitFinish(box, thread: turn.thread)
      return nil
    }
    recycle(box)
    return .released
  }

  /// Keeps `box` for the next turn, unless the reducer kept its `finish`: a late second call
  /// must find this action's box, not the next one's.
  @inlinable @inline(__always)
  func recycle(_ box: consuming _FinishBox<State>) {
    var box = box
    if isKnownUniquelyReferenced(&box) { spareBox.fill(consume box) }
  }

  /// Finishes a turn with any outcome: reports one that leaves the state as it was, then
  /// completes the turn. Out of line: the usual, applied path goes to `complete` directly and
  /// carries none of this work.
  @inline(never) @usableFromInline
  func finishTurn(
    _ action: any ActionProtocol, _ turn: inout _Turn<State>, _ state: inout State,
    _ outcome: _Outcome<State>
  ) -> Bool {
    var newState: State?
    let failure: ActionOutcome?
    switch outcome {
    case .state(let state):  // from `resume`; `step` completes an applied outcome itself
      newState = state
      failure = nil
    case .failed(let error):
      reportReducerFailed(type: turn.type, error: error)
      failure = .failed(error)
    case .released:
      reportFinishReleased(type: turn.type)
      failure = .failed(nil)
    }
    return complete(action, &turn, &state, newState: newState.take(), failure: failure)
  }

  /// Completes a turn: commits `newState` (the state stays as it was when it is `nil`),
  /// notifies, calls the completion and closes the round. `failure` is what the completion hears and whether the
  /// subscribers get a ``RejectedAction``; `nil` for applied. Returns `true` with the next
  /// queued action loaded, or `false` when the store went idle.
  @inlinable @inline(__always)
  func complete(
    _ action: any ActionProtocol, _ turn: inout _Turn<State>, _ state: inout State,
    newState: consuming State?, failure: ActionOutcome?
  ) -> Bool {
    var newState = newState
    var round = _UnretainedSubscriberRound<State>()
    var leftovers: _Leftovers<State>?
    var replaced: State?
    // Nobody to call: the round closes in the commit's critical section.
    var closed = false
    var hasNext = false
    var traced = false
    inner.withLock { core in
      replaced = core.commit(newState.take(), into: &state, turn: &turn, round: &round)
      // The one check a store pays for being observable: a timeline's turns are traced.
      if core.timing.requests != 0 {
        tracedTurn = core.tracedTurn()
        traced = tracedTurn != nil
        publishTimedTurn(core.timing.lastTurnNanoseconds, startedAt: core.timing.turnStartedAt)
      }
      if round.isSilent, turn.completion == nil, !traced {
        closed = true
        var closing = core.closeRound(&turn, &state, next: &next)
        hasNext = closing.runsNext
        if let made = closing.leftovers.take() { leftovers = made }
      }
      core.checkInvariants()
    }
    _ = consume replaced  // the state before the commit is released here, outside the lock
    if round.readersToWake != 0 { wakeReaders(round.readersToWake) }
    if !closed {
      if traced, var traced = tracedTurn.take() {
        traced.completion = turn.completion.take()
        notifyTraced(traced, round, action, state, failure: failure)
      } else {
        notifyUntraced(round, action, state, completion: &turn.completion, failure: failure)
      }
      hasNext = inner.withLock { core in
        defer { core.checkInvariants() }
        // Stored only when there are any: the round before left none.
        var closing = core.closeRound(&turn, &state, next: &next)
        if let made = closing.leftovers.take() { leftovers = made }
        return closing.runsNext
      }
    }
    if let leftovers = leftovers.take() { settle(leftovers) }
    return hasNext
  }

  /// Resumes the queue on the thread that finished an asynchronous reducer (or let its
  /// `finish` go): commits the outcome, then runs what was queued meanwhile.
  @usableFromInline
  func resume(
    _ action: any ActionProtocol, completion: _Completion<State>?, outcome: _Outcome<State>
  ) {
    var turn = _Turn(type: action.type, completion: completion, thread: _currentThreadID())
    // This thread runs the queue from here on: the blocking idle wait, called from a
    // subscriber or completion it runs, must know it. Only the asynchronous path pays this.
    inner.withLock { $0.resumeFinish(thread: turn.thread) }
    var state = self.state
    if finishTurn(action, &turn, &state, outcome) { runQueued(&turn, &state) }
  }

  /// Hands the queue over to whoever calls `finish`.
  @usableFromInline
  func awaitFinish(_ box: _FinishBox<State>, thread: UInt) {
    inner.withLock { core in
      core.reducerReturned(awaiting: box, thread: thread)
      core.checkInvariants()
    }
  }

  /// Deals with what a closed round handed back, outside the lock: releases the subscribers it
  /// removed, ends the owner-bound subscriptions whose owner is gone when a sweep is due (each
  /// released by its cancellation), then makes its calls (dropped actions' completions, idle
  /// waiters).
  @usableFromInline
  func settle(_ leftovers: consuming _Leftovers<State>) {
    let calls = leftovers.calls
    let ownerSweep = leftovers.ownerSweep
    _ = consume leftovers  // removed subscribers are released here
    if let ownerSweep { Self.endSubscriptions(ofFreedOwnersIn: ownerSweep) }
    for call in calls { call() }
  }

  @usableFromInline
  func wakeReaders(_ count: Int) {
    for _ in 0..<count { lentStateWait?.signal() }
  }

  /// Marks this thread as inside the reducer's call, for stores with middleware: a dispatch
  /// from inside it is then told apart with one load (see `dispatch`).
  @inlinable @inline(__always)
  func enterReducer(_ thread: UInt) {
    if !middleware.isEmpty { reducerCallThread.store(Int(bitPattern: thread)) }
  }

  @inlinable @inline(__always)
  func leaveReducer() {
    if !middleware.isEmpty { reducerCallThread.store(0) }
  }

  /// A replacement's turn: commits the replacement's state (or what its computation makes of
  /// the state) in place of running the reducer.
  @usableFromInline
  func replaceState(_ action: any ActionProtocol, _ state: State, _ finish: Finish<State>) {
    if let replacement = action as? StateReplacedAction,
      let computation = replacement.computation as? _StateComputation<State>
    {
      computation.body(state, finish)
      return
    }
    do {
      finish(try action.payload(as: State.self))
    } catch {
      finish.fail(error)
    }
  }
}

/// An error with no values: what `runOrQueue` is declared to throw, and never throws.
@usableFromInline
enum _NeverThrown: Error {}
