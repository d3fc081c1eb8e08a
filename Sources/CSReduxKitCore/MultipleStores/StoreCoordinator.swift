/// Coordinates the stores of several feature modules: it broadcasts one action to all of them,
/// and lets one module's store follow a selected part of another's state.
///
/// ```swift
/// let coordinator = StoreCoordinator()
/// coordinator.register(todoStore) { action in
///   action.type == AppAction.signOut.rawValue ? Action(TodoAction.reset) : nil
/// }
/// coordinator.register(settingsStore) { action in
///   action.type == AppAction.signOut.rawValue ? Action(SettingsAction.reset) : nil
/// }
/// coordinator.broadcast(Action(AppAction.signOut))  // both modules reset
///
/// coordinator.follow(accountStore, select: { $0.userName }, in: profileStore) { name in
///   Action(ProfileAction.showUser, data: name)
/// }
/// ```
///
/// ## Lifetimes
///
/// The coordinator holds registered stores **weakly**: a module's store lives as long as its
/// module, and a freed store simply drops out of ``storeNames`` and of later broadcasts. A follow
/// holds both of its stores weakly too; it lasts until its subscription is cancelled, either store
/// is freed, or the coordinator is freed (its `deinit` cancels every follow it made). A freed
/// source cancels its subscriptions at once. A freed target ends its follows whether or not the
/// followed value changes again, as an owner-bound subscription ends with its owner (see
/// ``Store/subscribe(owner:to:_:)``): the source's ``Store/subscriberCount`` no longer counts
/// them, and the source releases them by the end of its n-th commit after the target went, n
/// being the number of owner-bound subscriptions and follows it holds; the coordinator's next
/// `follow` call lets go of them too. A screen's store that follows the app's store can so come
/// and go any number of times: the app store's dispatch costs the same after the last screen as
/// before the first. Stores never hold the coordinator, so nothing here forms a retain cycle.
///
/// ## Cross-store dispatch never deadlocks
///
/// The coordinator only ever calls ``Store/dispatch(_:)-(ActionProtocol)``, which never
/// blocks: an action for a store that is busy (reducing, notifying, or inside one of its own subscribers) is queued and
/// runs when that store gets to it. No lock is held while a store, a selection or an action
/// closure runs.
///
/// ## Cycles
///
/// When store A follows B and B follows A with values that never settle, each change would
/// cause another forever. Every action a follow dispatches is a ``CoordinatedAction`` that
/// carries the chain of stores the change went through; a follow that would extend a chain past
/// ``followDepthLimit`` hops drops its action and reports
/// ``StoreDiagnostic/Kind/crossStoreCycle`` to `diagnostics`, naming the stores in the chain.
/// Each store keeps the last state it committed. Follows that settle (the selected values stop
/// changing) are never reported, because a follow dispatches only when its value changed.
/// Chains start afresh from every action that a follow did not dispatch: actions from your code,
/// your own subscribers and ``broadcast(_:)``.
public final class StoreCoordinator: Sendable {
  /// How many hops a chain of follows may take before it is stopped: 8 unless given at creation.
  ///
  /// A change in A that B follows is one hop; C following B makes it two.
  public let followDepthLimit: Int

  let diagnostics: @Sendable (StoreDiagnostic) -> Void
  let inner: _Locked<CoordinatorCore>

  /// Creates a coordinator with no stores.
  ///
  /// - Parameters:
  ///   - followDepthLimit: How many hops a chain of follows may take before it is stopped and
  ///     reported as a cycle; a value below 1 counts as 1.
  ///   - diagnostics: Receives ``StoreDiagnostic/Kind/crossStoreCycle`` reports; by default
  ///     each is printed to standard error as one line.
  public init(
    followDepthLimit: Int = 8,
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void = StoreDiagnostic
      .printToStandardError
  ) {
    self.followDepthLimit = max(followDepthLimit, 1)
    self.diagnostics = diagnostics
    self.inner = _Locked(CoordinatorCore())
  }

  deinit {
    let follows = inner.withLock { core in
      defer { core.follows.removeAll() }
      return core.follows
    }
    for follow in follows { follow.subscription.cancel() }
  }

  // MARK: - Registering

