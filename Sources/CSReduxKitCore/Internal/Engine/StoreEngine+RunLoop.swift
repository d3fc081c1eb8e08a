import Dispatch

/// The queue and the run loop: reducing one action at a time, committing, notifying and closing each round.
extension _StoreEngine {
  /// Queues an action, or runs it at once on this thread when the store is idle. An action
  /// that an effect dispatched carries the effect's `gate`: dropped if the effect is cancelled
  /// before its turn starts.
  @inlinable
  func enqueue(
    _ action: any ActionProtocol, completion: (@Sendable (State) -> Void)?,
    gate: _EffectGate? = nil
  ) {
    let thread = _currentThreadID()
    // Read once: each read calls into the action.
    let type = action.type
    var state: State?
    var cancelled: State?
    var lent = false
    var box: _FinishBox<State>?
    var reducingType: Int?
    var dropped: _DroppedFeedback<State>?
    let limit = nestedDispatchLimit
    inner.withLock { core in
      if core.isBusy {
        if core.drainThread == thread {
          if core.reducerThread == thread { reducingType = core.reducingType }
          let firstTrip = !core.feedback.isTripped
          guard core.feedback.admit(type: type, limit: limit) else {
            // Dropped from inside an in-place reducer, which holds the state: the completion
            // gets the state that reducer commits.
            let committed = core.state
            if committed == nil, let completion { core.lateCompletions.append(completion) }
            dropped = _DroppedFeedback(
              state: committed, report: firstTrip ? core.feedback.recentTypes : nil)
            return
          }
        }
        core.queue.append(_Pending(action: action, completion: completion, gate: gate))
      } else if let gate, gate.isCancelled {
        cancelled = core.presentState
      } else {
        core.isBusy = true
        state = core.startTurn(actionType: type, thread: thread, spareBox: &box, lent: &lent)
      }
    }
    if let first = state.take() {
      // Moved, not copied, all the way: a lent state must reach the reducer uniquely held.
      run(
        action, type: type, completion, consume first, lent: lent, spareBox: box.take(),
        thread: thread)
    } else if let dropped {
      if let types = dropped.report { reportFeedbackLoop(types: types) }
      if let state = dropped.state, let completion {
        _CompletionContext.with(.dropped(.feedbackLimit)) { completion(state) }
      }
    } else if let reducingType {
      reportDispatchFromReducer(actionType: type, reducingType: reducingType)
    } else if let cancelled, let completion {
      _CompletionContext.with(.dropped(.effectCancelled)) { completion(cancelled) }
    }
  }

  @usableFromInline
  func reportDispatchFromReducer(actionType: Int, reducingType: Int) {
    report(
      .dispatchFromReducer, actionType: actionType,
      "dispatched from inside the reducer of action \(actionNames.label(for: reducingType)); "
        + "it was queued and runs next. Reducers should be pure: dispatch from a subscriber, "
        + "a completion or middleware instead.")
  }

  /// Reduces actions on the calling thread until the queue is empty or a reducer goes
  /// asynchronous. The caller owns the queue (`isBusy`) and passes the first action.
  @inlinable
  func run(
    _ firstAction: any ActionProtocol, type firstType: Int,
    _ firstCompletion: (@Sendable (State) -> Void)?,
    _ firstState: consuming State, lent firstLent: Bool, spareBox: consuming _FinishBox<State>?,
    thread: UInt
  ) {
    var state = consume firstState
    var lent = firstLent
    // Owned, not borrowed: a reference kept by the caller would defeat the box's reuse.
    var spare = consume spareBox
    // The type of the action a closed round loads into `next`, read once.
    var type = firstType
    // The first action is borrowed from the caller, never copied; each later one is moved out
    // of `next`. Once a turn returns `false` this thread no longer owns the queue, and leaves
    // `next` alone.
    guard
      turn(
        firstAction, type, firstCompletion, &state, lent: &lent, spareBox: &spare, next: &next,
        nextType: &type, thread: thread)
    else { return }
    while let action = next.action.take() {
      let completion = next.completion.take()
      guard
        turn(
          action, type, completion, &state, lent: &lent, spareBox: &spare, next: &next,
          nextType: &type, thread: thread)
      else { return }
    }
  }

