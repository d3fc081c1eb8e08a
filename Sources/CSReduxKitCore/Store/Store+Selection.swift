extension Store {
  /// Calls `subscriber` when the part of the state that `select` picks changes.
  ///
  /// After each action that `filter` lets through, the store applies `select` to the
  /// committed state and calls `subscriber` only if the result differs (`!=`) from the last
  /// value this subscriber saw. The first comparison is against the value at the time of
  /// subscribing, so a subscriber is not called for a state it already knows.
  ///
  /// ```swift
  /// store.subscribe(select: \.tasks.count) { count, action in
  ///   badge.show(count)
  /// }
  /// ```
  ///
  /// To compare in another way, select a value that compares that way: an identifier rather
  /// than the whole item, a rounded number rather than the exact one.
  ///
  /// `select` runs on the committing thread for every action that reaches the subscriber; keep
  /// it cheap and pure.
  ///
  /// - Parameters:
  ///   - select: Picks the part of the state to follow.
  ///   - filter: The actions to consider; every type by default.
  ///   - subscriber: Receives the new value and the action that changed it.
  /// - Returns: The subscription; cancel it to stop the calls.
  @inlinable @discardableResult
  public final func subscribe<Value: Equatable & Sendable>(
    select: @escaping @Sendable (State) -> Value, to filter: ActionFilter = .all,
    _ subscriber: @escaping @Sendable (_ value: Value, _ action: any ActionProtocol) -> Void
  ) -> Subscription {
    // Inlinable, so that `==` is specialized for `Value`. User code never runs under the
    // store's lock, so the baseline is taken before subscribing; a commit in between is then
    // reported as a change, never missed.
    let memo = _SelectionMemo(select(state))
    return add(types: filter.types, ownerLiveness: nil) { _ in
      { action, state in
        let value = select(state)
        guard memo.last != value else { return }
        memo.last = value
        subscriber(value, action)
      }
    }
  }
}