  /// Adds `store` to the stores that receive broadcasts.
  ///
  /// Stores receive each broadcast in registration order. Registering a store again keeps its
  /// place and replaces its `translate` closure. The coordinator holds the store weakly.
  ///
  /// - Parameters:
  ///   - store: A feature module's store.
  ///   - translate: Turns a broadcast action into this store's own action, or returns `nil`
  ///     when the store should not receive it. Modules number their action types
  ///     independently, so an app-wide action such as "sign out" usually maps to each module's
  ///     own reset action. By default the store receives every broadcast action unchanged.
  @inlinable
  public func register<State>(
    _ store: Store<State>,
    translate: @escaping @Sendable (any ActionProtocol) -> (any ActionProtocol)? = { $0 }
  ) {
    // Made here, in the caller's module, so that it is specialized for `State`.
    let deliver: @Sendable (any ActionProtocol) -> Bool? = { [weak store] action in
      guard let store else { return nil }
      guard let translated = translate(action) else { return false }
      let actions = store.declaredActions
      guard !actions.declaresEnums || actions.accepts(translated) else { return false }
      store.dispatch(translated)
      return true
    }
    add(store, name: store.name, deliver: deliver)
  }

  @usableFromInline
  func add(
    _ store: any AnyObject & Sendable, name: String,
    deliver: @escaping @Sendable (any ActionProtocol) -> Bool?
  ) {
    let member = Member(store: store, name: name, deliver: deliver)
    inner.withLock { core in
      core.members.removeAll { $0.reference.object == nil }
      if let index = core.members.firstIndex(where: { $0.reference.object === store }) {
        core.members[index] = member
      } else {
        core.members.append(member)
      }
    }
  }

  /// Removes `store` from the stores that receive broadcasts; does nothing if it is not
  /// registered.
  ///
  /// A broadcast that was already being handed to the stores when this is called may still
  /// reach `store`; later ones do not.
  ///
  /// - Parameter store: A store given to ``register(_:translate:)``.
  public func unregister(_ store: AnyObject) {
    let removed = inner.withLock { core in
      let removed = core.members.filter { $0.reference.object === store }
      core.members.removeAll { $0.reference.object === store || $0.reference.object == nil }
      // A screen going away unregisters its store: the follows it cancelled go too.
      core.follows.removeAll { $0.subscription.isCancelled }
      return removed
    }
    _ = consume removed  // translate closures are released here, outside the lock
  }

  /// The names of the registered stores that are still alive, in registration order.
  public var storeNames: [String] {
    inner.withLock { core in
      core.members.filter { $0.reference.object != nil }.map(\.name)
    }
  }

  // MARK: - Broadcasting

  /// Dispatches `action` to every registered store, in registration order, each through its
  /// `translate` closure.
  ///
  /// Each store queues the action behind its own pending actions, so every store keeps its own
  /// FIFO order. A store that is idle and reduces synchronously commits the action, and its
  /// subscribers run, before the next store receives it.
  ///
  /// Broadcasts are delivered one at a time, in the order they were made, so all stores
  /// receive them in the same order. A broadcast made while another one is being delivered (from
  /// a subscriber, or from another thread) is queued and delivered, by the thread already
  /// delivering, right after the current one has reached every store; that call returns at
  /// once. Otherwise this returns after the action was handed to every store.
  ///
  /// A store receives the action only when it accepts what its `translate` made of it: a
  /// store that declares its ``ActionTypes`` is skipped for an action of another enum, rather
  /// than refusing it with a ``StoreDiagnostic/Kind/foreignAction`` report.
  ///
  /// - Parameter action: The app-wide action, such as "sign out".
  /// - Returns: The names of the stores that received the action, in registration order;
  ///   empty when the broadcast was queued behind one being delivered (see above).
  /// - Complexity: O(n) for n registered stores, plus their reducers and subscribers.
  @discardableResult
  public func broadcast(_ action: any ActionProtocol) -> [String] {
    let cause = currentTraceCause()
    let isDeliverer = inner.withLock { core in
      core.broadcasts.append((action, cause))
      guard !core.isBroadcasting else { return false }
      core.isBroadcasting = true
      return true
    }
    guard isDeliverer else { return [] }
    var hasGone = false
    var receivers: [String] = []
    var isOwn = true
    while let (next, members) = inner.withLock({
      core -> ((action: any ActionProtocol, cause: _TraceCause?), [Member])? in
      // Freed stores are dropped only when a delivery found one: looking at every member's
      // weak reference on every broadcast would cost as much as a dispatch each.
      if hasGone { core.members.removeAll { $0.reference.object == nil } }
      guard !core.broadcasts.isEmpty else {
        core.isBroadcasting = false
        return nil
      }
      return (core.broadcasts.removeFirst(), core.members)
    }) {
      hasGone = false
      withTraceCause(next.cause, .broadcast) {
        for member in members {
          switch member.deliver(next.action) {
          case true?: if isOwn { receivers.append(member.name) }
          case false?: break
          case nil: hasGone = true
          }
        }
      }
      isOwn = false
    }
    return receivers
  }