  /// Reduces one action, then commits and notifies unless the reducer goes asynchronous.
  /// Returns `true` with the next action in `next` (its type in `nextType` and its state in
  /// `state`), or `false` when the store went idle or waits for `finish`.
  @inlinable
  func turn(
    _ action: any ActionProtocol, _ type: Int, _ completion: (@Sendable (State) -> Void)?,
    _ state: inout State, lent: inout Bool, spareBox spare: inout _FinishBox<State>?,
    next: inout _Next<State>, nextType: inout Int, thread: UInt
  ) -> Bool {
    if let reduceInPlace, type != StateReplacedAction.type {
      // When `lent`, `state` is the store's own, moved out of the core: nothing else holds
      // it, so copy-on-write storage in it is changed where it is. Otherwise the core keeps
      // the committed state for readers and the change copies what it touches. The
      // reduction cannot throw, so there is never a half-made change to undo.
      if !middleware.isEmpty { reducerCallThread.store(Int(bitPattern: thread)) }
      reduceInPlace(action, &state)
      if !middleware.isEmpty { reducerCallThread.store(0) }
      return completeInPlace(
        action, type, completion, &state, lent: &lent, spareBox: &spare, next: &next,
        nextType: &nextType, thread: thread)
    }
    let fresh = spare.take() ?? _FinishBox(reporter: reporter)
    fresh.begin(actionType: type)
    // The box is moved into the callback and back out: the call retains nothing.
    let finish = Finish(consume fresh)
    if !middleware.isEmpty { reducerCallThread.store(Int(bitPattern: thread)) }
    if type == StateReplacedAction.type {
      applyReplacement(action, state, finish)
    } else {
      execute(action, state, finish)
    }
    if !middleware.isEmpty { reducerCallThread.store(0) }
    var box = (consume finish).box.unsafelyUnwrapped
    // Bound once and moved on: an optional outcome copied along the way costs a test and a
    // destruction each time.
    let outcome: _Outcome<State>
    if let early = box.outcomeIfFinished() {
      outcome = early
    } else if let late = box.reducerReturned(
      action: action, completion: completion, engine: self)
    {
      outcome = late
    } else {
      // When nothing else holds `finish`, it can never be called: complete the action now.
      guard isKnownUniquelyReferenced(&box), box.claimAbandoned() else {
        awaitFinish(box)
        return false
      }
      outcome = .released
    }
    // Moved, not copied: the box is not used again in this turn.
    if isKnownUniquelyReferenced(&box) { spare = consume box }
    return complete(
      action, type, completion, &state, outcome: consume outcome, lent: &lent,
      spareBox: &spare, next: &next, nextType: &nextType, thread: thread)
  }

  /// Resumes the queue on the thread that finished an asynchronous reducer.
  @inlinable
  func _resume(
    action: any ActionProtocol, completion: (@Sendable (State) -> Void)?,
    outcome: _Outcome<State>
  ) {
    let thread = _currentThreadID()
    var state = self.state
    var lent = false
    var spare: _FinishBox<State>?
    var type = 0
    if complete(
      action, action.type, completion, &state, outcome: outcome, lent: &lent, spareBox: &spare,
      next: &next, nextType: &type, thread: thread),
      let action = next.action.take()
    {
      run(
        action, type: type, next.completion.take(), consume state, lent: lent,
        spareBox: spare.take(), thread: thread)
    }
  }

  /// Commits an outcome, notifies, then either loads the next queued action into `next`
  /// (and its state into `state`) and returns `true`, or marks the store idle and returns
  /// `false`.
  @inlinable
  func complete(
    _ action: any ActionProtocol, _ type: Int, _ completion: (@Sendable (State) -> Void)?,
    _ state: inout State, outcome: consuming _Outcome<State>, lent: inout Bool,
    spareBox: inout _FinishBox<State>?, next: inout _Next<State>, nextType: inout Int,
    thread: UInt
  ) -> Bool {
    switch consume outcome {
    case .state(let newState):
      // Applied: literal nils, so that nothing is left to test and destroy for a failure.
      return commit(
        action, type, completion, &state, newState: newState, failure: nil, lent: &lent,
        spareBox: &spareBox, next: &next, nextType: &nextType, thread: thread)
    case let unapplied:
      return completeUnapplied(
        action, type, completion, &state, outcome: unapplied, lent: &lent,
        spareBox: &spareBox, next: &next, nextType: &nextType, thread: thread)
    }
  }

