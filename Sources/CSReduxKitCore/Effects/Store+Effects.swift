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

  /// Calls `body` once the store is idle and, when `includingEffects`, no effect is running.
  ///
  /// With `includingEffects: false` this is ``whenIdle(_:)``. With `true`, `body` runs at a
  /// moment when no action is reduced, notified or queued and no effect (cancelled ones
  /// included) has work that has not returned: at once on the calling thread when that is so
  /// already, otherwise on the thread that empties the queue or ends the last effect. An effect
  /// that never returns (a loop that ignores cancellation) keeps `body` from being called.
  ///
  /// - Parameters:
  ///   - includingEffects: Whether to wait for the store's effects as well.
  ///   - body: Called once.
  public final func whenIdle(
    includingEffects: Bool, _ body: @escaping @Sendable () -> Void
  ) {
    if includingEffects {
      engine.whenIdle(includingEffectsFrom: 0, body)
    } else {
      engine.whenIdle(body)
    }
  }

  /// Suspends until the store is idle and, when `includingEffects`, no effect is running; see
  /// ``whenIdle(includingEffects:_:)``.
  ///
  /// ``waitUntilIdle()`` waits for the queue only, so that a store with an effect that runs as
  /// long as a screen is shown (a timer, a live feed) still reports idle between actions. Wait
  /// with `includingEffects: true` after starting work that ends, such as a load:
  ///
  /// ```swift
  /// store.dispatch(loadProfile)
  /// await store.waitUntilIdle(includingEffects: true)
  /// ```
  ///
  /// - Parameter includingEffects: Whether to wait for the store's effects as well.
  public final func waitUntilIdle(includingEffects: Bool) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      whenIdle(includingEffects: includingEffects) { continuation.resume() }
    }
  }

  /// The number the next effect gets: every effect started from now on is counted by
  /// `_whenIdle(includingEffectsFrom:_:)` with this mark. For CSReduxKitTesting.
  package var effectMark: UInt64 {
    engine.effects.nextSerial
  }

  /// Calls `body` once the store is idle and no effect started since `mark` runs. For
  /// CSReduxKitTesting, which waits for the effects an action started.
  package func _whenIdle(
    includingEffectsFrom mark: UInt64, _ body: @escaping @Sendable () -> Void
  ) {
    engine.whenIdle(includingEffectsFrom: mark, body)
  }
}
