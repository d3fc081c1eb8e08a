import Dispatch

/// One notification of a store: an action and the state committed for it.
///
/// The elements of ``Store/updates(of:bufferingPolicy:)-(Set<Int>?,_)``; destructure them in the loop:
/// `for await (action, state) in store.updates() { … }`.
public typealias StoreUpdate<State: StateProtocol> = (action: any ActionProtocol, state: State)

extension Store {
  /// How ``updates(of:bufferingPolicy:)-(Set<Int>?,_)`` keeps updates that the consumer has not read yet:
  /// `.unbounded` (the default), `.bufferingNewest(n)` or `.bufferingOldest(n)`.
  public typealias UpdatesBufferingPolicy =
    AsyncStream<StoreUpdate<State>>.Continuation.BufferingPolicy

  /// The store's notifications as an asynchronous sequence of `(action, state)` pairs.
  ///
  /// ```swift
  /// for await (action, state) in store.updates(of: [TodoAction.add.rawValue]) {
  ///   print("added: \(state.tasks)")
  /// }
  /// ```
  ///
  /// - The subscription starts when this method returns, not when the loop starts: an action
  ///   committed in between is buffered, so creating the sequence first and dispatching after
  ///   never misses anything.
  /// - Elements come in the order the store committed them, one per notification: the same
  ///   `(action, state)` pairs a ``subscribe(_:)`` subscriber sees, including
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
  ///   - types: The action types to receive; every type when `nil`.
  ///   - bufferingPolicy: What to keep while the consumer is behind.
  /// - Returns: A sequence of the updates committed from now on.
  public final func updates(
    of types: Set<Int>? = nil, bufferingPolicy: UpdatesBufferingPolicy = .unbounded
  ) -> AsyncStream<StoreUpdate<State>> {
    AsyncStream(bufferingPolicy: bufferingPolicy) { continuation in
      let finisher = _StreamFinisher(continuation)
      let body: @Sendable (any ActionProtocol, State) -> Void = { action, state in
        finisher.continuation.yield((action: action, state: state))
      }
      let subscription = types.map { subscribe(to: $0, body) } ?? subscribe(body)
      continuation.onTermination = { _ in subscription.cancel() }
    }
  }

  /// The store's notifications for action types given as cases of an `Int`-backed enum; see
  /// ``updates(of:bufferingPolicy:)``.
  ///
  /// - Parameters:
  ///   - types: Cases naming the action types to receive.
  ///   - bufferingPolicy: What to keep while the consumer is behind.
  /// - Returns: A sequence of the updates committed from now on.
  public final func updates<T: RawRepresentable>(
    of types: [T], bufferingPolicy: UpdatesBufferingPolicy = .unbounded
  ) -> AsyncStream<StoreUpdate<State>> where T.RawValue == Int {
    updates(of: Set(types.map(\.rawValue)), bufferingPolicy: bufferingPolicy)
  }

  /// Dispatches `action` and returns the state committed for it, once its subscribers ran.
  ///
  /// ```swift
  /// let state = await store.send(Action(TodoAction.add, data: "Work"))
  /// ```
  ///
  /// The action takes its turn in the store's FIFO queue like any other; `send` suspends
  /// without blocking a thread until it is committed. Cancelling the calling task does not
  /// withdraw the action: `send` still returns its state. When the reducer fails the action,
  /// the returned state is the unchanged one. If the reducer never calls `finish`, `send` never
  /// returns (the store reports ``StoreDiagnostic/Kind/reducerDidNotFinish``).
  ///
  /// Two `send`s awaited one after the other are applied in that order; `send`s from
  /// concurrent tasks are applied in the order they reach the store.
  ///
  /// - Parameter action: The action to apply.
  /// - Returns: The state committed for `action`.
  @discardableResult
  public final func send(_ action: any ActionProtocol) async -> State {
    await withCheckedContinuation { continuation in
      dispatch(action) { state in continuation.resume(returning: state) }
    }
  }

  /// Calls `subscriber` on the main actor after every action (or every action of `types`),
  /// in the order the store committed them.
  ///
  /// ```swift
  /// store.subscribeOnMainActor(to: [TodoAction.add.rawValue]) { [weak view] _, state in
  ///   view?.show(state.tasks)  // main-actor isolated: UI code is safe here
  /// }
  /// ```
  ///
  /// - Order: every notification is delivered, in commit order, whichever threads the actions
  ///   were dispatched and committed on.
  /// - Timing: always asynchronous, through the main dispatch queue (the main actor's
  ///   executor), even for an action committed on the main thread: the subscriber runs on a
  ///   later turn of the main queue, never inside the `dispatch` call. The main queue must be
  ///   served: an app's run loop, or an `async` `main` (or `dispatchMain()`) in a tool.
  /// - Cancellation: once ``Subscription/cancel()`` returns on the main actor, the subscriber
  ///   is not called again, not even for updates already on their way to the main queue.
  ///
  /// - Parameters:
  ///   - types: The action types to receive; every type when `nil`.
  ///   - subscriber: Called on the main actor with the action and the state committed for it.
  /// - Returns: The subscription; cancel it to stop the calls.
  @discardableResult
  public final func subscribeOnMainActor(
    to types: Set<Int>? = nil,
    _ subscriber: @escaping @MainActor @Sendable (any ActionProtocol, State) -> Void
  ) -> Subscription {
    let handle = _SubscriptionHandle()
    let body: @Sendable (any ActionProtocol, State) -> Void = { action, state in
      DispatchQueue.main.async {
        MainActor.assumeIsolated {
          guard !handle.isCancelled else { return }
          subscriber(action, state)
        }
      }
    }
    let subscription = types.map { subscribe(to: $0, body) } ?? subscribe(body)
    handle.attach(subscription)
    return subscription
  }

  /// Calls `subscriber` on the main actor after every action whose type is one of `types`; see
  /// ``subscribeOnMainActor(to:_:)``.
  ///
  /// - Parameters:
  ///   - types: Cases of an `Int`-backed enum naming the action types to receive.
  ///   - subscriber: Called on the main actor with the action and the state committed for it.
  /// - Returns: The subscription; cancel it to stop the calls.
  @discardableResult
  public final func subscribeOnMainActor<T: RawRepresentable>(
    to types: [T],
    _ subscriber: @escaping @MainActor @Sendable (any ActionProtocol, State) -> Void
  ) -> Subscription where T.RawValue == Int {
    subscribeOnMainActor(to: Set(types.map(\.rawValue)), subscriber)
  }
}

/// Finishes a stream when the store lets the subscriber closure that holds it go: on
/// cancellation, or when the store is freed.
final class _StreamFinisher<Element>: Sendable {
  let continuation: AsyncStream<Element>.Continuation

  init(_ continuation: AsyncStream<Element>.Continuation) {
    self.continuation = continuation
  }

  deinit {
    continuation.finish()
  }
}

/// The subscription a deferred delivery checks before it calls the subscriber. Until the
/// subscription is attached, nobody can have cancelled it.
final class _SubscriptionHandle: Sendable {
  private let subscription = _Locked<Subscription?>(nil)

  func attach(_ subscription: Subscription) {
    self.subscription.withLock { $0 = subscription }
  }

  var isCancelled: Bool {
    subscription.withLock { $0?.isCancelled ?? false }
  }
}
