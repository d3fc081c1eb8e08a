/// One follow: an outbox that hands actions to the target in order.
///
/// Compiled once in the library, for every follow. It never sees the followed value's type:
/// ``StoreCoordinator/follow(_:select:in:sendsInitialValue:action:)``, which is inlinable and
/// so specialized for the caller's types, keeps the last value and compares it, and hands the
/// link closures that do so, that make the target's action and that dispatch it (`deliver`).
/// Only the entry points `follow` calls are published (docs/performance.md, "Inlining where
/// it pays", measures what this costs a hop).
@usableFromInline
final class _FollowLink: Sendable {
  struct Pending: Sendable {
    /// The value, held for the outbox; `nil` for the action the caller hands over at once,
    /// which its own `make` makes.
    let value: (any AnyObject & Sendable)?
    let route: FollowRoute
    /// The source's entry behind the value, when a timeline records the source.
    let cause: _TraceCause?

    init(
      value: (any AnyObject & Sendable)?, route: consuming FollowRoute,
      cause: consuming _TraceCause? = nil
    ) {
      self.value = value
      self.route = route
      self.cause = cause
    }
  }

  struct Core: Sendable {
    var outbox: [Pending] = []
    var subscription: Subscription?
    /// The route of the last change that came through other follows, and the route this link
    /// made for it: the next change along the same chain reuses it.
    var lastArrival: FollowRoute?
    var lastRoute: FollowRoute?

    init() {}
  }

  let sourceName: String
  let targetName: String
  let targetActionNames: ActionTypes
  let depthLimit: Int
  let diagnostics: @Sendable (StoreDiagnostic) -> Void
  /// Makes the target's action from a value this link holds (the follow's `action` closure).
  let makeAction: @Sendable (any AnyObject & Sendable) -> any ActionProtocol
  /// Dispatches the action `make` returns to the target and returns `true`; returns `false`,
  /// without calling `make`, once the target is gone.
  let deliver: @Sendable (_ make: () -> CoordinatedAction) -> Bool
  /// The route of a change that starts at the source: source, then target.
  let startRoute: FollowRoute
  let core = _Locked(Core())
  /// 0 while no thread hands actions to the target; else 1 for the thread that does (the
  /// drainer), plus one for each action in the outbox. The drainer that finds nothing queued
  /// leaves with one compare-and-exchange, without the lock.
  ///
  /// Written only under the lock, except by the drainer: a thread holding the lock that reads 0
  /// knows no other thread writes it until it lets the lock go.
  let handing = _AtomicWord(0)

  @usableFromInline
  init<Source, Target>(
    _ coordinator: StoreCoordinator, source: Store<Source>, target: Store<Target>,
    makeAction: @escaping @Sendable (any AnyObject & Sendable) -> any ActionProtocol,
    deliver: @escaping @Sendable (_ make: () -> CoordinatedAction) -> Bool
  ) {
    self.sourceName = source.name
    self.targetName = target.name
    self.targetActionNames = target.declaredActions
    self.startRoute = FollowRoute(target.name, after: FollowRoute(source.name, after: nil))
    self.depthLimit = coordinator.followDepthLimit
    self.diagnostics = coordinator.diagnostics
    self.makeAction = makeAction
    self.deliver = deliver
  }

  @usableFromInline
  func attach(_ subscription: Subscription) {
    core.withLock { $0.subscription = subscription }
  }

  /// Hands the first value on, when `sendsInitialValue` and no commit of the source did
  /// already (`change` says: it sets the value unless one is set).
  @usableFromInline
  func start(
    sendsInitialValue: Bool, change: () -> Bool, make: () -> any ActionProtocol,
    hold: () -> any AnyObject & Sendable
  ) {
    var first: Pending? = nil
    core.withLock { core in
      guard change(), sendsInitialValue else { return }
      first = admit(route: startRoute, cause: nil, hold, &core)
    }
    if let pending = first.take() { drain(pending, make) }
  }

  /// Called after each commit of the source, with the action behind it. The closures are the
  /// specialized follow's, for the value it selected: `change` records it and says whether it
  /// differs from the last one (called under the link's lock, so that values are recorded in
  /// the order they are handed on), `make` makes the target's action from it, `hold` holds it
  /// in a ``_FollowedValue`` for the outbox (called only when another thread is handing
  /// actions over, so that the usual hop allocates nothing for the value).
  @usableFromInline
  func sourceCommitted(
    cause: any ActionProtocol, change: () -> Bool, make: () -> any ActionProtocol,
    hold: () -> any AnyObject & Sendable
  ) {
    let arrival = CoordinatedAction.route(of: cause)
    // Stores in the route so far, plus the target; hops are one less.
    let isTooDeep = (arrival?.count ?? 1) > depthLimit
    // Set under the lock when this caller hands the action over; taken out afterwards, so
    // that the drain takes over its route without a copy.
    var first: Pending? = nil
    let changed = core.withLock { core -> Bool in
      guard change() else { return false }
      guard !isTooDeep else { return true }
      // Made here, not captured: the pending action then takes them over without a copy.
      let route = if let arrival { self.route(after: arrival, &core) } else { startRoute }
      first = admit(route: route, cause: currentTraceCause(), hold, &core)
      return true
    }
    guard changed else { return }
    if isTooDeep {
      reportCycle(path: (arrival?.names ?? [sourceName]) + [targetName], dropped: make())
    } else if let pending = first.take() {
      drain(pending, make)
    }
  }