  /// Reports an outcome that leaves the state as it was, then commits like `complete`. Out of
  /// line: the usual, applied path carries none of its work.
  @inline(never) @usableFromInline
  func completeUnapplied(
    _ action: any ActionProtocol, _ type: Int, _ completion: (@Sendable (State) -> Void)?,
    _ state: inout State, outcome: _Outcome<State>, lent: inout Bool,
    spareBox: inout _FinishBox<State>?, next: inout _Next<State>, nextType: inout Int,
    thread: UInt
  ) -> Bool {
    // What the completion hears (`sendReportingOutcome`), and whether the subscribers get a
    // `RejectedAction`.
    let failure: ActionOutcome
    switch outcome {
    case .state(let newState):
      // Not reached from `complete`, which commits an applied outcome itself; committed the
      // same way here rather than trapped. Passing the failure as an optional error instead
      // of the outcome costs a register reload per subscriber in the inlined walk.
      return commit(
        action, type, completion, &state, newState: newState, failure: nil, lent: &lent,
        spareBox: &spareBox, next: &next, nextType: &nextType, thread: thread)
    case .failed(let error):
      failure = .failed(error)
      report(
        .reducerFailed, actionType: type,
        "the reducer failed: \(error). The state was left unchanged. Check the action's "
          + "payload and the state it applies to.", error: error)
    case .released:
      failure = .failed(nil)
      report(
        .finishReleasedWithoutCall, actionType: type,
        "the reducer let finish go without calling it; the action completed with the state "
          + "unchanged. Call finish on every path, with the same state when nothing changes.")
    }
    return commit(
      action, type, completion, &state, newState: nil, failure: failure, lent: &lent,
      spareBox: &spareBox, next: &next, nextType: &nextType, thread: thread)
  }

  /// Commits `newState` (the state stays as it was when it is `nil`), notifies, then closes
  /// the round like `complete`. `failure` is what the completion hears and whether the
  /// subscribers get a ``RejectedAction``; `nil` for applied.
  @inlinable
  func commit(
    _ action: any ActionProtocol, _ type: Int, _ completion: (@Sendable (State) -> Void)?,
    _ state: inout State, newState: consuming State?, failure: ActionOutcome?,
    lent: inout Bool, spareBox: inout _FinishBox<State>?, next: inout _Next<State>,
    nextType: inout Int, thread: UInt
  ) -> Bool {
    var newState = consume newState
    var replaced: State?
    var subscribers = _NotificationList<State>()
    // Whether another action was loaded, when the round closed with its commit.
    var closedWithNext: Bool?
    var leftovers: _RoundLeftovers<State>?
    inner.withLock { core in
      state = core.commit(&newState, replaced: &replaced, actionType: type, into: &subscribers)
      // Nobody to call: the round can close in this same critical section.
      if subscribers.isSilent, completion == nil {
        closedWithNext = core.endRound(
          &next, &nextType, &state, lent: &lent, spareBox: &spareBox,
          leftovers: &leftovers, thread: thread)
      }
    }
    replaced = nil  // the old state is released here, outside the lock
    if let hasNext = closedWithNext {
      if let leftovers = leftovers.take() { settle(leftovers) }
      return hasNext
    }
    return closeRound(
      failure: failure, subscribers, action, completion, &state, lent: &lent,
      spareBox: &spareBox, next: &next, nextType: &nextType, thread: thread)
  }

