import Dispatch

/// The machinery behind a ``Store``: its lock-protected core, the queue, the reducer and the
/// notification rounds.
///
/// It is a separate object so that nothing ever holds a *weak* reference to it: once an object
/// is weakly referenced, Swift keeps its reference count in a side table and every retain takes
/// a slower path. Middleware contexts and completion tokens retain the engine on the dispatch
/// path; only ``Subscription`` refers weakly, and to the public ``Store``. When the store goes
/// away it shuts the engine down (`shutDown()`), which cancels the subscriptions. A finish box
/// holds the engine only while its action awaits `finish`, so an asynchronous reducer still
/// working keeps the engine alive until it finishes or lets go, and nothing else does.
@usableFromInline
package final class _StoreEngine<State: StateProtocol>: @unchecked Sendable {
  @usableFromInline let name: String
  @usableFromInline let actionNames: ActionTypeNames
  @usableFromInline let reducerTimeout: Duration
  @usableFromInline let nestedDispatchLimit: Int
  /// The reducer's `execute`, specialized for its concrete type when the store is created.
  @usableFromInline package let execute:
    @Sendable (any ActionProtocol, State, Finish<State>) -> Void
  /// The reducer's in-place reduction, when it has one that cannot fail half-way: the store
  /// applies it without a finish box, to its own state when it lends it (see `run`).
  @usableFromInline let reduceInPlace: (@Sendable (any ActionProtocol, inout State) -> Void)?
  /// Where readers wait while the state is lent to an in-place reduction on another thread;
  /// only stores that lend their state have one.
  @usableFromInline let lentStateWait: DispatchSemaphore?
  /// What a read from the reducing thread gets while the state is lent (`readsInsideGet`).
  /// Only stores that lend their state keep it.
  @usableFromInline let stateWhileLent: State?
  @usableFromInline let reporter: _Reporter
  @usableFromInline let inner: _Locked<_StoreCore<State>>
  /// The middleware chain, outermost first.
  @usableFromInline let middleware: [Middleware<State>]
  /// The effects the store runs (`async` thunks); see `_StoreEngine+Effects`.
  @usableFromInline let effects = _EffectRegistry()
  /// The thread inside the reducer's call, 0 outside it; kept only for stores with middleware,
  /// so that `dispatch` tells a dispatch from inside the reducer apart with one load. Only
  /// that thread stores its own id, so a thread that loads its own id is inside the call.
  @usableFromInline let reducerCallThread = _AtomicWord(0)
  /// `cancel(id:)`, specialized for the store's state type when the store is created.
  /// `Subscription.cancel()` reaches the store through a protocol, where the code is generic
  /// and would look up the type metadata of the core and the subscriber table at run time,
  /// several times per call; calling this instead keeps cancelling as cheap as subscribing.
  /// Set once, in `init` (it needs `self`), and only read afterwards.
  @usableFromInline @exclusivity(unchecked) var cancelByID: @Sendable (UInt64) -> Void = { _ in }

  @inlinable
  init(
    state: State, reducer: some ReducerProtocol<State>, name: String,
    actionNames: ActionTypeNames, middleware: [Middleware<State>], reducerTimeout: Duration,
    nestedDispatchLimit: Int, stateAccess: StateAccess<State>,
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void
  ) {
    self.name = name
    self.actionNames = actionNames
    self.reducerTimeout = reducerTimeout
    self.nestedDispatchLimit = nestedDispatchLimit
    self.execute = { reducer.execute(action: $0, state: $1, finish: $2) }
    let reduceInPlace = reducer._inPlaceReduction
    self.reduceInPlace = reduceInPlace
    var stateWhileLent: State?
    if reduceInPlace != nil, case .lentToReducer(let readsInsideGet) = stateAccess {
      stateWhileLent = readsInsideGet
    }
    let lends = stateWhileLent != nil
    self.lentStateWait = lends ? DispatchSemaphore(value: 0) : nil
    self.stateWhileLent = stateWhileLent
    self.reporter = _Reporter(
      storeName: name, actionNames: actionNames, diagnostics: diagnostics)
    self.middleware = middleware
    self.inner = _Locked(_StoreCore(state: state, lendsState: lends))
    // Unowned: the engine owns the closure, so the engine is alive whenever it runs (a weak
    // reference would move the engine's reference count to a side table).
    self.cancelByID = { [unowned(unsafe) self] id in self.cancel(id: id) }
  }

  deinit {
    reducerCallThread.deallocate()
  }

  /// Cancels every subscription and every effect, and drops the spare finish box: the store
  /// went away.
  func shutDown() {
    effects.cancelAll(shutDown: true)
    let (entries, spare) = inner.withLock { core in
      (core.subscribers.removeAll(), core.spareBox.take())
    }
    for entry in entries { entry.subscription.markCancelled() }
    _ = consume spare  // released outside the lock
  }

  // MARK: - Reading

  /// The committed state. While it is lent to an in-place reduction (`.lentToReducer`) on
  /// another thread, waits for that reduction to commit (it is synchronous) and returns the
  /// state it committed; see `withCommittedState`.
  @inlinable
  var state: State { withCommittedState { _, state in state } }

  /// Runs `body` under the lock with the committed state, waiting first while the state is
  /// lent to an in-place reduction on another thread.
  ///
  /// A read from the thread of that reduction (the reducer itself, or code it calls) can
  /// neither wait for it nor get the state it is changing: `body` gets `stateWhileLent`, and
  /// the read is reported as ``StoreDiagnostic/Kind/stateReadWhileLent``.
  @inlinable
  func withCommittedState<R>(_ body: (inout _StoreCore<State>, State) -> R) -> R {
    var isWaiting = false
    while true {
      var reentrantType: Int?
      let result: R? = inner.withLock { core in
        guard let state = core.state else {
          if core.reducerThread == _currentThreadID(), let stateWhileLent {
            if !core.isReportingLentRead {
              core.isReportingLentRead = true
              reentrantType = core.reducingType
            }
            return body(&core, stateWhileLent)
          }
          core.registerReader(isWaiting: &isWaiting)
          return nil
        }
        if isWaiting { core.readersWaiting -= 1 }
        return body(&core, state)
      }
      if let reentrantType { reportReadWhileLent(actionType: reentrantType) }
      if let result { return result }
      waitForLentState()
    }
  }

  /// Calls `completion` with the committed state: now, or, when the state is lent to a
  /// reduction on this very thread, with the state that reduction commits.
  @usableFromInline
  func callWithCommittedState(_ completion: @escaping @Sendable (State) -> Void) {
    let deferred = inner.withLock { core in
      guard core.state == nil, core.reducerThread == _currentThreadID() else { return false }
      core.lateCompletions.append(completion)
      return true
    }
    if !deferred { completion(state) }
  }

  @usableFromInline
  func reportReadWhileLent(actionType: Int) {
    report(
      .stateReadWhileLent, actionType: actionType,
      "the state was read from inside the reducer of this action (or from code it called) "
        + "while the store lends its state to that reducer (stateAccess: .lentToReducer); "
        + "the read got the readsInsideGet state. Use the state the reducer was given, or "
        + "create the store with the default stateAccess, .alwaysReadable.")
    inner.withLock { $0.isReportingLentRead = false }
  }

  @usableFromInline
  func waitForLentState() {
    // Every registered reader is signalled once by the commit that puts the state back.
    lentStateWait?.wait()
  }

  // MARK: - Dispatching

  @inlinable
  func dispatch(_ action: any ActionProtocol, completion: (@Sendable (State) -> Void)?) {
    if middleware.isEmpty {
      enqueue(action, completion: completion)
    } else if reducerCallThread.load() != Int(bitPattern: _currentThreadID())
      || !deferFromReducer(action, completion: completion)
    {
      runMiddleware(from: 0, action, completion: completion)
    }
  }

  /// Keeps an action dispatched from inside this store's reducer for its middleware to run
  /// after the current commit, and reports the misuse: the middleware then reads a committed
  /// state and never runs inside the reduction. Returns `false` for any other dispatch.
  @usableFromInline
  func deferFromReducer(
    _ action: any ActionProtocol, completion: (@Sendable (State) -> Void)?
  ) -> Bool {
    let thread = _currentThreadID()
    let reducingType: Int? = inner.withLock { core in
      guard core.isBusy, core.reducerThread == thread else { return nil }
      core.deferredDispatches.append(_Pending(action: action, completion: completion))
      return core.reducingType
    }
    guard let reducingType else { return false }
    reportDispatchFromReducer(actionType: action.type, reducingType: reducingType)
    return true
  }

  /// Runs the middleware at `position` and after, or enqueues the action past the last one.
  @inlinable
  func runMiddleware(
    from position: Int, _ action: any ActionProtocol,
    completion: (@Sendable (State) -> Void)?
  ) {
    guard position < middleware.count else {
      enqueue(action, completion: completion)
      return
    }
    let token = completion.map { _CompletionToken(engine: self, completion: $0) }
    middleware[position].body(
      action, MiddlewareContext(engine: self, position: position, completion: token))
  }

  // MARK: - Subscribing

  @inlinable
  func add(
    owner: any _SubscriptionOwner, types: [Int]?,
    makeBody: (Subscription) -> @Sendable (any ActionProtocol, State) -> Void
  ) -> Subscription {
    inner.withLock { core in
      let id = core.subscribers.makeID()
      let subscription = Subscription(owner: owner, id: id)
      let entry = _Subscriber(
        id: id, types: types, subscription: subscription, body: makeBody(subscription))
      core.subscribers.add(entry, deferred: core.isNotifying)
      return subscription
    }
  }

  /// Adds a subscriber and reads the committed state in one critical section: every call the
  /// subscriber then receives is for a commit after the state returned.
  func addReadingState(
    owner: any _SubscriptionOwner, types: [Int]?,
    _ body: @escaping @Sendable (any ActionProtocol, State) -> Void
  ) -> (Subscription, State) {
    withCommittedState { core, state in
      let id = core.subscribers.makeID()
      let subscription = Subscription(owner: owner, id: id)
      let entry = _Subscriber(id: id, types: types, subscription: subscription, body: body)
      core.subscribers.add(entry, deferred: core.isNotifying)
      return (subscription, state)
    }
  }

  @inlinable
  func cancel(id: UInt64) {
    let removed = inner.withLock { core in
      core.subscribers.remove(id: id, deferred: core.isNotifying)
    }
    _ = consume removed  // the closure is released here, outside the lock
  }

  // MARK: - The queue

  @inlinable
  func enqueue(_ action: any ActionProtocol, completion: (@Sendable (State) -> Void)?) {
    let thread = _currentThreadID()
    var state: State?
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
          guard core.feedback.admit(type: action.type, limit: limit) else {
            // Dropped from inside an in-place reducer, which holds the state: the completion
            // gets the state that reducer commits.
            let committed = core.state
            if committed == nil, let completion { core.lateCompletions.append(completion) }
            dropped = _DroppedFeedback(
              state: committed, report: firstTrip ? core.feedback.recentTypes : nil)
            return
          }
        }
        core.queue.append(_Pending(action: action, completion: completion))
      } else {
        core.isBusy = true
        state = core.startTurn(
          actionType: action.type, thread: thread, spareBox: &box, lent: &lent)
      }
    }
    if let first = state.take() {
      // Moved, not copied, all the way: a lent state must reach the reducer uniquely held.
      run(action, completion, consume first, lent: lent, spareBox: box.take(), thread: thread)
    } else if let dropped {
      if let types = dropped.report { reportFeedbackLoop(types: types) }
      if let state = dropped.state, let completion {
        _CompletionContext.with(.dropped(.feedbackLimit)) { completion(state) }
      }
    } else if let reducingType {
      reportDispatchFromReducer(actionType: action.type, reducingType: reducingType)
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
    _ firstAction: any ActionProtocol, _ firstCompletion: (@Sendable (State) -> Void)?,
    _ firstState: consuming State, lent firstLent: Bool, spareBox: consuming _FinishBox<State>?,
    thread: UInt
  ) {
    var action = firstAction
    var completion = firstCompletion
    var state = consume firstState
    var lent = firstLent
    // Owned, not borrowed: a reference kept by the caller would defeat the box's reuse.
    var spare = consume spareBox
    while true {
      if let reduceInPlace, action.type != StateReplacedAction.type {
        // When `lent`, `state` is the store's own, moved out of the core: nothing else holds
        // it, so copy-on-write storage in it is changed where it is. Otherwise the core keeps
        // the committed state for readers and the change copies what it touches. The
        // reduction cannot throw, so there is never a half-made change to undo.
        if !middleware.isEmpty { reducerCallThread.store(Int(bitPattern: thread)) }
        reduceInPlace(action, &state)
        if !middleware.isEmpty { reducerCallThread.store(0) }
        guard
          completeInPlace(
            &action, &completion, &state, lent: &lent, spareBox: &spare, thread: thread)
        else { return }
        continue
      }
      var box = spare.take() ?? _FinishBox(reporter: reporter)
      let type = action.type
      box.begin(actionType: type)
      if !middleware.isEmpty { reducerCallThread.store(Int(bitPattern: thread)) }
      if type == StateReplacedAction.type {
        applyReplacement(action, state, Finish(box))
      } else {
        execute(action, state, Finish(box))
      }
      if !middleware.isEmpty { reducerCallThread.store(0) }
      var outcome = box.reducerReturned(action: action, completion: completion, engine: self)
      if outcome == nil {
        // When nothing else holds `finish`, it can never be called: complete the action now.
        guard isKnownUniquelyReferenced(&box), box.claimAbandoned() else {
          awaitFinish(box)
          return
        }
        outcome = .released
      }
      if isKnownUniquelyReferenced(&box) { spare = box }
      guard
        complete(
          &action, &completion, &state, outcome: outcome ?? .released, lent: &lent,
          spareBox: &spare, thread: thread)
      else { return }
    }
  }

  /// Resumes the queue on the thread that finished an asynchronous reducer.
  @inlinable
  func _resume(
    action: any ActionProtocol, completion: (@Sendable (State) -> Void)?,
    outcome: _Outcome<State>
  ) {
    let thread = _currentThreadID()
    var action = action
    var completion = completion
    var state = self.state
    var lent = false
    var spare: _FinishBox<State>?
    if complete(
      &action, &completion, &state, outcome: outcome, lent: &lent, spareBox: &spare,
      thread: thread)
    {
      run(action, completion, consume state, lent: lent, spareBox: spare.take(), thread: thread)
    }
  }

  /// Hands the queue over to whoever calls `finish`, and arms the reducer-timeout watchdog.
  @usableFromInline
  func awaitFinish(_ box: _FinishBox<State>) {
    let thread = _currentThreadID()
    let watch = reducerTimeout > .zero
    let now = DispatchTime.now().uptimeNanoseconds
    let arm = inner.withLock { core in
      core.endReducer(thread: thread)
      // Another thread may have finished this action, and started and parked later ones, since
      // the reducer returned: then there is nothing to watch, and the watchdog must keep
      // watching the later action.
      guard watch, box.isAwaiting else { return false }
      return core.watchdog.watch(box, since: now)
    }
    if arm { armWatchdog(at: now + timeoutNanoseconds) }
  }

  var timeoutNanoseconds: UInt64 {
    let (seconds, attoseconds) = reducerTimeout.components
    let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !nanoseconds.overflow else { return UInt64.max / 2 }
    return UInt64(clamping: nanoseconds.partialValue + attoseconds / 1_000_000_000)
  }

  /// One pending timer per store at most, however many actions go asynchronous.
  func armWatchdog(at deadline: UInt64) {
    // Strong on purpose: a weak reference would move the engine's reference count to a side
    // table and slow every retain on the dispatch path. The timer lives at most one timeout.
    DispatchQueue.global().asyncAfter(deadline: DispatchTime(uptimeNanoseconds: deadline)) {
      self.watchdogFired()
    }
  }

  func watchdogFired() {
    let now = DispatchTime.now().uptimeNanoseconds
    let timeout = timeoutNanoseconds
    let (verdict, queued) = inner.withLock { core in
      (core.watchdog.check(now: now, timeout: timeout), core.queue.count)
    }
    switch verdict {
    case .idle:
      break
    case .rearm(let deadline):
      armWatchdog(at: deadline)
    case .overdue(let actionType, let stage):
      let who = stage.map { "child reducer '\($0)'" } ?? "the reducer"
      report(
        .reducerDidNotFinish, actionType: actionType,
        "\(who) has not called finish after \(reducerTimeout); "
          + (queued == 0 ? "no later action is" : "\(queued) later action(s) are")
          + " waiting. Make sure every path through the reducer calls finish exactly once.")
    }
  }

  /// Commits an outcome, notifies, then either loads the next queued action into the `inout`
  /// arguments and returns `true`, or marks the store idle and returns `false`.
  @inlinable
  func complete(
    _ action: inout any ActionProtocol, _ completion: inout (@Sendable (State) -> Void)?,
    _ state: inout State, outcome: _Outcome<State>, lent: inout Bool,
    spareBox: inout _FinishBox<State>?, thread: UInt
  ) -> Bool {
    var newState: State?
    var delivered = action
    // What the completion hears (`sendReportingOutcome`); `nil` for applied.
    var failure: ActionOutcome?
    switch outcome {
    case .state(let state):
      newState = state
    case .failed(let error):
      delivered = RejectedAction(action, error: error)
      failure = .failed(error)
      report(
        .reducerFailed, actionType: action.type,
        "the reducer failed: \(error). The state was left unchanged. Check the action's "
          + "payload and the state it applies to.", error: error)
    case .released:
      delivered = RejectedAction(action, error: nil)
      failure = .failed(nil)
      report(
        .finishReleasedWithoutCall, actionType: action.type,
        "the reducer let finish go without calling it; the action completed with the state "
          + "unchanged. Call finish on every path, with the same state when nothing changes.")
    }
    var replaced: State?
    var subscribers = _NotificationList<State>()
    var silent: _SilentRound<State>?
    let type = action.type
    inner.withLock { core in
      state = core.commit(&newState, replaced: &replaced, actionType: type, into: &subscribers)
      // Nobody to call: the round can close in this same critical section.
      if subscribers.isSilent, completion == nil {
        silent = core.endSilentRound(
          &action, &completion, &state, lent: &lent, spareBox: &spareBox, thread: thread)
      }
    }
    replaced = nil  // the old state is released here, outside the lock
    if let silent = silent.take() { return finish(silent) }
    return closeRound(
      delivered, failure: failure, &subscribers, &action, &completion, &state, lent: &lent,
      spareBox: &spareBox, thread: thread)
  }

  /// Commits the state an in-place reduction changed, then like `complete`.
  @inlinable
  func completeInPlace(
    _ action: inout any ActionProtocol, _ completion: inout (@Sendable (State) -> Void)?,
    _ state: inout State, lent: inout Bool, spareBox: inout _FinishBox<State>?, thread: UInt
  ) -> Bool {
    var subscribers = _NotificationList<State>()
    var silent: _SilentRound<State>?
    var replaced: State?
    let type = action.type
    inner.withLock { core in
      core.commitInPlace(state, replaced: &replaced, actionType: type, into: &subscribers)
      if subscribers.isSilent, completion == nil {
        silent = core.endSilentRound(
          &action, &completion, &state, lent: &lent, spareBox: &spareBox, thread: thread)
      }
    }
    replaced = nil  // the state before the action, when it was not lent, is released here
    if subscribers.readersToWake != 0 { wakeReaders(subscribers.readersToWake) }
    if let silent = silent.take() { return finish(silent) }
    return closeRound(
      action, failure: nil, &subscribers, &action, &completion, &state, lent: &lent,
      spareBox: &spareBox, thread: thread)
  }

  /// Ends a round that closed with its commit: releases what it removed and calls the idle
  /// waiters, outside the lock.
  @inlinable
  func finish(_ silent: consuming _SilentRound<State>) -> Bool {
    let waiters = silent.idleWaiters
    let hasNext = silent.hasNext
    _ = consume silent  // removed subscribers are released here
    if !waiters.isEmpty { callIdleWaiters(waiters) }
    return hasNext
  }

  @usableFromInline
  func wakeReaders(_ count: Int) {
    for _ in 0..<count { lentStateWait?.signal() }
  }

  /// Notifies, calls the completions, then closes the round: loads the next queued action into
  /// the `inout` arguments and returns `true`, or marks the store idle and returns `false`.
  @inlinable
  func closeRound(
    _ delivered: any ActionProtocol, failure: ActionOutcome?,
    _ subscribers: inout _NotificationList<State>,
    _ action: inout any ActionProtocol, _ completion: inout (@Sendable (State) -> Void)?,
    _ state: inout State, lent: inout Bool, spareBox: inout _FinishBox<State>?, thread: UInt
  ) -> Bool {
    subscribers.notify(delivered, state)
    let late = subscribers.lateCompletions
    let deferred = subscribers.deferredDispatches
    subscribers = _NotificationList()  // let go of the snapshot before the round closes
    if let completion {
      _CompletionContext.with(failure) { completion(state) }
    }
    if !late.isEmpty { callLateCompletions(late, state) }
    if !deferred.isEmpty { runDeferredDispatches(deferred) }
    var removed: [_Subscriber<State>] = []
    var idleWaiters: [@Sendable () -> Void] = []
    let hasNext = inner.withLock { core in
      core.endRound(
        &action, &completion, &state, lent: &lent, spareBox: &spareBox, removed: &removed,
        idleWaiters: &idleWaiters, thread: thread)
    }
    removed = []  // cancelled subscribers are released here, outside the lock
    if !idleWaiters.isEmpty { callIdleWaiters(idleWaiters) }
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

  @usableFromInline
  func callIdleWaiters(_ waiters: [@Sendable () -> Void]) {
    for waiter in waiters { waiter() }
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

  // MARK: - Idle and timing

  /// Calls `body` once the store is idle: now, on this thread, when it already is; otherwise on
  /// the thread that empties the queue, after the last action's subscribers and completion.
  func whenIdle(_ body: @escaping @Sendable () -> Void) {
    let isIdle = inner.withLock { core in
      guard core.isBusy else { return true }
      core.idleWaiters.append(body)
      return false
    }
    if isIdle { body() }
  }

  /// Starts (`true`) or stops timing each turn, for ``lastTurnNanoseconds``.
  package func requestTiming(_ on: Bool) {
    let now = DispatchTime.now().uptimeNanoseconds
    inner.withLock { core in
      core.timingRequests += on ? 1 : -1
      // A turn already under way started before anyone timed it: time it from now.
      if on, core.timingRequests == 1 { core.turnStartedAt = now }
    }
  }

  /// The time from the reducer's call to the commit of the action being notified; read it from
  /// a subscriber while timing is requested.
  package var lastTurnNanoseconds: UInt64 {
    inner.withLock { $0.lastTurnNanoseconds }
  }

  // MARK: - Diagnostics

  @usableFromInline
  func reportFeedbackLoop(types: [Int]) {
    var counts: [Int: Int] = [:]
    for type in types { counts[type, default: 0] += 1 }
    let named = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(4)
      .map { actionNames.label(for: $0.key) }.joined(separator: ", ")
    report(
      .feedbackLoop, actionType: types.last,
      "more than \(nestedDispatchLimit) actions were dispatched back into the store by its own "
        + "subscribers, completions or reducer before it could go idle (most recent types: "
        + "\(named)); the loop was stopped and further ones are dropped until the store is idle. "
        + "Dispatch only when something changed (for example with subscribe(select:)), or raise "
        + "nestedDispatchLimit.")
  }

  @usableFromInline
  func report(
    _ kind: StoreDiagnostic.Kind, actionType: Int?, _ message: String, error: (any Error)? = nil
  ) {
    reporter.report(kind, actionType: actionType, message, error: error)
  }
}

/// A round with nobody to notify and no completion, closed in its commit's critical section:
/// what closing it handed back, to be dealt with outside the lock.
@usableFromInline
struct _SilentRound<State: StateProtocol> {
  /// Whether another action was loaded.
  @usableFromInline var hasNext = false
  @usableFromInline var removed: [_Subscriber<State>] = []
  @usableFromInline var idleWaiters: [@Sendable () -> Void] = []

  @inlinable
  init() {}
}

/// A feedback action the store dropped: the state to give its completion, and the recent types
/// to report when this drop is the first of the drain.
@usableFromInline
struct _DroppedFeedback<State> {
  /// `nil` when the state was lent: the completion then waits for the next commit.
  @usableFromInline let state: State?
  @usableFromInline let report: [Int]?

  @inlinable
  init(state: State?, report: [Int]?) {
    self.state = state
    self.report = report
  }
}
