import Dispatch

/// A feature module's store: it keeps the module's state, runs its reducer for one action at a
/// time and tells its subscribers about every change.
///
/// Give each feature module its own store, usually a subclass with its own `init()`:
///
/// ```swift
/// final class TodoStore: Store<TodoState>, @unchecked Sendable {
///   init() { super.init(state: TodoState(), reducer: todoReducer) }
/// }
/// ```
///
/// ## Guarantees
///
/// - **Serial, ordered reduction.** Actions are reduced one at a time, in the order their
///   `dispatch` calls took effect, whatever thread they came from. The next reducer starts only
///   after the previous one called `finish`.
/// - **Synchronous when it can be.** When the store is idle and the reducer calls `finish`
///   before returning, `dispatch` returns after the state is committed and every subscriber
///   ran: `store.dispatch(a); store.state` sees `a`.
/// - **Asynchronous finish.** `finish` may be called later, from any thread. Actions
///   dispatched meanwhile wait in a FIFO queue; `dispatch` never blocks on a reducer; the thread
///   that calls `finish` runs the queued actions.
/// - **Nested dispatch never recurses.** An action dispatched from a subscriber, a reducer or a
///   completion is queued and runs after the current action's notifications, before the outer
///   `dispatch` returns when that call is the one draining the queue. Every subscriber sees
///   every committed state exactly once, in order.
/// - **Notification.** After each commit every active subscriber is called once with the action
///   and the new state, in subscription order, on the thread that committed. A subscriber added
///   during a notification round starts with the next action. Every action notifies, even when
///   the state did not change.
/// - **Reads.** ``state`` returns the last committed state, at any time, from any thread.
///
/// No lock is held while the reducer, a subscriber, a completion or the diagnostics handler
/// runs, so all of them may call back into the store.
open class Store<State: StateProtocol>: StoreProtocol, @unchecked Sendable {
  /// The store's name in diagnostics: the `name` given at creation, or the store's type name.
  public let name: String
  /// Names for the action types, used in diagnostics.
  public let actionNames: ActionTypeNames
  /// How long a reducer may take to call `finish` before the store reports it.
  public let reducerTimeout: Duration
  /// How many actions the store's own subscribers, completions and reducer may dispatch back
  /// into it before it goes idle; past it, the loop is reported and stopped.
  public let nestedDispatchLimit: Int

  /// The reducer's `execute`, specialized for its concrete type when the store is created.
  @usableFromInline let execute: @Sendable (any ActionProtocol, State, Finish<State>) -> Void
  @usableFromInline let diagnostics: @Sendable (StoreDiagnostic) -> Void
  @usableFromInline let inner: _Locked<_StoreCore<State>>
  /// The middleware chain, outermost first.
  @usableFromInline let middleware: [Middleware<State>]

  /// Creates a store with an initial state and the reducer that transforms it.
  ///
  /// - Parameters:
  ///   - state: The initial state.
  ///   - reducer: The module's reducer.
  ///   - name: The store's name in diagnostics; the store's type name when `nil`.
  ///   - actionNames: Names for the action types in diagnostics.
  ///   - middleware: Steps every dispatched action goes through before the queue, outermost
  ///     first; see ``Middleware``.
  ///   - reducerTimeout: How long a reducer may take to call `finish` before the store reports
  ///     ``StoreDiagnostic/Kind/reducerDidNotFinish`` (once per action; the store keeps
  ///     waiting). Zero or less turns the check off.
  ///   - nestedDispatchLimit: How many actions the store's own subscribers, completions and
  ///     reducer may dispatch back into it before it goes idle. Past the limit the store
  ///     reports ``StoreDiagnostic/Kind/feedbackLoop`` once and drops further such actions until
  ///     it is idle (their completions get the current state); actions dispatched from other
  ///     threads are never dropped.
  ///   - diagnostics: Receives every ``StoreDiagnostic``; by default each is printed to
  ///     standard error as one line.
  @inlinable
  public init(
    state: State,
    reducer: some ReducerProtocol<State>,
    name: String? = nil,
    actionNames: ActionTypeNames = .none,
    middleware: [Middleware<State>] = [],
    reducerTimeout: Duration = .seconds(5),
    nestedDispatchLimit: Int = 100_000,
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void = StoreDiagnostic
      .printToStandardError
  ) {
    self.name = name ?? String(describing: Self.self)
    self.actionNames = actionNames
    self.reducerTimeout = reducerTimeout
    self.nestedDispatchLimit = nestedDispatchLimit
    self.execute = { reducer.execute(action: $0, state: $1, finish: $2) }
    self.diagnostics = diagnostics
    self.middleware = middleware
    self.inner = _Locked(_StoreCore(state: state))
  }

