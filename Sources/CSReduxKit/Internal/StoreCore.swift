/// An action waiting in a store's queue.
struct _Pending<State: StateProtocol> {
  let action: any ActionProtocol
  let completion: (@Sendable (State) -> Void)?
}

/// What the draining thread needs to reduce one action.
struct _Turn<State: StateProtocol> {
  let action: any ActionProtocol
  let completion: (@Sendable (State) -> Void)?
  let state: State
  let spareBox: _FinishBox<State>?
}

/// A store's mutable internals, all behind the store's one lock.
struct _StoreCore<State: StateProtocol> {
  var state: State
  /// An action is being reduced or notified, or is waiting for `finish`. Whoever sets it owns
  /// the queue until it clears it.
  var isBusy = false
  /// A notification round is running; subscriber changes are deferred until it ends.
  var isNotifying = false
  /// The thread running the reducer, while one runs synchronously (0 otherwise).
  var reducerThread: UInt = 0
  var reducingType = 0
  var queue = _FIFO<_Pending<State>>()
  var subscribers = _SubscriberTable<State>()
  var spareBox: _FinishBox<State>?
  var watchdog = _Watchdog<State>()

  init(state: State) {
    self.state = state
  }

  mutating func beginTurn(
    action: any ActionProtocol, completion: (@Sendable (State) -> Void)?, thread: UInt
  ) -> _Turn<State> {
    reducerThread = thread
    reducingType = action.type
    return _Turn(action: action, completion: completion, state: state, spareBox: spareBox.take())
  }

  /// The reducer returned without finishing. Another thread may already have finished it and
  /// started the next turn, so only clear the marker if it is still this thread's.
  mutating func endReducer(thread: UInt) {
    if reducerThread == thread { reducerThread = 0 }
  }

  /// Commits `newState` (when there is one) and opens a notification round. Returns the state
  /// committed, the state it replaced (to be released outside the lock) and the subscribers.
  mutating func commit(_ newState: inout State?, actionType: Int) -> (
    State, State?, _NotificationList<State>
  ) {
    reducerThread = 0
    var replaced: State?
    if var newState = newState.take() {
      swap(&state, &newState)
      replaced = newState
    }
    isNotifying = true
    return (state, replaced, subscribers.notificationList(for: actionType))
  }

  /// Closes a notification round and starts the next turn, or marks the store idle. Returns the
  /// subscribers removed during the round, to be released outside the lock.
  mutating func endRound(spareBox box: _FinishBox<State>?, thread: UInt) -> (
    _Turn<State>?, [_Subscriber<State>]
  ) {
    isNotifying = false
    let removed = subscribers.applyDeferred()
    if spareBox == nil { spareBox = box }
    guard let pending = queue.popFirst() else {
      isBusy = false
      return (nil, removed)
    }
    return (
      beginTurn(action: pending.action, completion: pending.completion, thread: thread), removed
    )
  }
}

/// Watches the action that is waiting for an asynchronous `finish`, so that a reducer that
/// never finishes is reported once, with a single timer per store.
struct _Watchdog<State: StateProtocol> {
  enum Verdict {
    /// Nothing to watch any more; the timer stops.
    case idle
    /// The watched action started later than the timer assumed; fire again then.
    case rearm(deadline: UInt64)
    /// The watched action is overdue; report it (only once).
    case overdue(actionType: Int?)
  }

  private weak var box: _FinishBox<State>?
  private var since: UInt64 = 0
  private var reported = false
  private var isArmed = false

  /// Starts watching `box`. Returns `true` when the caller must arm the timer.
  mutating func watch(_ box: _FinishBox<State>, since now: UInt64) -> Bool {
    self.box = box
    since = now
    reported = false
    defer { isArmed = true }
    return !isArmed
  }

  mutating func check(now: UInt64, timeout: UInt64) -> Verdict {
    guard let box, box.isAwaiting, !reported else {
      isArmed = false
      return .idle
    }
    let deadline = since &+ timeout
    guard now >= deadline else { return .rearm(deadline: deadline) }
    reported = true
    isArmed = false
    return .overdue(actionType: box.actionType)
  }
}
