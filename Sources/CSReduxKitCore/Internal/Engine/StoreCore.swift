import Dispatch

/// A store's mutable internals, all behind the store's one lock.
@usableFromInline
struct _StoreCore<State: StateProtocol> {
  /// The committed state; `nil` only while it is lent to an in-place reduction (see
  /// `_StoreEngine.run`), which puts the new state back when it commits.
  @usableFromInline
  var state: State?
  /// Whether the store lends its state to the reducer (``StateAccess/lentToReducer``, with a
  /// reducer that cannot fail half-way).
  @usableFromInline
  let lendsState: Bool
  /// Actions dispatched from inside the reducer to a store with middleware: their middleware
  /// runs after the current commit, on the draining thread, so that it reads a committed state.
  @usableFromInline
  var deferredDispatches: [_Pending<State>] = []
  /// A re-entrant read of a lent state is being reported: a diagnostics handler that reads the
  /// state again is not reported again (it would recurse).
  @usableFromInline
  var isReportingLentRead = false
  /// Readers waiting for a lent state to come back, not yet woken.
  @usableFromInline
  var readersToWake = 0
  /// Readers that found the state lent and have not read it yet: while there are any, the
  /// state is not lent again, so each of them reads at its first wake-up.
  @usableFromInline
  var readersWaiting = 0
  /// Completions of feedback actions dropped while the state was lent: called with the next
  /// committed state.
  @usableFromInline
  var lateCompletions: [@Sendable (State) -> Void] = []
  /// An action is being reduced or notified, or is waiting for `finish`. Whoever sets it owns
  /// the queue until it clears it.
  @usableFromInline
  var isBusy = false
  /// A notification round is running; subscriber changes are deferred until it ends.
  @usableFromInline
  var isNotifying = false
  /// The thread running the reducer, while one runs synchronously (0 otherwise).
  @usableFromInline
  var reducerThread: UInt = 0
  @usableFromInline
  var reducingType = 0
  /// The thread running the queue (0 when idle or waiting for an asynchronous `finish`).
  @usableFromInline
  var drainThread: UInt = 0
  /// Feedback: actions the draining thread dispatched to this store since it was last idle.
  @usableFromInline
  var feedback = _FeedbackMeter()
  @usableFromInline
  var queue = _FIFO<_Pending<State>>()
  @usableFromInline
  var subscribers = _SubscriberTable<State>()
  @usableFromInline
  var spareBox: _FinishBox<State>?
  @usableFromInline
  var watchdog: _Watchdog<State>
  /// Arms the watchdog's timer. Called under the lock, at most once per period of the timer
  /// while the store is busy; set by the engine once it exists (the timer needs the engine).
  @usableFromInline
  var armWatchdog: (@Sendable () -> Void)?
  /// The serial number of the latest turn, and whether it is in flight: from the call of its
  /// reducer to the commit of its outcome. The watchdog's timer reads them.
  @usableFromInline
  var turnSerial: UInt64 = 0
  @usableFromInline
  var turnInFlight = false
  /// Called, outside the lock, the next time the store goes idle.
  @usableFromInline
  var idleWaiters: [@Sendable () -> Void] = []
  /// How many observers (action logs) want each turn timed; timing costs two clock reads.
  @usableFromInline
  var timingRequests = 0
  @usableFromInline
  var turnStartedAt: UInt64 = 0
  /// From the reducer's call to the commit, for the action being notified.
  @usableFromInline
  var lastTurnNanoseconds: UInt64 = 0

  @inlinable
  init(state: State, lendsState: Bool, watchesTurns: Bool) {
    self.state = state
    self.lendsState = lendsState
    self.watchdog = _Watchdog(watches: watchesTurns)
  }

  /// The committed state, which is there whenever no in-place reduction holds it.
  @inlinable
  var presentState: State {
    guard let state else {
      preconditionFailure("CSReduxKit: the store's state was lent outside an in-place turn")
    }
    return state
  }

  /// Starts reducing an action on `thread`: returns the state to reduce and hands over the
  /// spare finish box. `lent` tells whether the state was moved out (for an in-place
  /// reduction, which must put it back with `commitInPlace`) or copied.
  @inlinable
  mutating func startTurn(
    actionType: Int, thread: UInt, spareBox box: inout _FinishBox<State>?, lent: inout Bool
  ) -> State {
    reducerThread = thread
    reducingType = actionType
    drainThread = thread
    turnSerial &+= 1
    turnInFlight = true
    if watchdog.turnStarted() { armWatchdog?() }
    if timingRequests != 0 { turnStartedAt = DispatchTime.now().uptimeNanoseconds }
    lent = lendsState && readersWaiting == 0 && actionType != StateReplacedAction.type
    if lent, let state = state.take() {
      return state
    }
    lent = false
    box = spareBox.take()
    return presentState
  }

  /// Registers a reader on another thread than the reducing one that found the state lent, to
  /// be woken when it is put back.
  @inlinable
  mutating func registerReader(isWaiting: inout Bool) {
    if !isWaiting {
      readersWaiting += 1
      isWaiting = true
    }
    readersToWake += 1
  }

