/// The coordinator's mutable parts, behind its lock.
struct CoordinatorCore: Sendable {
  var members: [Member] = []
  /// Broadcasts to deliver, each with the cause it was made under (for a timeline).
  var broadcasts: [(action: any ActionProtocol, cause: _TraceCause?)] = []
  var isBroadcasting = false
  var follows: [KeptFollow] = []

  init() {}
}

/// A follow the coordinator made: its subscription on the source, and its target, held weakly,
/// to tell when the follow has ended.
struct KeptFollow: Sendable {
  let subscription: Subscription
  let target: _WeakReference<any AnyObject & Sendable>

  init(subscription: Subscription, target: any AnyObject & Sendable) {
    self.subscription = subscription
    self.target = _WeakReference(target)
  }
}
