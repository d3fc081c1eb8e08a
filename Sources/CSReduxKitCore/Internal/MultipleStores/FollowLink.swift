/// One follow: the last value seen, and an outbox that hands actions to the target in order.
///
/// Inlinable, and made in ``StoreCoordinator/follow(_:select:in:sendsInitialValue:action:)``,
/// which is inlinable too: its code is specialized for the caller's state and value types. Made
/// inside the library's generic code, each hop would look up the type metadata of the link's
/// parts at run time, several times, at many times the cost of the dispatch it makes.
@usableFromInline
final class _FollowLink<Target: StateProtocol, Value: Equatable & Sendable>: Sendable {
  @usableFromInline
  struct Pending: Sendable {
    @usableFromInline let value: Value
    @usableFromInline let route: _FollowRoute
    /// The source's entry behind the value, when a timeline records the source.
    @usableFromInline let cause: _TraceCause?

    @inlinable
    init(value: Value, route: consuming _FollowRoute, cause: consuming _TraceCause? = nil) {
      self.value = value
      self.route = route
      self.cause = cause
    }
  }

  @usableFromInline
  struct Core: Sendable {
    @usableFromInline var hasValue = false
    @usableFromInline var last: Value?
    @usableFromInline var outbox: [Pending] = []
    @usableFromInline var subscription: Subscription?
    /// The route of the last change that came through other follows, and the route this link
    /// made for it: the next change along the same chain reuses it.
    @usableFromInline var lastArrival: _FollowRoute?
    @usableFromInline var lastRoute: _FollowRoute?

    init() {}
  }

  @usableFromInline let sourceName: String
  @usableFromInline let targetName: String
  @usableFromInline let targetActionNames: ActionTypes
  @usableFromInline let depthLimit: Int
  @usableFromInline let diagnostics: @Sendable (StoreDiagnostic) -> Void
  @usableFromInline let makeAction: @Sendable (Value) -> any ActionProtocol
  @usableFromInline let target: _WeakReference<Store<Target>>
  /// The route of a change that starts at the source: source, then target.
  @usableFromInline let startRoute: _FollowRoute
  @usableFromInline let core = _Locked(Core())
  /// 0 while no thread hands actions to the target; else 1 for the thread that does (the
  /// drainer), plus one for each action in the outbox. The drainer that finds nothing queued
  /// leaves with one compare-and-exchange, without the lock.
  ///
  /// Written only under the lock, except by the drainer: a thread holding the lock that reads 0
  /// knows no other thread writes it until it lets the lock go.
  @usableFromInline let handing = _AtomicWord(0)

  @inlinable
  init(
    sourceName: String, target: Store<Target>, depthLimit: Int,
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void,
    makeAction: @escaping @Sendable (Value) -> any ActionProtocol
  ) {
    self.sourceName = sourceName
    self.targetName = target.name
    self.targetActionNames = target.declaredActions
    self.target = _WeakReference(target)
    self.startRoute = _FollowRoute(target.name, after: _FollowRoute(sourceName, after: nil))
    self.depthLimit = depthLimit
    self.diagnostics = diagnostics
    self.makeAction = makeAction
  }

  @inlinable
  func attach(_ subscription: Subscription) {
    core.withLock { $0.subscription = subscription }
  }

  /// Sets the first value, unless a commit of the source already did.
  @inlinable
  func start(_ value: Value, sendsInitialValue: Bool) {
    let first = core.withLock { core -> Pending? in
      guard !core.hasValue else { return nil }
      core.hasValue = true
      core.last = value
      guard sendsInitialValue else { return nil }
      return admit(Pending(value: value, route: startRoute), &core)
    }
    if let first { drain(first) }
  }

