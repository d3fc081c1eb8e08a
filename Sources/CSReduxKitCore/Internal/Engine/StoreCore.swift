import Dispatch

/// A store's mutable internals, all behind the store's one lock, and the transitions of its
/// run loop.
///
/// The store's phase is one `_StorePhase` value (`phase`): idle, reducing(thread),
/// awaitingFinish, finishing(thread) or notifying(thread), the thread being the one that runs
/// the queue. `isBusy`, `turnInFlight`, `isNotifying`, `reducerThread` and `drainThread` are
/// views of it, for readers outside the transitions.
///
/// Each transition is a method that runs under the lock and returns what the caller must do
/// outside it (call the reducer, the subscribers, a completion, report): the lock is never
/// held while user code runs. The engine's run loop (`StoreEngine+RunLoop.swift`) performs
/// them in order:
///
/// - `admit`: idle → reducing (the caller runs the queue), or the action is queued or dropped;
///   returns an `_Admission`, which says which;
/// - `reducerReturned`: reducing → awaitingFinish, when the reducer returned without it;
/// - `resumeFinish`: awaitingFinish → finishing, on the thread that called `finish`;
/// - `commit`: reducing or finishing → notifying, with the subscribers to call collected into
///   the caller's round; returns the state it replaced, to be released outside the lock;
/// - `closeRound`: notifying → reducing the next queued action, or idle; returns a
///   `_RoundClosed`: whether to run the next turn, and the leftovers to settle.
///
/// Each changes `phase` through `_StorePhase`'s own transitions, which stop a debug build with
/// the phase and the event named when the event is illegal there. `brokenInvariant()` states
/// what else holds between transitions; debug builds check it after each one, and the
/// model-based random test after every step of its programs.
@usableFromInline
struct _StoreCore<State: StateProtocol> {
  // MARK: The run loop's state

  /// The committed state; `nil` only while it is lent to an in-place reduction (see
  /// `startTurn`), which puts the new state back when it commits.
  @usableFromInline var state: State?
  /// How many actions the thread running the queue may feed back before the store goes idle
  /// (the store's `nestedDispatchLimit`).
  @usableFromInline let feedbackLimit: Int
  /// The type of the action in flight.
  @usableFromInline var reducingType = 0
  /// The serial number of the latest turn, for the watchdog.
  @usableFromInline var turnSerial: UInt64 = 0
  @usableFromInline var subscribers = _SubscriberTable<State>()
  /// Feedback: actions the draining thread dispatched to this store since it was last idle.
  @usableFromInline var feedback = _FeedbackMeter()

  // MARK: Side concerns, each a value of its own (StoreCore+SideConcerns.swift)

  /// Whether the store lends its state to the reducer, and the readers of a lent state.
  @usableFromInline var lending: Lending
  /// Work a round rarely carries: idle waiters, deferred dispatches, late completions.
  @usableFromInline var extras = Extras()
  /// The reducer-timeout watchdog and the call that arms its timer.
  @usableFromInline var watchdog: _Watchdog<State>
  /// Per-turn timing, for action logs and the timeline.
  @usableFromInline var timing = Timing()
  /// The timeline's tracer and the mark of the traced action in flight.
  @usableFromInline var tracing = Tracing()

  // MARK: What a dispatching thread reads and writes

  // Last, so that they share the lock's cache line (the lock follows the core in its
  // allocation): a thread that finds the store busy queues its action touching only that line
  // and the queue's slot, and the thread running the queue finds them where the lock brought
  // them. See docs/performance.md, "Two threads".

  @usableFromInline var queue = _FIFO<_Pending<State>>()
  /// Whether the store is busy and who runs the queue, for dispatching threads to read
  /// without this lock; see `_QueueWord` for the protocol.
  @usableFromInline let queueWord = _QueueWord()
  /// Actions that threads other than the one running the queue dispatched while the store was
  /// busy, behind a lock of their own; they come after every action in `queue`.
  @usableFromInline let sideQueue = _Locked(_FIFO<_Pending<State>>())
  /// Where the run loop is and which thread runs the queue. Whoever made the store busy owns
  /// the queue until it goes idle or awaits `finish`.
  @usableFromInline var phase = _StorePhase.idle

