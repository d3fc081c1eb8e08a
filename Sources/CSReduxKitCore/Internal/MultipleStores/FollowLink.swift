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