  /// The route of a change that came to the source along `arrival`, on to the target: the
  /// one made last when it came the same way. Called under the lock. Always inlined, as is
  /// `admit`, so that the references they take stay borrowed (docs/performance.md, "Beyond a
  /// dispatch").
  @inline(__always)
  func route(after arrival: FollowRoute, _ core: inout Core) -> FollowRoute {
    if let last = core.lastRoute, core.lastArrival === arrival { return last }
    let route = FollowRoute(targetName, after: arrival)
    core.lastArrival = arrival
    core.lastRoute = route
    return route
  }

  /// Returns the pending action of a change when no thread is handing actions over, and
  /// makes the caller the drainer that hands it over (without the round trip through the
  /// outbox); else queues it, its value held by `hold`, behind the outbox. Called under the
  /// lock.
  @inline(__always)
  func admit(
    route: consuming FollowRoute, cause: consuming _TraceCause?,
    _ hold: () -> any AnyObject & Sendable, _ core: inout Core
  ) -> Pending? {
    if handing.load() == 0 {
      // No drainer, and the lock keeps other producers out: no other thread writes the word.
      handing.store(1)
      return Pending(value: nil, route: route, cause: cause)
    }
    // The drainer left in between: no outbox to go behind.
    if add(1) == 0 { return Pending(value: nil, route: route, cause: cause) }
    core.outbox.append(Pending(value: hold(), route: route, cause: cause))
    return nil
  }

  /// Adds `delta` to ``handing``; returns the value it had. Only a contended hand-over calls
  /// it, so it stays out of line.
  @inline(never)
  func add(_ delta: Int) -> Int {
    var seen = handing.load()
    while true {
      let found = handing.compareExchange(expected: seen, desired: seen + delta)
      if found == seen { return seen }
      seen = found
    }
  }

  /// Hands `first`, whose action `make` makes, then the outbox, to the target, one action at
  /// a time; only the drainer (the caller that `admit` returned an action to) calls it, so one
  /// thread at a time does.
  func drain(_ first: consuming Pending, _ make: () -> any ActionProtocol) {
    var pending = first
    while true {
      guard hand(consume pending, make) else {
        let subscription = core.withLock { core in
          core.outbox.removeAll()
          handing.store(0)
          return core.subscription
        }
        subscription?.cancel()  // the target is gone: stop following
        return
      }
      // Nothing queued: leave without the lock. A producer that comes after finds 0.
      if handing.compareExchange(expected: 1, desired: 0) == 1 { return }
      // A producer counted an action: it is in the outbox once its holder lets the lock go.
      guard
        let next = core.withLock({ core -> Pending? in
          guard !core.outbox.isEmpty else {
            handing.store(0)  // not reached: every count above 1 is an action in the outbox
            return nil
          }
          _ = add(-1)
          return core.outbox.removeFirst()
        })
      else { return }
      pending = next
    }
  }

  /// Dispatches `pending` to the target, with the cause a timeline gave it (when there is one)
  /// bound around the dispatch; returns `false` when the target is gone.
  @inline(__always)
  func hand(_ pending: consuming Pending, _ make: () -> any ActionProtocol) -> Bool {
    let (value, route, cause) = (pending.value, pending.route, pending.cause)
    _ = consume pending
    // Captures `route` as a constant, and copies it into the action: a variable it took the
    // route out of would be boxed on the heap and its accesses checked at run time.
    func action() -> CoordinatedAction {
      CoordinatedAction(value.map(makeAction) ?? make(), route: route)
    }
    guard let cause else { return deliver(action) }
    var delivered = false
    withTraceCause(cause, .follow) { delivered = deliver(action) }
    return delivered
  }

  func reportCycle(path: [String], dropped: any ActionProtocol) {
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

/// A followed value held in a follow link's outbox: one reference, which the link hands on
/// without knowing the value's type (an `any Sendable` would copy it through its value
/// witnesses at every step). Made, and read, where the follow is specialized.
@usableFromInline
final class _FollowedValue<Value: Sendable>: Sendable {
  @usableFromInline let value: Value

  @inlinable
  init(_ value: Value) {
    self.value = value
  }
}

extension Store {
  /// Dispatches a follow's action, taking it over: its route and payload move into the
  /// action's box instead of being copied there and released after.
  @inlinable @inline(__always)
  final func dispatch(coordinated action: consuming CoordinatedAction) {
    engine.dispatch(action, completion: nil)
  }
}