  @usableFromInline
  init(state: State, lendsState: Bool, feedbackLimit: Int, watchesTurns: Bool) {
    self.state = state
    self.lending = Lending(lendsState: lendsState)
    self.feedbackLimit = feedbackLimit
    self.watchdog = _Watchdog(watches: watchesTurns)
  }

  /// An action is being reduced or notified, or is waiting for `finish`.
  @inlinable var isBusy: Bool { phase.isBusy }
  /// A turn is in flight: from the call of its reducer to the commit of its outcome.
  @inlinable var turnInFlight: Bool { phase.hasTurnInFlight }
  /// A notification round is running; subscriber changes are deferred until it ends.
  @inlinable var isNotifying: Bool { phase.isNotifying }
  /// The thread inside the reducer's call, while one runs synchronously (0 otherwise).
  @inlinable var reducerThread: UInt { phase.reducerThread }
  /// The thread running the queue (0 when idle or waiting for an asynchronous `finish`).
  @inlinable var drainThread: UInt { phase.runner }

  /// The committed state, which is there whenever no in-place reduction holds it.
  @inlinable
  var presentState: State {
    guard let state else {
      preconditionFailure("CSReduxKit: the store's state was lent outside an in-place turn")
    }
    return state
  }
}

// MARK: - Transitions

/// What `admit` tells the dispatching thread to do. No case carries the turn or the state:
/// both stay where the caller keeps them.
@usableFromInline
enum _Admission {
  /// The store was idle: run the queue, starting with this action's turn.
  case run
  /// Queued behind the action in flight; its owner runs it.
  case queued
  /// Queued, and dispatched from inside the reducer of the action in flight: report it.
  case queuedFromReducer(reducingType: Int)
  /// Dropped: its effect was cancelled; call the completion with the state handed back.
  case droppedCancelled
  /// Dropped: the store's own feedback went past its limit; call the completion with the
  /// state handed back (when there is one), and report the loop (its recent types, in the
  /// core's feedback meter) when `reportsLoop`. No case carries a reference, so the common
  /// `.run` leaves nothing to destroy.
  case droppedFeedback(reportsLoop: Bool)
}

extension _StoreCore {
  /// An action arrives at the queue (after the middleware): idle → reducing, or queued, or
  /// dropped (its effect was cancelled, or the store's own feedback went past its limit).
  ///
  /// `turn` is the action's turn, made by the caller; when the store was idle it is started
  /// and `state` gets the state to reduce. When the action is dropped, `state` gets the state
  /// for its completion (`nil` while an in-place reducer holds it: the completion then waits
  /// for the state that reducer commits).
  ///
  /// Always inlined: compiled on its own, the optimizer turns its `any ActionProtocol`
  /// parameter into a generic one wherever the caller's action has a known type, and the
  /// function then boxes the action into a new existential on every call.
  @inlinable @inline(__always)
  mutating func admit(
    _ action: any ActionProtocol, _ turn: inout _Turn<State>, gate: _EffectGate?,
    state given: inout State?
  ) -> _Admission {
    // The queue word's busy bit is the phase's `isBusy` (the invariants check that they
    // agree), and one bit to test, where the phase's idle case is told by its tag and payload.
    guard queueWord.load() & _QueueWord.busy != 0 else {
      if let gate, gate.isCancelled {
        given = presentState
        return .droppedCancelled
      }
      queueWord.claim(for: turn.thread)
      // A store timed only for an action log has no tracer, and its mark stays `nil`.
      if timing.requests != 0, tracing.tracer != nil { tracing.turnMark = traceMark(gate: gate) }
      given = startTurn(&turn)
      return .run
    }
    takeSideQueue()
    guard drainThread == turn.thread else {
      queue.append(
        _Pending(
          action: action, type: turn.type, completion: turn.completion.take(), gate: gate,
          mark: timing.requests != 0 ? traceMark(gate: gate) : nil))
      return .queued
    }
    // Fed back by the thread running the queue: a subscriber, a completion or the reducer.
    let firstTrip = !feedback.isTripped
    guard feedback.admit(type: turn.type, limit: feedbackLimit) else {
      // Dropped from inside an in-place reducer, which holds the state: the completion gets
      // the state that reducer commits.
      if state == nil, let completion = turn.completion.take() {
        extras.lateCompletions.append(completion)
      }
      given = state
      return .droppedFeedback(reportsLoop: firstTrip)
    }
    let reducing = reducerThread == turn.thread
    queue.append(
      _Pending(
        action: action, type: turn.type, completion: turn.completion.take(), gate: gate,
        mark: timing.requests != 0 ? traceMark(gate: gate) : nil))
    return reducing ? .queuedFromReducer(reducingType: reducingType) : .queued
  }