  /// Called after each commit of the source, with the selected value and the action behind it.
  @inlinable
  func sourceCommitted(_ value: Value, cause: any ActionProtocol) {
    let arrival = CoordinatedAction.route(of: cause)
    // Stores in the route so far, plus the target; hops are one less.
    let isTooDeep = (arrival?.count ?? 1) > depthLimit
    // Set under the lock when this caller hands the action over; taken out afterwards, so
    // that the drain takes over its route without a copy.
    var first: Pending? = nil
    let changed = core.withLock { core -> Bool in
      guard !core.hasValue || core.last != value else { return false }
      core.hasValue = true
      core.last = value
      guard !isTooDeep else { return true }
      // Made here, not captured: the pending action then takes them over without a copy.
      let route = if let arrival { self.route(after: arrival, &core) } else { startRoute }
      first = admit(Pending(value: value, route: route, cause: _currentTraceCause()), &core)
      return true
    }
    guard changed else { return }
    if isTooDeep {
      reportCycle(path: (arrival?.names ?? [sourceName]) + [targetName], value: value)
    } else if let pending = first.take() {
      drain(pending)
    }
  }

  /// The route of a change that came to the source along `arrival`, on to the target: the
  /// one made last when it came the same way. Called under the lock. Always inlined, as is
  /// `admit`, so that the references they take stay borrowed (docs/performance.md, "Beyond a
  /// dispatch").
  @inlinable @inline(__always)
  func route(after arrival: _FollowRoute, _ core: inout Core) -> _FollowRoute {
    if let last = core.lastRoute, core.lastArrival === arrival { return last }
    let route = _FollowRoute(targetName, after: arrival)
    core.lastArrival = arrival
    core.lastRoute = route
    return route
  }

  /// Queues `pending` behind the outbox; returns it instead when no thread is handing actions
  /// over, and makes the caller the drainer that hands it over (without the round trip through
  /// the outbox). Called under the lock.
  @inlinable @inline(__always)
  func admit(_ pending: consuming Pending, _ core: inout Core) -> Pending? {
    if handing.load() == 0 {
      // No drainer, and the lock keeps other producers out: no other thread writes the word.
      handing.store(1)
      return pending
    }
    if add(1) == 0 { return pending }  // the drainer left in between: no outbox to go behind
    core.outbox.append(pending)
    return nil
  }

  /// Adds `delta` to ``handing``; returns the value it had. Only a contended hand-over calls
  /// it, so it stays out of line.
  @usableFromInline
  func add(_ delta: Int) -> Int {
    var seen = handing.load()
    while true {
      let found = handing.compareExchange(expected: seen, desired: seen + delta)
      if found == seen { return seen }
      seen = found
    }
  }

  /// Hands `first`, then the outbox, to the target, one action at a time; only the drainer
  /// (the caller that `admit` returned an action to) calls it, so one thread at a time does.
  @inlinable
  func drain(_ first: consuming Pending) {
    var pending = first
    while true {
      guard let store = target.object else {
        let subscription = core.withLock { core in
          core.outbox.removeAll()
          handing.store(0)
          return core.subscription
        }
        subscription?.cancel()  // the target is gone: stop following
        return
      }
      hand(consume pending, to: store)
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

  /// Dispatches `pending` to `store`, with the cause a timeline gave it (when there is one)
  /// bound around the dispatch.
  @inlinable @inline(__always)
  func hand(_ pending: consuming Pending, to store: Store<Target>) {
    guard let cause = pending.cause else { return handUntraced(pending, to: store) }
    _withTraceCause(cause, .follow) {
      store.dispatch(CoordinatedAction(makeAction(pending.value), route: pending.route))
    }
  }

  /// Dispatches `pending`, which carries no cause, to `store`. Taken apart at once, the pending
  /// action gives its route over to the dispatched action instead of a copy.
  @inlinable @inline(__always)
  func handUntraced(_ pending: consuming Pending, to store: Store<Target>) {
    let (value, route) = (pending.value, pending.route)
    _ = consume pending
    store.dispatch(coordinated: CoordinatedAction(makeAction(value), route: route))
  }

  @usableFromInline
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

extension Store {
  /// Dispatches a follow's action, taking it over: its route and payload move into the
  /// action's box instead of being copied there and released after.
  @inlinable @inline(__always)
  final func dispatch(coordinated action: consuming CoordinatedAction) {
    engine.dispatch(action, completion: nil)
  }
}
