import Dispatch

/// A feature module's store: it keeps the module's state, runs its reducer for one action at a
/// time and tells its subscribers about every change.
///
/// Give each feature module its own store, usually a subclass with its own `init()`:
///
/// ```swift
/// final class TodoStore: Store<TodoState>, @unchecked Sendable {
///   init(diagnostics: StoreDiagnostic.Handler? = nil) {
///     super.init(
///       state: TodoState(), reducer: todoReducer, diagnostics: diagnostics)
///   }
/// }
/// ```
///
/// That is all a subclass writes. `@unchecked Sendable` is the one thing the compiler insists
/// on: `Store` is `Sendable` by its own locking, which the compiler cannot check, and Swift
/// makes every subclass restate such a conformance, because only its author knows that the
/// stored properties it adds are safe to share (add none that change, or guard them). Every
/// other parameter of the base initializer has a default. A module that needs no type of its
/// own can skip the subclass: `typealias TodoStore = Store<TodoState>` with a `convenience
/// init()` in an `extension Store where State == TodoState`.
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
/// - **Reads never wait.** ``state`` returns the last committed state at once, at any time,
///   from any thread, also from inside the reducer or code it calls; while a reducer works, it
///   is the state from before that action. Nothing a reducer does can make a read stop the
///   program.
/// - **In place, without a copy, by choice.** With `stateAccess: .lentToReducer` and a reducer
///   that changes the state in place and cannot fail half-way (an ``InPlaceReducerProtocol``
///   whose `reduce` does not throw, or an ``InPlaceReducer`` made with
///   ``InPlaceReducer/nonThrowing(_:)``), the store lends the reducer its own state instead of keeping it, so copy-on-write
///   storage that nothing else holds is changed where it is: a dispatch costs the same on a
///   10-item array as on a 1,000,000-item one. The trade: meanwhile a read from another thread
///   waits for the commit, and a read from the reducing thread gets the `readsInsideGet` value
///   with a ``StoreDiagnostic/Kind/stateReadWhileLent`` report; see ``StateAccess``.
///
/// No lock is held while the reducer, a subscriber, a completion or the diagnostics handler
/// runs, so all of them may call back into the store.
open class Store<State: StateProtocol>: StoreProtocol, @unchecked Sendable {
  /// The store's name in diagnostics: the `name` given at creation, or the store's type name.
  public let name: String
  /// The actions the store calls its own, which also name the action types in its
  /// diagnostics: the `actions` given at creation.
  public let declaredActions: ActionTypes
  /// How long a reducer may take to call `finish` before the store reports it.
  public let reducerTimeout: Duration
  /// How many actions the store's own subscribers, completions and reducer may dispatch back
  /// into it before it goes idle; past it, the loop is reported and stopped.
  public let nestedDispatchLimit: Int

  /// The queue, the reducer and the subscribers; see `_StoreEngine`.
  @usableFromInline package let engine: _StoreEngine<State>