  /// Starts `turn` on its thread and returns the state its reducer gets: the store's own,
  /// moved out, when the store lends it, and otherwise a copy of the committed one, with a
  /// finish box to reuse.
  ///
  /// The caller stores the result over the state of the turn before, which is the committed
  /// state (the commit made them one): that store never releases the last reference to a
  /// state, so no state's deinit runs under the lock.
  @inlinable @inline(__always)
  mutating func startTurn(_ turn: inout _Turn<State>) -> State {
    phase.start(thread: turn.thread)
    reducingType = turn.type
    turnSerial &+= 1
    if watchdog.turnStarted() { watchdog.arm?() }
    if timing.requests != 0 { timing.turnStartedAt = _uptimeNanoseconds() }
    // A replacement's state is computed through `finish`, never lent; nor is the state while
    // readers that found it lent have not read it yet.
    if lending.lendsState, lending.readersWaiting == 0, turn.kind == .reduce, let own = state.take()
    {
      turn.lent = true
      return own
    }
    turn.lent = false
    return presentState
  }

  /// The reducer returned without calling `finish`: reducing → awaitingFinish. Another
  /// thread may have finished the action and started the next turn meanwhile: the phase then
  /// stays as that thread made it. Watches `box` for the name of the child reducer at work,
  /// when it still belongs to the turn in flight.
  mutating func reducerReturned(awaiting box: _FinishBox<State>, thread: UInt) {
    phase.reducerReturned(thread: thread)
    if turnInFlight, box.isAwaiting { watchdog.awaitsFinish(box, turn: turnSerial) }
  }

  /// An awaited `finish` was called on `thread`: awaitingFinish → finishing, and `thread`
  /// runs the queue from here on (the blocking idle wait, called from a subscriber or
  /// completion it runs, must know it).
  mutating func resumeFinish(thread: UInt) {
    phase.resume(thread: thread)
  }

  /// Commits a turn's outcome (`newState`, or `nil` to keep the committed state) and opens its
  /// notification round: reducing or awaiting `finish` → notifying. Afterwards `state` is the
  /// committed state (the turn no longer holds a lent one) and `round` lists whom to call.
  /// Returns the state it replaced, to be released outside the lock.
  @inlinable @inline(__always)
  mutating func commit(
    _ newState: consuming State?, into state: inout State, turn: inout _Turn<State>,
    round: inout _UnretainedSubscriberRound<State>
  ) -> State? {
    if timing.requests != 0 {
      timing.lastTurnNanoseconds = _uptimeNanoseconds() &- timing.turnStartedAt
    }
    var replaced: State?
    if let newState = newState.take() {
      replaced = self.state.take()
      self.state = newState
      // The state the reducer got is the replaced one, or (in place) the new one itself:
      // this store releases no last reference.
      state = newState
    }
    if lending.readersToWake != 0 {
      round.readersToWake = lending.readersToWake
      lending.readersToWake = 0
    }
    // Taken by the round (`takeRoundExtras`): nothing adds to them before it does.
    if !extras.lateCompletions.isEmpty || !extras.deferredDispatches.isEmpty {
      round.hasExtras = true
    }
    turn.lent = false
    subscribers.collect(for: turn.kind, type: turn.type, into: &round)
    phase.commit(thread: turn.thread)
    return replaced
  }