  /// The reducer returned without finishing. Another thread may already have finished it and
  /// started the next turn, so only clear the marker if it is still this thread's.
  @inlinable
  mutating func endReducer(thread: UInt) {
    if reducerThread == thread { reducerThread = 0 }
    if drainThread == thread { drainThread = 0 }  // this thread no longer runs the queue
  }

  /// Commits `newState` (when there is one) and opens a notification round. Returns the
  /// committed state; hands back the state it replaced (to be released outside the lock) and
  /// the subscribers to notify.
  @inlinable
  mutating func commit(
    _ newState: inout State?, replaced: inout State?, actionType: Int,
    into list: inout _NotificationList<State>
  ) -> State {
    reducerThread = 0
    turnInFlight = false
    if timingRequests != 0 {
      lastTurnNanoseconds = DispatchTime.now().uptimeNanoseconds &- turnStartedAt
    }
    if let newState = newState.take() {
      replaced = state.take()
      state = newState
    }
    if !lateCompletions.isEmpty || !deferredDispatches.isEmpty { list.extras = takeExtras() }
    isNotifying = true
    subscribers.collect(for: actionType, into: &list)
    return presentState
  }

  /// Puts back (when it was lent) or replaces the state an in-place reduction changed, and
  /// opens a notification round: like `commit`, and the round's list also says how many
  /// waiting readers to wake.
  @inlinable
  mutating func commitInPlace(
    _ newState: State, replaced: inout State?, actionType: Int,
    into list: inout _NotificationList<State>
  ) {
    reducerThread = 0
    turnInFlight = false
    if timingRequests != 0 {
      lastTurnNanoseconds = DispatchTime.now().uptimeNanoseconds &- turnStartedAt
    }
    replaced = state.take()
    state = newState
    if readersToWake != 0 {
      list.readersToWake = readersToWake
      readersToWake = 0
    }
    if !lateCompletions.isEmpty || !deferredDispatches.isEmpty { list.extras = takeExtras() }
    isNotifying = true
    subscribers.collect(for: actionType, into: &list)
  }

  /// Moves the late completions and deferred dispatches out, for the round that opens.
  @usableFromInline
  mutating func takeExtras() -> _RoundExtras<State> {
    defer {
      lateCompletions = []
      deferredDispatches = []
    }
    return _RoundExtras(lateCompletions: lateCompletions, deferredDispatches: deferredDispatches)
  }

  /// Closes a notification round. Loads the next queued action into `next` (its type into
  /// `type`, the state to reduce into `nextState`) and returns `true`, or marks the store idle
  /// and returns `false`. What is to be dealt with outside the lock goes into `leftovers`, made
  /// only when there is any: the subscribers removed during the round, to be released, and
  /// what to call: the completions of the cancelled effects' actions it dropped, then the idle
  /// waiters.
  @inlinable
  mutating func endRound(
    _ next: inout _Next<State>, _ type: inout Int, _ nextState: inout State, lent: inout Bool,
    spareBox box: inout _FinishBox<State>?,
    leftovers: inout _RoundLeftovers<State>?, thread: UInt
  ) -> Bool {
    isNotifying = false
    if subscribers.hasDeferredChanges { takeDeferredChanges(into: &leftovers) }
    if spareBox == nil { spareBox = box.take() }
    guard !queue.isEmpty, let pending = popNext(droppingInto: &leftovers) else {
      isBusy = false
      drainThread = 0
      if feedback.count != 0 { feedback = _FeedbackMeter() }
      if !idleWaiters.isEmpty { takeIdleWaiters(into: &leftovers) }
      return false
    }
    type = pending.action.type
    next.action = pending.action
    next.completion = pending.completion
    nextState = startTurn(actionType: type, thread: thread, spareBox: &box, lent: &lent)
    return true
  }
}

extension _StoreCore {
  /// The next queued action whose turn may start. An action of an effect cancelled by now is
  /// dropped: the check and the start of the turn share this critical section, so once
  /// `cancel` returned none of the effect's queued actions reaches the reducer. Their
  /// completions, bound to the committed state, go into the leftovers' calls.
  @inlinable
  mutating func popNext(droppingInto leftovers: inout _RoundLeftovers<State>?) -> _Pending<State>? {
    while let pending = queue.popFirst() {
      guard let gate = pending.gate, gate.isCancelled else { return pending }
      if let completion = pending.completion {
        let state = presentState
        var made = leftovers.take() ?? _RoundLeftovers()
        made.calls.append {
          _CompletionContext.with(.dropped(.effectCancelled)) { completion(state) }
        }
        leftovers = made
      }
    }
    return nil
  }

  /// Applies the subscriber changes a round held back; the removed entries go into the
  /// leftovers, to be released outside the lock.
  @usableFromInline
  mutating func takeDeferredChanges(into leftovers: inout _RoundLeftovers<State>?) {
    let removed = subscribers.applyDeferred()
    guard !removed.isEmpty else { return }
    var made = leftovers.take() ?? _RoundLeftovers()
    made.removed = removed
    leftovers = made
  }

  /// Hands the idle waiters over, after any call already in the leftovers.
  @usableFromInline
  mutating func takeIdleWaiters(into leftovers: inout _RoundLeftovers<State>?) {
    var made = leftovers.take() ?? _RoundLeftovers()
    made.calls += idleWaiters
    idleWaiters = []
    leftovers = made
  }
}
