import Dispatch

/// The run loop: how one action goes from the queue to the last subscriber.
///
/// Read top to bottom: `enqueue` admits an action; when the store was idle, the calling thread
/// runs the queue (`run`): for each action, `reduce` calls the reducer and `finishTurn`
/// commits its outcome, notifies the subscribers, calls the completion and closes the round,
/// which loads the next queued action. A reducer that finishes later, on another thread,
/// hands the queue to that thread (`resume`). Every change to the store's state is a
/// transition of `_StoreCore`, made under the lock; the user's code runs here, outside it.
extension _StoreEngine {
  /// Queues an action, or runs it at once on this thread when the store is idle.
  @inlinable
  func enqueue(_ pending: _Pending<State>) {
    let thread = _currentThreadID()
    let type = pending.action.type
    let limit = nestedDispatchLimit
    let admission = inner.withLock { core in
      defer { core.checkInvariants() }
      return core.admit(pending, type: type, thread: thread, limit: limit)
    }
    switch consume admission {
    case .run(var turn):
      run(&turn)
    case .queued:
      break
    case .queuedFromReducer(let reducingType):
      reportDispatchFromReducer(actionType: type, reducingType: reducingType)
    case .dropped(let state, let outcome, let loop):
      if let loop { reportFeedbackLoop(types: loop) }
      if let state, let completion = pending.completion { completion(state, outcome) }
    }
  }

  /// Runs the queue on this thread, from `turn` on, until the store goes idle or a reducer
  /// goes asynchronous (then the thread that finishes it carries on).
  @inlinable
  func run(_ turn: inout _Turn<State>) {
    while let outcome = reduce(&turn) {
      guard finishTurn(&turn, outcome) else { return }
    }
  }

  /// Calls the reducer. Returns the outcome, or `nil` when the reducer returned without
  /// calling `finish`: whoever calls it later resumes the queue.
  @inlinable
  func reduce(_ turn: inout _Turn<State>) -> _Outcome<State>? {
    if turn.kind == .reduce, let reduceInPlace {
      // The reduction cannot throw: there is never a half-made change to undo.
      enterReducer(turn.thread)
      reduceInPlace(turn.action, &turn.state)
      leaveReducer()
      return .state(turn.state)
    }
    var box = turn.spare.take() ?? _FinishBox(reporter: reporter)
    box.begin(actionType: turn.type)
    enterReducer(turn.thread)
    switch turn.kind {
    case .reduce: execute(turn.action, turn.state, Finish(box))
    case .replace: replaceState(turn.action, turn.state, Finish(box))
    }
    leaveReducer()
    if let outcome = box.outcomeIfFinished()
      ?? box.reducerReturned(action: turn.action, completion: turn.completion, engine: self)
    {
      // Reused by the next turn, unless the reducer kept its `finish`: a late second call
      // must find this action's box, not the next one's.
      if isKnownUniquelyReferenced(&box) { turn.spare = consume box }
      return outcome
    }
    // When nothing else holds `finish`, it can never be called: complete the action now.
    if isKnownUniquelyReferenced(&box), box.claimAbandoned() {
      turn.spare = consume box
      return .released
    }
    awaitFinish(box, thread: turn.thread)
    return nil
  }

  /// Commits an outcome, notifies, calls the completion and closes the round. Returns `true`
  /// with the next queued action loaded into `turn`, or `false` when the store went idle.
  @inlinable
  func finishTurn(_ turn: inout _Turn<State>, _ outcome: consuming _Outcome<State>) -> Bool {
    let result: ActionOutcome
    let newState: State?
    switch consume outcome {
    case .state(let state):
      result = .applied
      newState = state
    case .failed(let error):
      result = .failed(error)
      newState = nil
      reportReducerFailed(type: turn.type, error: error)
    case .released:
      result = .failed(nil)
      newState = nil
      reportFinishReleased(type: turn.type)
    }
    var round = _NotificationList<State>()
    var leftovers: _Leftovers<State>?
    var replaced: State?
    // Nobody to call: the round closes in the commit's critical section.
    let closed: _Turn<State>?? = inner.withLock { core in
      defer { core.checkInvariants() }
      replaced = core.commit(&turn, newState, round: &round)
      guard round.isSilent, turn.completion == nil else { return .none }
      return .some(core.closeRound(spare: &turn.spare, thread: turn.thread, leftovers: &leftovers))
    }
    _ = consume replaced  // the state before the commit is released here, outside the lock
    if round.readersToWake != 0 { wakeReaders(round.readersToWake) }
    if let closed { return load(closed, into: &turn, leftovers: leftovers) }
    notify(round, turn: turn, outcome: result)
    let next = inner.withLock { core in
      defer { core.checkInvariants() }
      return core.closeRound(spare: &turn.spare, thread: turn.thread, leftovers: &leftovers)
    }
    return load(next, into: &turn, leftovers: leftovers)
  }

  /// Calls the round's subscribers (with a ``RejectedAction`` in place of an action that was
  /// not applied), then the completion, then what the round carried besides.
  @inlinable
  func notify(
    _ round: consuming _NotificationList<State>, turn: borrowing _Turn<State>,
    outcome: ActionOutcome
  ) {
    let extras = round.extras.take()
    if case .failed(let error) = outcome {
      round.notify(RejectedAction(turn.action, error: error), turn.state)
    } else {
      round.notify(turn.action, turn.state)
    }
    turn.completion?(turn.state, outcome)
    if let extras {
      for completion in extras.lateCompletions { completion(turn.state, .dropped(.feedbackLimit)) }
      // Actions the reducer dispatched, through the middleware now that the state is
      // committed: this thread still owns the queue, so they queue behind this action.
      for pending in extras.deferredDispatches {
        runMiddleware(from: 0, pending.action, completion: pending.completion)
      }
    }
  }

  /// Takes over what a closed round handed back: the next turn, if any, into `turn` (the
  /// finished turn's values are released here, outside the lock), then the leftovers.
  @inlinable
  func load(
    _ next: consuming _Turn<State>?, into turn: inout _Turn<State>,
    leftovers: consuming _Leftovers<State>?
  ) -> Bool {
    let hasNext = next != nil
    if let next { turn = next }
    if let leftovers { settle(leftovers) }
    return hasNext
  }

  /// Resumes the queue on the thread that finished an asynchronous reducer (or let its
  /// `finish` go): commits the outcome, then runs what was queued meanwhile.
  @usableFromInline
  func resume(
    _ action: any ActionProtocol, completion: _Completion<State>?, outcome: _Outcome<State>
  ) {
    let pending = _Pending(action: action, completion: completion)
    var turn = _Turn(
      pending, type: action.type, state: state, lent: false, thread: _currentThreadID())
    if finishTurn(&turn, outcome) { run(&turn) }
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
  /// removed, then makes its calls (dropped actions' completions, idle waiters).
  @usableFromInline
  func settle(_ leftovers: consuming _Leftovers<State>) {
    let calls = leftovers.calls
    _ = consume leftovers  // removed subscribers are released here
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
