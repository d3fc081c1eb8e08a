extension Store {
  /// The effects the store is running, oldest first: the work of the effect ``Thunk``s it
  /// started that has not returned yet, cancelled or not.
  ///
  /// - Complexity: O(n log n) for n running effects.
  public final var runningEffects: [RunningEffect] {
    engine.effects.running
  }

  /// Cancels the running effects whose identity is `id`.
  ///
  /// Once this returns, nothing those effects begin to dispatch reaches the middleware or the
  /// reducer: their dispatches are dropped, their `send`s return the current state at once.
  /// Their tasks are cancelled (Swift's cooperative cancellation), and they stay in
  /// ``runningEffects`` until their work returns. An identity matches when it is of the same
  /// type and equal: with `Thunk.effect(id: 1)` running, `UInt8(1)`, `Int64(1)`, `1.0`,
  /// `Optional(1)` and `"1"` cancel nothing.
  ///
  /// ```swift
  /// deinit { store.cancelEffects(id: ProfileLoad(userID: userID)) }
  /// ```
  ///
  /// - Parameter id: The identity the effects were started with.
  /// - Returns: How many effects were cancelled (those cancelled earlier not counted).
  /// - Complexity: O(k) for k running effects with that identity.
  @discardableResult
  public final func cancelEffects(id: some Hashable & Sendable) -> Int {
    engine.effects.cancel(id: id)
  }

  /// Cancels every running effect, like ``cancelEffects(id:)`` for each; the store still
  /// starts new ones. Freeing the store does this too, and refuses new effects.
  ///
  /// - Returns: How many effects were cancelled (those cancelled earlier not counted).
  /// - Complexity: O(n) for n running effects.
  @discardableResult
  public final func cancelAllEffects() -> Int {
    engine.effects.cancelAll()
  }

  /// The dependencies the store's effects read. For CSReduxKitTesting, whose test clock
  /// learns which stores sleep on it.
  package var effectDependencies: EffectDependencies {
    engine.effects.dependencies
  }

  /// The number the next effect gets: every effect started from now on is counted by
  /// `whenIdle(includingEffectsFrom:_:)` with this mark. For CSReduxKitTesting.
  package var effectMark: UInt64 {
    engine.effects.nextSerial
  }

  /// The running effects numbered `mark` or more (see ``effectMark``), oldest first. For
  /// CSReduxKitTesting, which names the effects a test started.
  package func runningEffects(from mark: UInt64) -> [RunningEffect] {
    engine.effects.running(from: mark)
  }

  /// Calls `body` once the store is idle and no effect started since `mark` runs. For
  /// CSReduxKitTesting, which waits for the effects an action started.
  package func whenIdle(
    includingEffectsFrom mark: UInt64, _ body: @escaping @Sendable () -> Void
  ) {
    engine.whenIdle(includingEffectsFrom: mark, body)
  }
}