  /// Ends a notification round: notifying → reducing the next queued action, loaded into
  /// `turn` (the action itself into `next`) with its state into `state`; or idle. The turn's
  /// completion and action were taken before: loading the next ones releases nothing. Returns
  /// what the caller does next: run the loaded turn, or stop (the store went idle); and deal
  /// with the leftovers outside the lock, made only when there are any: the subscribers
  /// removed during the round, to be released, and calls to make: the completions of
  /// cancelled effects' actions it dropped, then the idle waiters.
  ///
  /// The action goes into `next`, where the run loop keeps it between turns, rather than into
  /// the returned value, which stays two words (docs/performance.md, "The transitions'
  /// return values").
  @inlinable @inline(__always)
  mutating func closeRound(
    _ turn: inout _Turn<State>, _ state: inout State, next: inout (any ActionProtocol)?
  ) -> _RoundClosed<State> {
    phase.closeRound(thread: turn.thread)
    var closed = _RoundClosed<State>()
    // One branch for both: a store without owner-bound subscribers has a countdown of 0, and
    // the inlined loop compiles worse with a second branch here (docs/performance.md).
    if subscribers.hasDeferredChanges || subscribers.commitsUntilSweep != 0 {
      closed.leftovers = takeDeferredChanges()
    }
    guard let pending = nextPending(leftovers: &closed.leftovers) else { return closed }
    queueWord.hand(to: turn.thread)
    turn.type = pending.type
    turn.kind = _Turn<State>.kind(of: pending.type)
    turn.completion = pending.completion
    if timing.requests != 0 { tracing.turnMark = pending.mark }
    next = pending.action
    closed.runsNext = true
    state = startTurn(&turn)
    return closed
  }

  /// The next queued action whose turn may start, taking the side queue's actions when the
  /// queue runs dry; or `nil` once the store went idle, which it does only when the side queue
  /// is empty too (`_QueueWord.release`).
  @inlinable @inline(__always)
  mutating func nextPending(leftovers: inout _Leftovers<State>?) -> _Pending<State>? {
    while true {
      if !queue.isEmpty, let pending = popNext(droppingInto: &leftovers) { return pending }
      if queueWord.release() {
        goIdle(leftovers: &leftovers)
        return nil
      }
      takeSideQueue()
    }
  }

  /// Moves the side queue's actions behind the queue's, when there are any. The queue's own
  /// storage is reused when it is empty: the buffers change hands.
  @inlinable @inline(__always)
  mutating func takeSideQueue() {
    guard queueWord.load() & _QueueWord.pending != 0 else { return }
    takeSideQueueNow()
  }

  @usableFromInline
  mutating func takeSideQueueNow() {
    sideQueue.withLock { side in
      if queue.isEmpty {
        swap(&queue, &side)
      } else {
        while let pending = side.popFirst() { queue.append(pending) }
      }
      queueWord.clearPending()
    }
  }

  /// Notifying → idle, once the queue word says so.
  @inlinable @inline(__always)
  mutating func goIdle(leftovers: inout _Leftovers<State>?) {
    phase.goIdle()
    if feedback.count != 0 { feedback = _FeedbackMeter() }
    guard !extras.idleWaiters.isEmpty else { return }
    let made = leftovers.take() ?? _Leftovers()
    made.calls += extras.idleWaiters
    extras.idleWaiters = []
    leftovers = made
  }

  /// The next queued action whose turn may start. An action of an effect cancelled by now is
  /// dropped: the check and the start of the turn share this critical section, so once
  /// `cancel` returned none of the effect's queued actions reaches the reducer. Their
  /// completions, bound to the committed state, go into the leftovers' calls.
  @inlinable
  mutating func popNext(droppingInto leftovers: inout _Leftovers<State>?) -> _Pending<State>? {
    while let pending = queue.popFirst() {
      guard let gate = pending.gate, gate.isCancelled else { return pending }
      // The call holds the action too: it is released with the call, outside the lock.
      let state = presentState
      let made = leftovers.take() ?? _Leftovers()
      made.calls.append { pending.completion?(state, .dropped(.effectCancelled)) }
      leftovers = made
    }
    return nil
  }

  /// Applies the subscriber changes a round held back, then counts the commit towards the next
  /// sweep of the owner-bound subscribers. The removed entries go into the leftovers, to be
  /// released outside the lock; so do the owner-bound subscribers when a sweep is due, to be
  /// checked for a freed owner there.
  @usableFromInline
  mutating func takeDeferredChanges() -> _Leftovers<State>? {
    let removed = subscribers.applyDeferred()
    let sweep = subscribers.commitsUntilSweep != 0 ? subscribers.sweepIfDue() : nil
    guard !removed.isEmpty || sweep != nil else { return nil }
    let made = _Leftovers<State>()
    made.removed = removed
    made.ownerSweep = sweep
    return made
  }