  /// Creates a store with an initial state and the reducer that transforms it.
  ///
  /// - Parameters:
  ///   - state: The initial state.
  ///   - reducer: The module's reducer.
  ///   - stateAccess: Whether the store keeps its state readable while the reducer works (the
  ///     default, ``StateAccess/alwaysReadable``), or lends it to a non-throwing in-place
  ///     reducer without a copy (``StateAccess/lentToReducer(readsInsideGet:)``), so that
  ///     reads wait meanwhile; see ``StateAccess``.
  ///   - name: The store's name in diagnostics; the store's type name when `nil`.
  ///   - actions: The enums whose actions the store reduces, which also name the action types
  ///     in diagnostics and logs: ``ActionTypes/none`` (the default) reduces every action.
  ///     With enums declared, an action of another enum, or a bare number that is no case of
  ///     them, goes through the middleware but not the reducer, and is reported as
  ///     ``StoreDiagnostic/Kind/foreignAction`` or ``StoreDiagnostic/Kind/unknownActionType``;
  ///     two enums that share a raw value are reported once, here, as
  ///     ``StoreDiagnostic/Kind/overlappingActionTypes``. See ``ActionTypes``.
  ///   - middleware: Steps every dispatched action goes through before the queue, outermost
  ///     first; see ``Middleware``.
  ///   - runsThunks: Whether the store runs each ``Thunk`` that leaves the middleware chain
  ///     (the default). With `false`, a thunk reaches the reducer as an action of type
  ///     ``Thunk/actionType`` and the store reports ``StoreDiagnostic/Kind/thunkNotRun``.
  ///   - dependencies: What the store's effects read through
  ///     ``ThunkContext/dependencies``: the live values unless given others (a test's fakes
  ///     and clock); see ``EffectDependencies``.
  ///   - reducerTimeout: How long a reducer may take to call `finish`, counted from the call
  ///     of the reducer, before the store reports ``StoreDiagnostic/Kind/reducerDidNotFinish``
  ///     (once per action, whether the reducer is still inside its call or returned without
  ///     finishing; the store keeps waiting). The report comes between one and one and a
  ///     quarter timeouts after the call. Zero or less turns the check off.
  ///   - nestedDispatchLimit: How many actions the store's own subscribers, completions and
  ///     reducer may dispatch back into it before it goes idle. Past the limit the store
  ///     reports ``StoreDiagnostic/Kind/feedbackLoop`` once and drops further such actions until
  ///     it is idle (their completions get the current state); actions dispatched from other
  ///     threads are never dropped.
  ///   - diagnostics: Receives every ``StoreDiagnostic``; when `nil` (the default), each is
  ///     printed to standard error as one line (``StoreDiagnostic/printToStandardError``). A
  ///     subclass can take a `StoreDiagnostic.Handler? = nil` parameter and pass it on
  ///     without restating that default.
  @inlinable
  public init(
    state: State,
    reducer: some ReducerProtocol<State>,
    stateAccess: StateAccess<State> = .alwaysReadable,
    name: String? = nil,
    actions: ActionTypes = .none,
    middleware: [Middleware<State>] = [],
    runsThunks: Bool = true,
    dependencies: EffectDependencies = EffectDependencies(),
    reducerTimeout: Duration = .seconds(5),
    nestedDispatchLimit: Int = 100_000,
    diagnostics: StoreDiagnostic.Handler? = nil
  ) {
    let diagnostics = diagnostics ?? StoreDiagnostic.printToStandardError
    let name = name ?? String(describing: Self.self)
    self.name = name
    self.declaredActions = actions
    self.reducerTimeout = reducerTimeout
    self.nestedDispatchLimit = nestedDispatchLimit
    var configuration = _StoreEngine<State>.Configuration()
    configuration.name = name
    configuration.declaredActions = actions
    configuration.middleware = middleware
    configuration.runsThunks = runsThunks
    configuration.reducerTimeout = reducerTimeout
    configuration.nestedDispatchLimit = nestedDispatchLimit
    configuration.stateAccess = stateAccess
    configuration.dependencies = dependencies
    configuration.diagnostics = diagnostics
    self.engine = _StoreEngine(state: state, reducer: reducer, configuration: configuration)
    engine.watchTurns()
  }

  deinit {
    engine.shutDown()
  }

  // MARK: - Reading

  /// The last committed state.
  ///
  /// Returns at once, at any time, from any thread, also from inside the reducer or from code
  /// it calls (a middleware, a thunk, a subscriber of another store): while a reducer is
  /// working, it is the state from before that action. It never waits and never stops the
  /// program.
  ///
  /// A store created with `stateAccess: .lentToReducer` trades this for changes without a
  /// copy: while its non-throwing in-place reducer runs, a read from another thread waits for
  /// the commit and returns the state committed for that action, and a read from the reducing
  /// thread returns the `readsInsideGet` value given there and reports
  /// ``StoreDiagnostic/Kind/stateReadWhileLent``; see ``StateAccess``.
  ///
  /// - Complexity: O(1): one lock, and a copy of the state value (copy-on-write storage is
  ///   shared, not copied).
  @inlinable
  public final var state: State {
    engine.state
  }

  /// The number of subscriptions that are not cancelled and whose owner, if they have one,
  /// is alive.
  ///
  /// Reading it ends the owner-bound subscriptions whose owner is gone (see
  /// ``subscribe(owner:to:_:)`` and ``subscribeOnMainActor(owner:to:_:)``), and the follows
  /// whose target store is gone (see ``StoreCoordinator``), so a view or a screen's store that
  /// went away is never counted: a test can check that they let their subscriptions go.
  ///
  /// - Complexity: O(b) for b owner-bound subscriptions, O(1) when there is none.
  public final var subscriberCount: Int {
    engine.endSubscriptionsOfFreedOwners()
    return engine.inner.withLock { $0.subscribers.activeCount }
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
    engine.dispatch(action, completion: nil)
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
    engine.dispatch(action) { state, _ in completion(state) }
  }

  /// Replaces the whole state with `state`, in its turn in the queue, without calling the
  /// reducer; every subscriber is then notified with a ``StateReplacedAction``.
  ///
  /// For restoring a saved state and for debugging tools such as `ActionLog` time travel, not
  /// for ordinary changes: those belong in actions, so that they can be logged and replayed.
  /// The replacement goes through the store's middleware like any action.
  ///
  /// - Parameters:
  ///   - state: The state the store should hold.
  ///   - reason: Why, for logs and for the action's description.
  ///   - completion: Called with the committed state after every subscriber ran.
  public final func replaceState(
    with state: State, reason: String = "state replaced",
    completion: (@Sendable (State) -> Void)? = nil
  ) {
    var completedWithState: _Completion<State>?
    if let completion { completedWithState = { state, _ in completion(state) } }
    engine.dispatch(
      StateReplacedAction(state: state, reason: reason), completion: completedWithState)
  }