  deinit {
    let entries = inner.withLock { $0.subscribers.removeAll() }
    for entry in entries { entry.subscription.markCancelled() }
  }

  // MARK: - Reading

  /// The last committed state.
  ///
  /// Readable at any time from any thread; while a reducer is working, it is the state from
  /// before that action.
  @inlinable
  public final var state: State {
    inner.withLock { $0.state }
  }

  /// The number of subscriptions that are not cancelled.
  @inlinable
  public final var subscriberCount: Int {
    inner.withLock { $0.subscribers.activeCount }
  }

  /// Whether no action is being reduced, notified or waiting in the queue.
  @inlinable
  public final var isIdle: Bool {
    inner.withLock { !$0.isBusy }
  }

  // MARK: - Dispatching

  /// Asks the store to apply `action`.
  ///
  /// When the store is idle and the reducer finishes synchronously, the action is committed
  /// and every subscriber has run when this returns. Otherwise the action waits its turn in a
  /// FIFO queue and this returns at once; it never blocks on a reducer.
  ///
  /// - Parameter action: The action to apply.
  /// - Complexity: O(1) plus the reducer and the subscribers for this action's type.
  @inlinable
  public final func dispatch(_ action: any ActionProtocol) {
    if middleware.isEmpty {
      enqueue(action, completion: nil)
    } else {
      _runMiddleware(from: 0, action, completion: nil)
    }
  }

  /// Asks the store to apply `action`, then calls `completion` with the state committed for
  /// it, after all its subscribers ran.
  ///
  /// - Parameters:
  ///   - action: The action to apply.
  ///   - completion: Called once, on the thread that committed the action.
  @inlinable
  public final func dispatch(
    _ action: any ActionProtocol, completion: @escaping @Sendable (State) -> Void
  ) {
    if middleware.isEmpty {
      enqueue(action, completion: completion)
    } else {
      _runMiddleware(from: 0, action, completion: completion)
    }
  }

  // MARK: - Subscribing

  /// Calls `subscriber` after every action with the action and the state committed for it.
  ///
  /// - Parameter subscriber: Called on the thread that committed the action, in subscription
  ///   order with the store's other subscribers.
  /// - Returns: The subscription; cancel it to stop the calls.
  /// - Complexity: Amortized O(1).
  @inlinable @discardableResult
  public final func subscribe(
    _ subscriber: @escaping @Sendable (any ActionProtocol, State) -> Void
  ) -> Subscription {
    add(types: nil) { _ in subscriber }
  }

  /// Calls `subscriber` after every action whose type is in `types`.
  ///
  /// A dispatch costs nothing for subscribers filtered on other types: they are routed by type.
  ///
  /// - Parameters:
  ///   - types: The action types to receive. An empty set receives nothing.
  ///   - subscriber: Called with the action and the state committed for it.
  /// - Returns: The subscription; cancel it to stop the calls.
  /// - Complexity: Amortized O(k) for k types.
  @inlinable @discardableResult
  public final func subscribe(
    to types: Set<Int>, _ subscriber: @escaping @Sendable (any ActionProtocol, State) -> Void
  ) -> Subscription {
    add(types: types.sorted()) { _ in subscriber }
  }

  /// Calls `subscriber` after every action whose type is one of `types`.
  ///
  /// ```swift
  /// store.subscribe(to: [TodoAction.add, .delete]) { action, state in … }
  /// ```
  ///
  /// - Parameters:
  ///   - types: Cases of an `Int`-backed enum naming the action types to receive.
  ///   - subscriber: Called with the action and the state committed for it.
  /// - Returns: The subscription; cancel it to stop the calls.
  @inlinable @discardableResult
  public final func subscribe<T: RawRepresentable>(
    to types: [T], _ subscriber: @escaping @Sendable (any ActionProtocol, State) -> Void
  ) -> Subscription where T.RawValue == Int {
    subscribe(to: Set(types.map(\.rawValue)), subscriber)
  }

  /// Calls `subscriber` with `owner` after every action (or every action of `types`), for as
  /// long as `owner` lives.
  ///
  /// The store holds `owner` weakly. Once it is gone, the subscription ends at the next action
  /// that would have reached it: it is cancelled and its closure released. This is the usual
  /// way for a view to follow a store without a retain cycle and without cancelling by hand.
  ///
  /// ```swift
  /// store.subscribe(owner: self) { view, action, state in view.render(state) }
  /// ```
  ///
  /// - Parameters:
  ///   - owner: The object whose lifetime bounds the subscription.
  ///   - types: The action types to receive; every type when `nil`.
  ///   - subscriber: Called with the live owner, the action and the committed state.
  /// - Returns: The subscription; it may also be cancelled by hand.
  @inlinable @discardableResult
  public final func subscribe<Owner: AnyObject & Sendable>(
    owner: Owner, to types: Set<Int>? = nil,
    _ subscriber: @escaping @Sendable (Owner, any ActionProtocol, State) -> Void
  ) -> Subscription {
    let weakOwner = _WeakReference(owner)
    return add(types: types?.sorted()) { subscription in
      { action, state in
        guard let owner = weakOwner.object else {
          subscription.cancel()
          return
        }
        subscriber(owner, action, state)
      }
    }
  }