  /// Registers a reader on another thread than the reducing one that found the state lent, to
  /// be woken when it is put back.
  @usableFromInline
  mutating func registerReader(isWaiting: inout Bool) {
    if !isWaiting {
      lending.readersWaiting += 1
      isWaiting = true
    }
    lending.readersToWake += 1
  }
}

// MARK: - Invariants

extension _StoreCore {
  /// What holds between any two transitions; `nil` when all of it does, otherwise the first
  /// that fails, in words.
  @usableFromInline
  package func brokenInvariant() -> String? {
    let word = queueWord.load()
    if isBusy != (word & _QueueWord.busy != 0) { return "the queue word disagrees on busy" }
    if !isBusy && word != 0 { return "idle, yet the queue word is not 0" }
    // Read together under the side queue's lock, where a dispatching thread sets `pending`
    // and appends.
    let (sideCount, marked) = sideQueue.withLock {
      ($0.count, queueWord.load() & _QueueWord.pending != 0)
    }
    if sideCount != 0 && !marked {
      return "\(sideCount) action(s) in the side queue, not marked pending"
    }
    if !isBusy {
      if !queue.isEmpty { return "idle with \(queue.count) action(s) queued" }
      if feedback.count != 0 { return "idle with feedback counted" }
      // Each is held for the next commit, or for the store to go idle.
      if !extras.idleWaiters.isEmpty { return "idle with idle waiters not called" }
      if !extras.lateCompletions.isEmpty || !extras.deferredDispatches.isEmpty {
        return "idle with a round's extras held"
      }
    }
    // Readers register only while the state is lent; the commit that puts it back wakes them.
    if state != nil && lending.readersToWake != 0 { return "readers to wake, the state not lent" }
    if state == nil {
      if !lending.lendsState { return "the state is lent by a store that does not lend" }
      if !turnInFlight { return "the state is lent outside a turn" }
    }
    if lending.readersWaiting < 0 || lending.readersToWake < 0 {
      return "a negative count of waiting readers"
    }
    if !isNotifying && subscribers.hasDeferredChanges {
      return "subscriber changes held back outside a round"
    }
    if subscribers.activeCount < 0 { return "a negative subscriber count" }
    if let broken = subscribers.brokenSweepInvariant() { return broken }
    return nil
  }

  /// Stops a debug build at a broken invariant; does nothing in a release build.
  @inlinable @inline(__always)
  func checkInvariants() {
    #if DEBUG
      if let broken = brokenInvariant() {
        preconditionFailure("CSReduxKit engine invariant broken: \(broken)")
      }
    #endif
  }
}

// MARK: - What a round hands back

/// What a notification round rarely carries besides its subscribers: completions of feedback
/// actions dropped while the state was lent, and actions the reducer dispatched to a store
/// with middleware.
@usableFromInline
struct _RoundExtras<State: StateProtocol> {
  @usableFromInline var lateCompletions: [_Completion<State>]
  @usableFromInline var deferredDispatches: [_Pending<State>]

  @usableFromInline
  init(lateCompletions: [_Completion<State>], deferredDispatches: [_Pending<State>]) {
    self.lateCompletions = lateCompletions
    self.deferredDispatches = deferredDispatches
  }
}

/// What closing a round tells the run loop to do: run the next queued action, whose turn
/// started, or stop (the store went idle); and deal with the leftovers outside the lock.
@usableFromInline
struct _RoundClosed<State: StateProtocol> {
  /// Whether the next queued action's turn started (loaded into the caller's turn and
  /// `next`); `false` when the store went idle.
  @usableFromInline var runsNext = false
  /// What to deal with outside the lock (`settle`), when there is any.
  @usableFromInline var leftovers: _Leftovers<State>?

  @inlinable
  init() {}
}

/// What closing a round handed back to deal with outside the lock: the subscribers removed
/// during the round (to be released), the owner-bound subscribers to check when a sweep is
/// due, and the calls to make. A round that has none, the common case, hands back `nil`.
///
/// A class, made only on the rare path that has leftovers, so that what a closed round
/// returns (`_RoundClosed`) is two words, held in registers.
@usableFromInline
final class _Leftovers<State: StateProtocol> {
  @usableFromInline var removed: [_Subscriber<State>] = []
  @usableFromInline var ownerSweep: ContiguousArray<_Subscriber<State>>?
  @usableFromInline var calls: [@Sendable () -> Void] = []

  @inlinable
  init() {}
}