  // MARK: - Subscribing

  /// Calls `subscriber` after every action that `filter` lets through, with the action and the
  /// state committed for it.
  ///
  /// ```swift
  /// store.subscribe { action, state in print(state) }
  /// store.subscribe(to: .cases(TodoAction.add, .delete)) { action, state in }
  /// ```
  ///
  /// A dispatch costs nothing for subscribers filtered on other types: they are routed by type.
  ///
  /// - Parameters:
  ///   - filter: The actions to receive: every type (the default), a list of types such as
  ///     `[1, 2]`, or enum cases such as `.cases(TodoAction.add)`; see ``ActionFilter``.
  ///   - subscriber: Called on the thread that committed the action, in subscription order
  ///     with the store's other subscribers.
  /// - Returns: The subscription; cancel it to stop the calls.
  /// - Complexity: Amortized O(k) for k filtered types, O(1) for every type.
  @inlinable @discardableResult
  public final func subscribe(
    to filter: ActionFilter = .all,
    _ subscriber: @escaping @Sendable (any ActionProtocol, State) -> Void
  ) -> Subscription {
    add(types: filter.types, ownerLiveness: nil) { _ in subscriber }
  }

  /// Calls `subscriber` with `owner` after every action that `filter` lets through, for as
  /// long as `owner` lives.
  ///
  /// The store holds `owner` weakly. This is the usual way for an object used from any thread
  /// to follow a store without a retain cycle and without cancelling by hand. `subscriber`
  /// runs on the committing thread, so it cannot change a `@MainActor` view's properties: a
  /// view, a view controller or a view model uses ``subscribeOnMainActor(owner:to:_:)``
  /// instead.
  ///
  /// ```swift
  /// store.subscribe(owner: self) { view, action, state in view.render(state) }
  /// ```
  ///
  /// Once `owner` is gone, the subscription ends, whether or not another action of `filter`
  /// ever comes: ``subscriberCount`` no longer counts it, and the store cancels it and
  /// releases `subscriber` (and what it captured) at the latest by the end of its n-th commit
  /// of any action after `owner` went, n being the number of owner-bound subscriptions the
  /// store holds at that moment (the next commit when it holds one); reading
  /// ``subscriberCount`` ends it at once; so does the next action that would have reached it.
  ///
  /// - Parameters:
  ///   - owner: The object whose lifetime bounds the subscription.
  ///   - filter: The actions to receive; every type by default.
  ///   - subscriber: Called with the live owner, the action and the committed state.
  /// - Returns: The subscription; it may also be cancelled by hand.
  @inlinable @discardableResult
  public final func subscribe<Owner: AnyObject & Sendable>(
    owner: Owner, to filter: ActionFilter = .all,
    _ subscriber: @escaping @Sendable (Owner, any ActionProtocol, State) -> Void
  ) -> Subscription {
    let weakOwner = _WeakReference(owner)
    return add(types: filter.types, ownerLiveness: _OwnerLiveness(owner)) { subscription in
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
  public final func unsubscribe(_ subscription: Subscription) {
    guard subscription.isOwned(by: self) else {
      engine.report(
        .foreignSubscription, actionType: nil,
        "unsubscribe was given \(subscription), which another store made; nothing was "
          + "cancelled. Call cancel() on the subscription, or unsubscribe from its own store.")
      return
    }
    subscription.cancel()
  }

  @inlinable
  final func add(
    types: [Int]?, ownerLiveness: _OwnerLiveness?,
    makeBody: (Subscription) -> @Sendable (any ActionProtocol, State) -> Void
  ) -> Subscription {
    engine.add(owner: self, types: types, ownerLiveness: ownerLiveness, makeBody: makeBody)
  }
}

extension Store {
  /// Subscribes and returns the state committed at that moment, atomically: the subscriber is
  /// called only for commits after the returned state. For adapters that start from the
  /// current value and then follow changes.
  ///
  /// With `boundTo`, the subscription is owner-bound, like one made with
  /// ``subscribe(owner:to:_:)``: it ends once that object is gone, within a bounded number of
  /// commits, and ``subscriberCount`` never counts it after.
  @usableFromInline
  package func subscribeReadingState(
    to filter: ActionFilter = .all, boundTo owner: AnyObject? = nil,
    _ subscriber: @escaping @Sendable (any ActionProtocol, State) -> Void
  ) -> (Subscription, State) {
    engine.addReadingState(
      owner: self, types: filter.types, ownerLiveness: owner.map { _OwnerLiveness($0) },
      subscriber)
  }
}

extension Store: _SubscriptionOwner {
  @inlinable
  func _cancelSubscription(_ subscription: Subscription) {
    engine.cancelByID(subscription.id)
  }
}
