extension Store {
  /// How ``updates(of:bufferingPolicy:)`` keeps updates that the consumer has not read yet:
  /// `.unbounded` (the default), `.bufferingNewest(n)` or `.bufferingOldest(n)`.
  public typealias UpdatesBufferingPolicy =
    AsyncStream<StoreUpdate<State>>.Continuation.BufferingPolicy

  /// The store's notifications as an asynchronous sequence of `(action, state)` pairs.
  ///
  /// ```swift
  /// for await (action, state) in store.updates(of: .cases(TodoAction.add)) {
  ///   print("added: \(state.tasks)")
  /// }
  /// ```
  ///
  /// - The subscription starts when this method returns, not when the loop starts: an action
  ///   committed in between is buffered, so creating the sequence first and dispatching after
  ///   never misses anything.
  /// - Elements come in the order the store committed them, one per notification: the same
  ///   `(action, state)` pairs a ``subscribe(to:_:)`` subscriber sees, including
  ///   ``RejectedAction``s.
  /// - Buffering: the store never waits for the consumer. By default every update is kept
  ///   until it is read (`.unbounded`), so nothing is lost; a consumer that only needs the
  ///   latest state, such as a view that redraws, should pass `.bufferingNewest(1)`, which keeps
  ///   the newest update and drops older unread ones. `.bufferingOldest(n)` keeps the first `n`
  ///   unread updates and drops newer ones.
  /// - The subscription is cancelled, and its closure released, when the consuming task is
  ///   cancelled, when the loop ends with `break`, or when the sequence and its iterators are
  ///   released without being read. The sequence finishes when the store is freed.
  /// - A sequence is meant for one consumer; to follow the store from several tasks, make one
  ///   sequence for each.
  ///
  /// - Parameters:
  ///   - filter: The actions to receive; every type by default.
  ///   - bufferingPolicy: What to keep while the consumer is behind.
  /// - Returns: A sequence of the updates committed from now on.
  public final func updates(
    of filter: ActionFilter = .all, bufferingPolicy: UpdatesBufferingPolicy = .unbounded
  ) -> AsyncStream<StoreUpdate<State>> {
    AsyncStream(bufferingPolicy: bufferingPolicy) { continuation in
      let finisher = _StreamFinisher(continuation)
      let subscription = subscribe(to: filter) { action, state in
        finisher.continuation.yield((action: action, state: state))
      }
      continuation.onTermination = { _ in subscription.cancel() }
    }
  }

  /// Dispatches `action` and returns, once its subscribers ran, the state committed for it
  /// and what became of it: applied, failed by the reducer, or never seen by it.
  ///
  /// ```swift
  /// let result = await store.send(Action(TodoAction.add, data: "Work"))
  /// if case .failed(let error) = result.outcome { showError(error) }
  /// show(result.state)
  /// ```
  ///
  /// The action takes its turn in the store's FIFO queue like any other; `send` suspends
  /// without blocking a thread until it is committed. Cancelling the calling task does not
  /// withdraw the action: `send` still returns its result. The outcome is
  /// ``ActionOutcome/applied``, ``ActionOutcome/failed(_:)`` with the reducer's error (the
  /// state is then the unchanged one), ``ActionOutcome/dropped(_:)`` when a middleware did not
  /// pass the action on or the store's feedback limit dropped it, and for a ``Thunk``
  /// ``ActionOutcome/thunkRan`` or ``ActionOutcome/effectStarted`` with the state at that
  /// moment. There is no "store gone" outcome: the call holds the store until the action
  /// completes. If the reducer never calls `finish`, `send` never returns (the store reports
  /// ``StoreDiagnostic/Kind/reducerDidNotFinish``).
  ///
  /// Two `send`s awaited one after the other are applied in that order; `send`s from
  /// concurrent tasks are applied in the order they reach the store.
  ///
  /// - Parameter action: The action to apply.
  /// - Returns: The committed state and the action's outcome.
  @discardableResult
  public final func send(_ action: any ActionProtocol) async -> SendResult<State> {
    await withCheckedContinuation { continuation in
      engine.dispatch(action) { state, outcome in
        continuation.resume(returning: SendResult(state: state, outcome: outcome))
      }
    }
  }

