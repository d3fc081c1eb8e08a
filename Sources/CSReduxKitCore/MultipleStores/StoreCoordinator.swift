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
/// is freed, or the coordinator is freed (its `deinit` cancels every follow it made). Stores never
/// hold the coordinator, so nothing here forms a retain cycle.
///
/// ## Cross-store dispatch never deadlocks
///
/// The coordinator only ever calls ``Store/dispatch(_:)``, which never blocks: an action for a
/// store that is busy (reducing, notifying, or inside one of its own subscribers) is queued and
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
  let inner: _Locked<_CoordinatorCore>

  /// Creates a coordinator with no stores.
  ///
  /// - Parameters:
  ///   - followDepthLimit: How many hops a chain of follows may take before it is stopped and
  ///     reported as a cycle; at least 1.
  ///   - diagnostics: Receives ``StoreDiagnostic/Kind/crossStoreCycle`` reports; by default
  ///     each is printed to standard error as one line.
  public init(
    followDepthLimit: Int = 8,
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void = StoreDiagnostic
      .printToStandardError
  ) {
    precondition(followDepthLimit >= 1, "followDepthLimit must be at least 1")
    self.followDepthLimit = followDepthLimit
    self.diagnostics = diagnostics
    self.inner = _Locked(_CoordinatorCore())
  }

  deinit {
    let follows = inner.withLock { core in
      defer { core.follows.removeAll() }
      return core.follows
    }
    for follow in follows { follow.cancel() }
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
  public func register<State>(
    _ store: Store<State>,
    translate: @escaping @Sendable (any ActionProtocol) -> (any ActionProtocol)? = { $0 }
  ) {
    let member = _Member(store: store, translate: translate)
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
  /// - Parameter action: The app-wide action, such as "sign out".
  /// - Complexity: O(n) for n registered stores, plus their reducers and subscribers.
  public func broadcast(_ action: any ActionProtocol) {
    let isDeliverer = inner.withLock { core in
      core.broadcasts.append(action)
      guard !core.isBroadcasting else { return false }
      core.isBroadcasting = true
      return true
    }
    guard isDeliverer else { return }
    while let (next, members) = inner.withLock({ core -> (any ActionProtocol, [_Member])? in
      guard !core.broadcasts.isEmpty else {
        core.isBroadcasting = false
        return nil
      }
      core.members.removeAll { $0.reference.object == nil }
      return (core.broadcasts.removeFirst(), core.members)
    }) {
      for member in members { member.deliver(next) }
    }
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
  @discardableResult
  public func follow<Source, Target, Value: Equatable & Sendable>(
    _ source: Store<Source>, select: @escaping @Sendable (Source) -> Value,
    in target: Store<Target>, sendsInitialValue: Bool = true,
    action: @escaping @Sendable (Value) -> any ActionProtocol
  ) -> Subscription {
    let link = _FollowLink(
      sourceName: source.name, target: target, depthLimit: followDepthLimit,
      diagnostics: diagnostics, makeAction: action)
    // Subscribe and read the state atomically: later calls are for later commits.
    let (subscription, initial) = source._subscribeReadingState { [link] received, state in
      link.sourceCommitted(select(state), cause: received)
    }
    link.attach(subscription)
    inner.withLock { core in
      core.follows.removeAll(where: \.isCancelled)
      core.follows.append(subscription)
    }
    link.start(select(initial), sendsInitialValue: sendsInitialValue)
    return subscription
  }
}

/// The coordinator's mutable parts, behind its lock.
struct _CoordinatorCore {
  var members: [_Member] = []
  var broadcasts: [any ActionProtocol] = []
  var isBroadcasting = false
  var follows: [Subscription] = []
}

/// A registered store and how it receives broadcasts.
struct _Member: Sendable {
  let reference: _WeakReference<any AnyObject & Sendable>
  let name: String
  let deliver: @Sendable (any ActionProtocol) -> Void

  init<State>(
    store: Store<State>,
    translate: @escaping @Sendable (any ActionProtocol) -> (any ActionProtocol)?
  ) {
    reference = _WeakReference<any AnyObject & Sendable>(store)
    name = store.name
    deliver = { [weak store] action in
      guard let store, let translated = translate(action) else { return }
      store.dispatch(translated)
    }
  }
}

/// One follow: the last value seen, and an outbox that hands actions to the target in order.
final class _FollowLink<Target: StateProtocol, Value: Equatable & Sendable>: Sendable {
  struct Pending: Sendable {
    let value: Value
    let path: [String]
  }

  struct Core: Sendable {
    var hasValue = false
    var last: Value?
    var outbox: [Pending] = []
    var isDraining = false
    var subscription: Subscription?
  }

  let sourceName: String
  let targetName: String
  let targetActionNames: ActionTypeNames
  let depthLimit: Int
  let diagnostics: @Sendable (StoreDiagnostic) -> Void
  let makeAction: @Sendable (Value) -> any ActionProtocol
  let target: _WeakReference<any AnyObject & Sendable>
  let core = _Locked(Core())

  init(
    sourceName: String, target: Store<Target>, depthLimit: Int,
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void,
    makeAction: @escaping @Sendable (Value) -> any ActionProtocol
  ) {
    self.sourceName = sourceName
    self.targetName = target.name
    self.targetActionNames = target.actionNames
    self.target = _WeakReference<any AnyObject & Sendable>(target)
    self.depthLimit = depthLimit
    self.diagnostics = diagnostics
    self.makeAction = makeAction
  }

  func attach(_ subscription: Subscription) {
    core.withLock { $0.subscription = subscription }
  }

  /// Sets the first value, unless a commit of the source already did.
  func start(_ value: Value, sendsInitialValue: Bool) {
    let shouldDrain = core.withLock { core -> Bool in
      guard !core.hasValue else { return false }
      core.hasValue = true
      core.last = value
      guard sendsInitialValue else { return false }
      core.outbox.append(Pending(value: value, path: [sourceName, targetName]))
      return true
    }
    if shouldDrain { drain() }
  }

  /// Called after each commit of the source, with the selected value and the action behind it.
  func sourceCommitted(_ value: Value, cause: any ActionProtocol) {
    let path = (CoordinatedAction.path(of: cause) ?? [sourceName]) + [targetName]
    let isTooDeep = path.count - 1 > depthLimit
    let changed = core.withLock { core -> Bool in
      guard !core.hasValue || core.last != value else { return false }
      core.hasValue = true
      core.last = value
      if !isTooDeep { core.outbox.append(Pending(value: value, path: path)) }
      return true
    }
    guard changed else { return }
    if isTooDeep {
      reportCycle(path: path, value: value)
    } else {
      drain()
    }
  }

  /// Hands the outbox to the target, one action at a time, on one thread at a time.
  func drain() {
    let isDrainer = core.withLock { core -> Bool in
      guard !core.isDraining else { return false }
      core.isDraining = true
      return true
    }
    guard isDrainer else { return }
    while let pending = core.withLock({ core -> Pending? in
      guard !core.outbox.isEmpty else {
        core.isDraining = false
        return nil
      }
      return core.outbox.removeFirst()
    }) {
      guard let store = target.object as? Store<Target> else {
        let subscription = core.withLock { core in
          core.outbox.removeAll()
          return core.subscription
        }
        subscription?.cancel()  // the target is gone: stop following
        continue
      }
      store.dispatch(CoordinatedAction(makeAction(pending.value), path: pending.path))
    }
  }

  func reportCycle(path: [String], value: Value) {
    let dropped = makeAction(value)
    let hops = path.count - 1
    diagnostics(
      StoreDiagnostic(
        kind: .crossStoreCycle, storeName: targetName, actionType: dropped.type,
        actionName: targetActionNames[dropped.type],
        message: "stores that follow each other kept dispatching to one another: "
          + path.joined(separator: " -> ")
          + " (\(hops) hops, more than the limit of \(depthLimit)); the action for "
          + "\(targetName) was dropped and each store keeps the last state it committed. Make "
          + "the follows settle (a follow's action should not change the value its own store "
          + "follows back), or remove one of them."))
  }
}
