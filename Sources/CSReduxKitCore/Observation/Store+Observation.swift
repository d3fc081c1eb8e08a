#if canImport(Observation)
  import Observation

  /// A selected part of a store's state as an `@Observable` value, for SwiftUI views and other
  /// main-actor code that uses Observation, from macOS 14 and iOS 17; ``StoreViewModel`` works
  /// from macOS 13 and iOS 16.
  ///
  /// ```swift
  /// @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  /// @MainActor struct TaskCountView: View {
  ///   @State var count = StoreObservation(todoStore) { $0.tasks.count }
  ///   var body: some View { Text("\(count.value) tasks") }
  /// }
  /// ```
  ///
  /// - ``value`` starts as the selection of the store's current state and changes on the main
  ///   actor, only when the selected part changed: observers (SwiftUI, or
  ///   `withObservationTracking`) are not told about actions that leave it equal.
  /// - `select` runs on the thread that committed each action, right after the commit; the
  ///   new value then reaches the main actor like a
  ///   ``Store/subscribeOnMainActor(to:_:)`` delivery, in commit order: at once
  ///   when the action was committed on the main actor (``value`` shows it when `dispatch`
  ///   returns), on a later turn of the main queue otherwise. SwiftUI redraws on its own schedule after ``value``
  ///   changed; the observation cannot make a redraw synchronous, and does not need to: a
  ///   view's next `body` reads the new value. The observation subscribes and reads its first
  ///   value in one step,
  ///   so ``value`` never goes back to an older state, even when the store commits on another
  ///   thread while the observation is being created.
  /// - It holds the store's subscription, not the store; the store holds it weakly. Let the
  ///   observation go and its subscription is cancelled.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  @Observable
  public final class StoreObservation<State: StateProtocol, Value: Equatable & Sendable> {
    /// The selected part of the store's last committed state, as the main actor has seen it.
    public private(set) var value: Value

    @ObservationIgnored private let subscription: Subscription

    /// Starts following the part of `store`'s state that `select` picks out.
    ///
    /// - Parameters:
    ///   - store: The store to follow.
    ///   - select: Picks the followed part out of the state; runs on the committing thread, so
    ///     keep it cheap and pure. A key path such as `\.tasks.count` works too.
    @inlinable
    public convenience init(
      _ store: Store<State>, select: @escaping @Sendable (State) -> Value
    ) {
      // Inlinable, so that the closure below, which runs for every commit, is specialized for
      // the caller's types: made inside the library, it would call `select` and `==` through
      // generic code, at several times the cost of the selection itself. Repeats are skipped
      // there, without a lock: a store notifies one round at a time.
      let relay = _ObservationRelay<State, Value>()
      let memo = _SelectionMemo<Value?>(nil)
      // Subscribe and read the state atomically: every value relayed is from a later commit.
      let (subscription, state) = store.subscribeReadingState { _, state in
        let value = select(state)
        if let last = memo.last, last == value { return }
        memo.last = value
        relay.committed(value)
      }
      self.init(subscription: subscription, value: select(state), relay: relay)
    }

    @usableFromInline
    init(subscription: Subscription, value: Value, relay: _ObservationRelay<State, Value>) {
      self.subscription = subscription
      self.value = value
      relay.attach(self)
    }

    /// Whether the observation still follows the store: `false` once the store was freed.
    public var isFollowing: Bool { !subscription.isCancelled }

    deinit {
      subscription.cancel()
    }

    func receive(_ newValue: Value) {
      guard newValue != value else { return }
      value = newValue
    }
  }

  /// Carries new values from the committing thread to the observation on the main actor; the
  /// observation's subscriber skips repeats before it calls `committed`.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @usableFromInline
  final class _ObservationRelay<State: StateProtocol, Value: Equatable & Sendable>: Sendable {
    private struct Core {
      weak var observation: StoreObservation<State, Value>?
    }

    private let core = _Locked(Core())

    @usableFromInline
    init() {}

    func attach(_ observation: StoreObservation<State, Value>) {
      core.withLock { $0.observation = observation }
    }

    @usableFromInline
    func committed(_ value: Value) {
      // The store's main-actor deliveries: in commit order, and before `dispatch` returns when
      // the action was committed on the main actor.
      _MainActorDeliveries.shared.append { [self] in
        let observation = core.withLock { $0.observation }
        observation?.receive(value)
      }
    }
  }
#endif