  /// Calls `subscriber` on the main actor after every action that `filter` lets through, in
  /// the order the store committed them.
  ///
  /// ```swift
  /// store.subscribeOnMainActor(to: .cases(TodoAction.add)) { [weak view] _, state in
  ///   view?.show(state.tasks)  // main-actor isolated: UI code is safe here
  /// }
  /// ```
  ///
  /// For a view, a view controller or a view model, prefer
  /// ``subscribeOnMainActor(owner:to:_:)``: the subscription then ends with its owner.
  ///
  /// - Order: every notification is delivered once, in commit order, whichever threads the
  ///   actions were dispatched and committed on; the store's main-actor subscribers share one
  ///   queue, so a commit made on another thread and still on its way is delivered before a
  ///   later one made on the main actor.
  /// - Timing: for an action committed on the main actor (on the main dispatch queue, its
  ///   executor), `subscriber` runs right away, among the store's other subscribers, so it has
  ///   run when that `dispatch` returns: `store.dispatch(a)` followed by reading the view shows
  ///   `a`'s effect. For an action committed elsewhere, it runs on a later turn of the main
  ///   queue, which must be served: an app's run loop, or an `async` `main` (or
  ///   `dispatchMain()`) in a tool. An action dispatched from inside a main-actor subscriber is
  ///   delivered after the current delivery returns, not inside it.
  /// - Cancellation: once ``Subscription/cancel()`` returns on the main actor, the subscriber
  ///   is not called again, not even for updates already on their way to the main queue.
  ///
  /// - Parameters:
  ///   - filter: The actions to receive; every type by default.
  ///   - subscriber: Called on the main actor with the action and the state committed for it.
  /// - Returns: The subscription; cancel it to stop the calls.
  @discardableResult
  public final func subscribeOnMainActor(
    to filter: ActionFilter = .all,
    _ subscriber: @escaping @MainActor @Sendable (any ActionProtocol, State) -> Void
  ) -> Subscription {
    addOnMainActor(
      filter, ownerLiveness: nil,
      _MainActorSubscriber { action, state in
        subscriber(action, state)
        return true
      })
  }

  /// Calls `subscriber` with `owner` on the main actor after every action that `filter` lets
  /// through, for as long as `owner` lives: the way a view, a view controller or a view model
  /// follows a store.
  ///
  /// ```swift
  /// @MainActor final class TaskListController {
  ///   var text = ""
  ///
  ///   init(store: TodoStore) {
  ///     store.subscribeOnMainActor(owner: self) { controller, _, state in
  ///       controller.text = state.tasks.joined(separator: ", ")
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// `owner` need not be `Sendable` and `subscriber` need not be `@Sendable`: both stay on the
  /// main actor. Deliveries follow the rules of ``subscribeOnMainActor(to:_:)``: in commit
  /// order, each commit once, and before `dispatch` returns when the action was committed on
  /// the main actor.
  ///
  /// The store holds `owner` weakly and never calls it off the main actor. Once `owner` is
  /// gone, the subscription ends, whether or not another action of `filter` ever comes:
  /// ``subscriberCount`` no longer counts it, and the store cancels it at the latest by the end
  /// of its n-th commit of any action after `owner` went, n being the number of owner-bound
  /// subscriptions the store holds at that moment (the next commit when it holds one); reading
  /// ``subscriberCount`` ends it at once; so does the next delivery that would have reached
  /// it. `subscriber` (and what it captured) is then released on the main actor: at once when
  /// the subscription ends there, on a later turn of the main queue otherwise.
  ///
  /// To tell whether the owner is gone, the store loads its weak reference on the thread that
  /// commits or reads ``subscriberCount``; when the last other reference to the owner goes at
  /// that very moment, the owner's `deinit` runs on that thread, as a nonisolated `deinit` may
  /// (an `isolated deinit` still runs on the main actor).
  ///
  /// - Parameters:
  ///   - owner: The object whose lifetime bounds the subscription.
  ///   - filter: The actions to receive; every type by default.
  ///   - subscriber: Called on the main actor with the live owner, the action and the state
  ///     committed for it.
  /// - Returns: The subscription; it may also be cancelled by hand.
  @MainActor @discardableResult
  public final func subscribeOnMainActor<Owner: AnyObject>(
    owner: Owner, to filter: ActionFilter = .all,
    _ subscriber: @escaping @MainActor (Owner, any ActionProtocol, State) -> Void
  ) -> Subscription {
    addOnMainActor(
      filter, ownerLiveness: _OwnerLiveness(owner),
      _MainActorSubscriber { [weak owner] action, state in
        guard let owner else { return false }
        subscriber(owner, action, state)
        return true
      })
  }

  /// Adds a plain subscriber that queues each notification for `subscriber` in the shared
  /// main-actor FIFO, on the committing thread, in commit order. For a store a timeline
  /// records, the delivery carries the entry being notified, the cause of what `subscriber`
  /// dispatches; other stores check one flag.
  final func addOnMainActor(
    _ filter: ActionFilter, ownerLiveness: _OwnerLiveness?,
    _ subscriber: _MainActorSubscriber<State>
  ) -> Subscription {
    // The flag, not the engine: the engine holds this subscriber.
    let traceFlag = engine.traceFlag
    return add(types: filter.types, ownerLiveness: ownerLiveness) { subscription in
      { action, state in
        let cause = traceFlag.load() != 0 ? currentTraceCause() : nil
        _MainActorDeliveries.shared.append {
          withTraceCause(cause, .subscriber) {
            subscriber.deliver(action, state, subscription)
          }
        }
      }
    }
  }
}
