extension Store {
  /// Calls `subscriber` when the part of the state that `select` picks changes.
  ///
  /// After each action (of `types`, when given) the store applies `select` to the committed
  /// state and calls `subscriber` only if the result differs from the last value this
  /// subscriber saw. The first comparison is against the value at the time of subscribing, so
  /// a subscriber is not called for a state it already knows.
  ///
  /// ```swift
  /// store.subscribe(select: \.tasks.count) { count, action in
  ///   badge.show(count)
  /// }
  /// ```
  ///
  /// `select` runs on the committing thread for every action that reaches the subscriber; keep
  /// it cheap and pure.
  ///
  /// - Parameters:
  ///   - select: Picks the part of the state to follow.
  ///   - types: The action types to consider; every type when `nil`.
  ///   - subscriber: Receives the new value and the action that changed it.
  /// - Returns: The subscription; cancel it to stop the calls.
  @inlinable @discardableResult
  public final func subscribe<Value: Equatable & Sendable>(
    select: @escaping @Sendable (State) -> Value, to types: Set<Int>? = nil,
    _ subscriber: @escaping @Sendable (_ value: Value, _ action: any ActionProtocol) -> Void
  ) -> Subscription {
    // The same as passing `isEqual: ==`, with `==` called directly rather than through a
    // closure, so it is specialized for `Value`.
    let memo = _SelectionMemo(select(state))
    return add(types: types?.sorted()) { _ in
      { action, state in
        let value = select(state)
        guard memo.last != value else { return }
        memo.last = value
        subscriber(value, action)
      }
    }
  }

  /// Calls `subscriber` when the part of the state that `select` picks changes, as decided by
  /// `isEqual`.
  ///
  /// Use it for values that are not `Equatable`, or to compare loosely (for example by
  /// identifier, or within a tolerance).
  ///
  /// - Parameters:
  ///   - select: Picks the part of the state to follow.
  ///   - isEqual: Returns `true` when two values count as the same, so no call is made.
  ///   - types: The action types to consider; every type when `nil`.
  ///   - subscriber: Receives the new value and the action that changed it.
  /// - Returns: The subscription; cancel it to stop the calls.
  @inlinable @discardableResult
  public final func subscribe<Value: Sendable>(
    select: @escaping @Sendable (State) -> Value,
    isEqual: @escaping @Sendable (Value, Value) -> Bool, to types: Set<Int>? = nil,
    _ subscriber: @escaping @Sendable (_ value: Value, _ action: any ActionProtocol) -> Void
  ) -> Subscription {
    // User code never runs under the store's lock, so the baseline is taken before subscribing;
    // a commit in between is then reported as a change, never missed.
    let memo = _SelectionMemo(select(state))
    return add(types: types?.sorted()) { _ in
      { action, state in
        let value = select(state)
        guard !isEqual(memo.last, value) else { return }
        memo.last = value
        subscriber(value, action)
      }
    }
  }
}