  /// Commits the state an in-place reduction changed, then like `complete`.
  @inlinable
  func completeInPlace(
    _ action: any ActionProtocol, _ type: Int, _ completion: (@Sendable (State) -> Void)?,
    _ state: inout State, lent: inout Bool, spareBox: inout _FinishBox<State>?,
    next: inout _Next<State>, nextType: inout Int, thread: UInt
  ) -> Bool {
    var subscribers = _NotificationList<State>()
    var closedWithNext: Bool?
    var leftovers: _RoundLeftovers<State>?
    var replaced: State?
    inner.withLock { core in
      core.commitInPlace(state, replaced: &replaced, actionType: type, into: &subscribers)
      if subscribers.isSilent, completion == nil {
        closedWithNext = core.endRound(
          &next, &nextType, &state, lent: &lent, spareBox: &spareBox,
          leftovers: &leftovers, thread: thread)
      }
    }
    replaced = nil  // the state before the action, when it was not lent, is released here
    if subscribers.readersToWake != 0 { wakeReaders(subscribers.readersToWake) }
    if let hasNext = closedWithNext {
      if let leftovers = leftovers.take() { settle(leftovers) }
      return hasNext
    }
    return closeRound(
      failure: nil, subscribers, action, completion, &state, lent: &lent,
      spareBox: &spareBox, next: &next, nextType: &nextType, thread: thread)
  }

  /// Deals with what a closed round handed back, outside the lock: releases the subscribers it
  /// removed, then makes its calls (dropped actions' completions, idle waiters).
  @usableFromInline
  func settle(_ leftovers: consuming _RoundLeftovers<State>) {
    let calls = leftovers.calls
    _ = consume leftovers  // removed subscribers are released here
    for call in calls { call() }
  }

  @usableFromInline
  func wakeReaders(_ count: Int) {
    for _ in 0..<count { lentStateWait?.signal() }
  }

  /// Notifies (with a ``RejectedAction`` in place of an action that `failure` says was not
  /// applied), calls the completions, then closes the round: loads the next queued action into
  /// `next` and returns `true`, or marks the store idle and returns `false`.
  @inlinable
  func closeRound(
    failure: ActionOutcome?,
    _ subscribers: consuming _NotificationList<State>,
    _ action: any ActionProtocol, _ completion: (@Sendable (State) -> Void)?,
    _ state: inout State, lent: inout Bool, spareBox: inout _FinishBox<State>?,
    next: inout _Next<State>, nextType: inout Int, thread: UInt
  ) -> Bool {
    // Moved out of the list, not copied; usually `nil`.
    var list = consume subscribers
    let extras = list.extras.take()
    do {
      // Moved, not copied: the snapshot is released as soon as the calls are made, before
      // the round closes.
      let list = consume list
      if case .failed(let error)? = failure {
        list.notify(RejectedAction(action, error: error), state)
      } else {
        list.notify(action, state)  // borrowed: an applied action is not copied
      }
    }
    if let completion {
      _CompletionContext.with(failure) { completion(state) }
    }
    if let extras {
      if !extras.lateCompletions.isEmpty { callLateCompletions(extras.lateCompletions, state) }
      if !extras.deferredDispatches.isEmpty { runDeferredDispatches(extras.deferredDispatches) }
    }
    var leftovers: _RoundLeftovers<State>?
    let hasNext = inner.withLock { core in
      core.endRound(
        &next, &nextType, &state, lent: &lent, spareBox: &spareBox,
        leftovers: &leftovers, thread: thread)
    }
    if let leftovers = leftovers.take() { settle(leftovers) }
    return hasNext
  }

  /// Passes the actions the reducer dispatched through the middleware, after the commit: this
  /// thread still owns the queue, so what they pass on is queued behind the current action.
  @usableFromInline
  func runDeferredDispatches(_ pending: [_Pending<State>]) {
    for entry in pending { runMiddleware(from: 0, entry.action, completion: entry.completion) }
  }

  @usableFromInline
  func callLateCompletions(_ completions: [@Sendable (State) -> Void], _ state: State) {
    // Completions of feedback actions dropped while the state was lent.
    _CompletionContext.with(.dropped(.feedbackLimit)) {
      for completion in completions { completion(state) }
    }
  }

  /// Commits a ``StateReplacedAction``'s state in place of running the reducer.
  @usableFromInline
  func applyReplacement(_ action: any ActionProtocol, _ state: State, _ finish: Finish<State>) {
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