  // MARK: - Following

  /// Makes `target` follow a part of `source`'s state: whenever the part `select` picks out
  /// changes, `target` receives the action `action` makes from the new value.
  ///
  /// ```swift
  /// coordinator.follow(accountStore, select: { $0.userName }, in: profileStore) { name in
  ///   Action(ProfileAction.showUser, data: name)
  /// }
  /// ```
  ///
  /// - Repeats are skipped: after each commit of `source`, `select` runs on the committing
  ///   thread, and `target` receives an action only when the value differs from the last one
  ///   the follow saw.
  /// - Order: `target` receives the values in the order `source` committed them. When `source`
  ///   commits on another thread while this call is starting, `target` may also receive one
  ///   value from just before the start; it always ends with the latest value.
  /// - The action reaches `target`'s reducer and subscribers as a ``CoordinatedAction`` with the
  ///   same `type` and `data` (read it with `type`, `data` or `payload(as:)`); it carries the
  ///   chain of stores the change went through, for cycle detection (see the type's
  ///   discussion).
  ///
  /// - Parameters:
  ///   - source: The store to follow.
  ///   - select: Picks the followed part out of `source`'s state. Keep it cheap and pure.
  ///   - target: The store that follows.
  ///   - sendsInitialValue: Whether `target` receives the current value at once, so that it
  ///     starts in step with `source`; when `false`, only later changes are sent.
  ///   - action: Makes the action for `target` from a new value.
  /// - Returns: The follow's subscription on `source`; cancel it to stop following.
  @inlinable @discardableResult
  public func follow<Source, Target, Value: Equatable & Sendable>(
    _ source: Store<Source>, select: @escaping @Sendable (Source) -> Value,
    in target: Store<Target>, sendsInitialValue: Bool = true,
    action: @escaping @Sendable (Value) -> any ActionProtocol
  ) -> Subscription {
    // Made here, in the caller's module, so that they are specialized for its types: the link,
    // compiled once in the library, reaches the target and the value only through them. The
    // last value is the follow's own; the link calls `change` under its lock.
    let last = _Locked<Value?>(nil)
    let reference = _WeakReference(target)
    let link = _FollowLink(
      self, source: source, target: target,
      makeAction: { held in action(unsafeDowncast(held, to: _FollowedValue<Value>.self).value) },
      deliver: { make in
        guard let store = reference.object else { return false }
        store.dispatch(coordinated: make())
        return true
      })
    // Subscribe and read the state atomically: later calls are for later commits.
    // Bound to the target like an owner-bound subscription: once the target is gone, the
    // source's sweeps end the follow even if the followed value never changes again.
    let (subscription, initial) = source.subscribeReadingState(boundTo: target) {
      [link] received, state in
      let value = select(state)
      link.sourceCommitted(
        cause: received,
        change: {
          last.withLock { last in
            if let last, last == value { return false }
            last = value
            return true
          }
        },
        make: { action(value) }, hold: { _FollowedValue(value) })
    }
    link.attach(subscription)
    keep(subscription, target: target)
    let value = select(initial)
    link.start(
      sendsInitialValue: sendsInitialValue,
      change: {
        last.withLock { last in
          guard last == nil else { return false }
          last = value
          return true
        }
      },
      make: { action(value) }, hold: { _FollowedValue(value) })
    return subscription
  }

  /// Keeps a follow's subscription, so that the coordinator's `deinit` cancels it, and lets go
  /// of the follows that ended: those cancelled, and those whose target is gone (cancelled
  /// here, at once, rather than at the source's next sweep). The list so holds no more than
  /// the follows alive, plus this one, however many screens came and went.
  @usableFromInline
  func keep(_ subscription: Subscription, target: AnyObject & Sendable) {
    let ended = inner.withLock { core in
      var ended: [Subscription] = []
      core.follows.removeAll { follow in
        guard follow.subscription.isCancelled || follow.target.object == nil else { return false }
        ended.append(follow.subscription)
        return true
      }
      core.follows.append(KeptFollow(subscription: subscription, target: target))
      return ended
    }
    // Outside the lock: cancelling releases the follow's closures.
    for subscription in ended { subscription.cancel() }
  }
}
