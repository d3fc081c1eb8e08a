import Dispatch

/// An action waiting in a store's queue.
@usableFromInline
struct _Pending<State: StateProtocol> {
  @usableFromInline
  let action: any ActionProtocol
  @usableFromInline
  let completion: (@Sendable (State) -> Void)?

  @inlinable
  init(action: any ActionProtocol, completion: (@Sendable (State) -> Void)?) {
    self.action = action
    self.completion = completion
  }
}

/// A store's mutable internals, all behind the store's one lock.
@usableFromInline
struct _StoreCore<State: StateProtocol> {
  @usableFromInline
  var state: State
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
  var watchdog = _Watchdog<State>()
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
  init(state: State) {
    self.state = state
  }

  /// Starts reducing an action on `thread`: returns the state to reduce and hands over the
  /// spare finish box.
  @inlinable
  mutating func startTurn(
    actionType: Int, thread: UInt, spareBox box: inout _FinishBox<State>?
  ) -> State {
    reducerThread = thread
    reducingType = actionType
    drainThread = thread
    box = spareBox.take()
    if timingRequests != 0 { turnStartedAt = DispatchTime.now().uptimeNanoseconds }
    return state
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
    if timingRequests != 0 {
      lastTurnNanoseconds = DispatchTime.now().uptimeNanoseconds &- turnStartedAt
    }
    if var newState = newState.take() {
      swap(&state, &newState)
      replaced = newState
    }
    isNotifying = true
    subscribers.collect(for: actionType, into: &list)
    return state
  }

  /// Closes a notification round. Loads the next queued action into the `inout` arguments and
  /// returns `true`, or marks the store idle and returns `false`. Subscribers removed during
  /// the round are handed back in `removed`, to be released outside the lock.
  @inlinable
  mutating func endRound(
    _ action: inout any ActionProtocol, _ completion: inout (@Sendable (State) -> Void)?,
    _ nextState: inout State, spareBox box: inout _FinishBox<State>?,
    removed: inout [_Subscriber<State>], idleWaiters waiters: inout [@Sendable () -> Void],
    thread: UInt
  ) -> Bool {
    isNotifying = false
    removed = subscribers.applyDeferred()
    if spareBox == nil { spareBox = box.take() }
    guard let pending = queue.popFirst() else {
      isBusy = false
      drainThread = 0
      feedback = _FeedbackMeter()
      if !idleWaiters.isEmpty { swap(&waiters, &idleWaiters) }
      return false
    }
    action = pending.action
    completion = pending.completion
    nextState = startTurn(actionType: pending.action.type, thread: thread, spareBox: &box)
    return true
  }
}

/// Watches the action that is waiting for an asynchronous `finish`, so that a reducer that
/// never finishes is reported once, with a single timer per store.
@usableFromInline
struct _Watchdog<State: StateProtocol> {
  @usableFromInline
  enum Verdict {
    /// Nothing to watch any more; the timer stops.
    case idle
    /// The watched action started later than the timer assumed; fire again then.
    case rearm(deadline: UInt64)
    /// The watched action is overdue; report it (only once).
    case overdue(actionType: Int?, stage: String?)
  }

  @usableFromInline
  weak var box: _FinishBox<State>?
  @usableFromInline
  var since: UInt64 = 0
  @usableFromInline
  var reported = false
  @usableFromInline
  var isArmed = false

  @inlinable
  init() {}

  /// Starts watching `box`. Returns `true` when the caller must arm the timer.
  @inlinable
  mutating func watch(_ box: _FinishBox<State>, since now: UInt64) -> Bool {
    self.box = box
    since = now
    reported = false
    defer { isArmed = true }
    return !isArmed
  }

  @inlinable
  mutating func check(now: UInt64, timeout: UInt64) -> Verdict {
    guard let box, box.isAwaiting, !reported else {
      isArmed = false
      return .idle
    }
    let deadline = since &+ timeout
    guard now >= deadline else { return .rearm(deadline: deadline) }
    reported = true
    isArmed = false
    return .overdue(actionType: box.actionType, stage: box.currentStage)
  }
}

/// Counts the actions a store's own draining thread dispatches back into it (from subscribers,
/// completions or reducers) until the store is idle again, to stop runaway feedback loops.
@usableFromInline
struct _FeedbackMeter {
  @usableFromInline var count = 0
  @usableFromInline var isTripped = false
  /// The types of the last few feedback actions, to name the loop in the report.
  @usableFromInline var recentTypes: [Int] = []

  @inlinable
  init() {}

  /// Counts one feedback action. Returns `false` when it must be dropped: the limit was passed.
  @inlinable
  mutating func admit(type: Int, limit: Int) -> Bool {
    count += 1
    if recentTypes.count < 64 {
      recentTypes.append(type)
    } else {
      recentTypes[count & 63] = type
    }
    guard count > limit else { return true }
    isTripped = true
    return false
  }
}