  /// Cancels `subscription` if this store made it; reports
  /// ``StoreDiagnostic/Kind/foreignSubscription`` otherwise.
  ///
  /// Calling it again has no effect.
  ///
  /// - Parameter subscription: A subscription returned by one of this store's `subscribe` calls.
  @inlinable
  public final func unsubscribe(_ subscription: Subscription) {
    guard subscription.isOwned(by: self) else {
      report(
        .foreignSubscription, actionType: nil,
        "unsubscribe was given \(subscription), which another store made; nothing was "
          + "cancelled. Call cancel() on the subscription, or unsubscribe from its own store.")
      return
    }
    subscription.cancel()
  }

  @inlinable
  final func add(
    types: [Int]?,
    makeBody: (Subscription) -> @Sendable (any ActionProtocol, State) -> Void
  ) -> Subscription {
    inner.withLock { core in
      let id = core.subscribers.makeID()
      let subscription = Subscription(owner: self, id: id)
      let entry = _Subscriber(
        id: id, types: types, subscription: subscription, body: makeBody(subscription))
      core.subscribers.add(entry, deferred: core.isNotifying)
      return subscription
    }
  }

  // MARK: - The queue

  @inlinable
  final func enqueue(_ action: any ActionProtocol, completion: (@Sendable (State) -> Void)?) {
    let thread = _currentThreadID()
    var state: State?
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
            dropped = _DroppedFeedback(
              state: core.state, report: firstTrip ? core.feedback.recentTypes : nil)
            return
          }
        }
        core.queue.append(_Pending(action: action, completion: completion))
      } else {
        core.isBusy = true
        state = core.startTurn(actionType: action.type, thread: thread, spareBox: &box)
      }
    }
    if let state {
      run(action, completion, state, spareBox: box.take(), thread: thread)
    } else if let dropped {
      if let types = dropped.report { reportFeedbackLoop(types: types) }
      completion?(dropped.state)
    } else if let reducingType {
      report(
        .dispatchFromReducer, actionType: action.type,
        "dispatched from inside the reducer of action \(actionNames.label(for: reducingType)); "
          + "it was queued and runs next. Reducers should be pure: dispatch from a subscriber, "
          + "a completion or middleware instead.")
    }
  }

  /// Reduces actions on the calling thread until the queue is empty or a reducer goes
  /// asynchronous. The caller owns the queue (`isBusy`) and passes the first action.
  @inlinable
  final func run(
    _ firstAction: any ActionProtocol, _ firstCompletion: (@Sendable (State) -> Void)?,
    _ firstState: State, spareBox: consuming _FinishBox<State>?, thread: UInt
  ) {
    var action = firstAction
    var completion = firstCompletion
    var state = firstState
    // Owned, not borrowed: a reference kept by the caller would defeat the box's reuse.
    var spare = consume spareBox
    while true {
      var box = spare.take() ?? _FinishBox(store: self)
      box.begin(actionType: action.type)
      execute(action, state, Finish(box))
      var outcome = box.reducerReturned(action: action, completion: completion)
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
          &action, &completion, &state, outcome: outcome ?? .released, spareBox: &spare,
          thread: thread)
      else { return }
    }
  }

  /// Resumes the queue on the thread that finished an asynchronous reducer.
  @inlinable
  final func _resume(
    action: any ActionProtocol, completion: (@Sendable (State) -> Void)?,
    outcome: _Outcome<State>
  ) {
    let thread = _currentThreadID()
    var action = action
    var completion = completion
    var state = self.state
    var spare: _FinishBox<State>?
    if complete(
      &action, &completion, &state, outcome: outcome, spareBox: &spare, thread: thread)
    {
      run(action, completion, state, spareBox: spare.take(), thread: thread)
    }
  }

  /// Hands the queue over to whoever calls `finish`, and arms the reducer-timeout watchdog.
  @usableFromInline
  final func awaitFinish(_ box: _FinishBox<State>) {
    let thread = _currentThreadID()
    let watch = reducerTimeout > .zero
    let now = DispatchTime.now().uptimeNanoseconds
    let arm = inner.withLock { core in
      core.endReducer(thread: thread)
      return watch && core.watchdog.watch(box, since: now)
    }
    if arm { armWatchdog(at: now + timeoutNanoseconds) }
  }

  final var timeoutNanoseconds: UInt64 {
    let (seconds, attoseconds) = reducerTimeout.components
    let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !nanoseconds.overflow else { return UInt64.max / 2 }
    return UInt64(clamping: nanoseconds.partialValue + attoseconds / 1_000_000_000)
  }

  /// One pending timer per store at most, however many actions go asynchronous.
  final func armWatchdog(at deadline: UInt64) {
    DispatchQueue.global().asyncAfter(deadline: DispatchTime(uptimeNanoseconds: deadline)) {
      [weak self] in self?.watchdogFired()
    }
  }

  final func watchdogFired() {
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
  final func complete(
    _ action: inout any ActionProtocol, _ completion: inout (@Sendable (State) -> Void)?,
    _ state: inout State, outcome: _Outcome<State>, spareBox: inout _FinishBox<State>?,
    thread: UInt
  ) -> Bool {
    var newState: State?
    var delivered = action
    switch outcome {
    case .state(let state):
      newState = state
    case .failed(let error):
      delivered = RejectedAction(action, error: error)
      report(
        .reducerFailed, actionType: action.type,
        "the reducer failed: \(error). The state was left unchanged. Check the action's "
          + "payload and the state it applies to.", error: error)
    case .released:
      delivered = RejectedAction(action, error: nil)
      report(
        .finishReleasedWithoutCall, actionType: action.type,
        "the reducer let finish go without calling it; the action completed with the state "
          + "unchanged. Call finish on every path, with the same state when nothing changes.")
    }
    var replaced: State?
    var subscribers = _NotificationList<State>()
    let type = action.type
    inner.withLock { core in
      state = core.commit(&newState, replaced: &replaced, actionType: type, into: &subscribers)
    }
    replaced = nil  // the old state is released here, outside the lock
    subscribers.notify(delivered, state)
    subscribers = _NotificationList()  // let go of the snapshot before the round closes
    completion?(state)
    var removed: [_Subscriber<State>] = []
    let hasNext = inner.withLock { core in
      core.endRound(
        &action, &completion, &state, spareBox: &spareBox, removed: &removed, thread: thread)
    }
    removed = []  // cancelled subscribers are released here, outside the lock
    return hasNext
  }

  // MARK: - Diagnostics

  @usableFromInline
  final func reportFeedbackLoop(types: [Int]) {
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
  final func _reportFinishCalledTwice(actionType: Int?, child: String?) {
    let who = child.map { "child reducer '\($0)' called finish" } ?? "finish was called"
    report(
      .finishCalledTwice, actionType: actionType,
      "\(who) again after it had completed; the extra call was ignored. "
        + "Call finish exactly once per action.")
  }

  @usableFromInline
  final func report(
    _ kind: StoreDiagnostic.Kind, actionType: Int?, _ message: String, error: (any Error)? = nil
  ) {
    diagnostics(
      StoreDiagnostic(
        kind: kind, storeName: name, actionType: actionType,
        actionName: actionType.flatMap { actionNames[$0] }, message: message, error: error))
  }
}

extension Store: _SubscriptionOwner {
  @inlinable
  func _cancelSubscription(_ subscription: Subscription) {
    let removed = inner.withLock { core in
      core.subscribers.remove(id: subscription.id, deferred: core.isNotifying)
    }
    _ = consume removed  // the closure is released here, outside the lock
  }
}

/// A weak reference that can cross threads; only the reference itself is shared.
@usableFromInline
final class _WeakReference<Object: AnyObject & Sendable>: @unchecked Sendable {
  @usableFromInline weak var object: Object?
  @inlinable init(_ object: Object) { self.object = object }
}

extension Store {
  /// The slots the subscriber table uses, cancelled holes included. For tests of churn only.
  var _subscriberSlotCount: Int {
    inner.withLock { $0.subscribers.slotCount }
  }
}

extension Store {
  /// The identity of the finish box kept for reuse, if any. For tests of the dispatch path.
  var _spareFinishBoxID: ObjectIdentifier? {
    inner.withLock { $0.spareBox.map(ObjectIdentifier.init) }
  }
}

/// A feedback action the store dropped: the state to give its completion, and the recent types
/// to report when this drop is the first of the drain.
@usableFromInline
struct _DroppedFeedback<State> {
  @usableFromInline let state: State
  @usableFromInline let report: [Int]?

  @inlinable
  init(state: State, report: [Int]?) {
    self.state = state
    self.report = report
  }
}
