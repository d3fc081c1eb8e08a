import Dispatch

/// Adding and cancelling subscribers.
extension _StoreEngine {
  @inlinable
  func add(
    owner: any _SubscriptionOwner, types: [Int]?, ownerLiveness: _OwnerLiveness?,
    makeBody: (Subscription) -> @Sendable (any ActionProtocol, State) -> Void
  ) -> Subscription {
    inner.withLock { core in
      let id = core.subscribers.makeID()
      let subscription = Subscription(owner: owner, id: id)
      let entry = _Subscriber(
        id: id, types: types, subscription: subscription, ownerLiveness: ownerLiveness,
        body: makeBody(subscription))
      core.subscribers.add(entry, deferred: core.isNotifying)
      return subscription
    }
  }

  /// Adds a subscriber and reads the committed state in one critical section: every call the
  /// subscriber then receives is for a commit after the state returned.
  func addReadingState(
    owner: any _SubscriptionOwner, types: [Int]?, ownerLiveness: _OwnerLiveness?,
    _ body: @escaping @Sendable (any ActionProtocol, State) -> Void
  ) -> (Subscription, State) {
    withCommittedState { core, state in
      let id = core.subscribers.makeID()
      let subscription = Subscription(owner: owner, id: id)
      let entry = _Subscriber(
        id: id, types: types, subscription: subscription, ownerLiveness: ownerLiveness,
        body: body)
      core.subscribers.add(entry, deferred: core.isNotifying)
      return (subscription, state)
    }
  }

  /// Cancels every owner-bound subscription whose owner is gone, checking all of them.
  func endSubscriptionsOfFreedOwners() {
    let ownerBound = inner.withLock { $0.subscribers.ownerBound }
    guard !ownerBound.isEmpty else { return }
    Self.endSubscriptions(ofFreedOwnersIn: ownerBound)
  }

  /// Cancels the subscriptions in `entries` whose owner is gone. Runs outside the lock: the
  /// check may drop the last reference to an owner that goes at that moment, whose `deinit`
  /// then runs here; the cancelled entries are released by whoever removes them from the
  /// table, outside the lock too.
  static func endSubscriptions(ofFreedOwnersIn entries: ContiguousArray<_Subscriber<State>>) {
    for entry in entries where entry.ownerIsGone { entry.subscription.cancel() }
  }

  @inlinable
  func cancel(id: UInt64) {
    let removed = inner.withLock { core in
      core.subscribers.remove(id: id, deferred: core.isNotifying)
    }
    _ = consume removed  // the closure is released here, outside the lock
  }
}
