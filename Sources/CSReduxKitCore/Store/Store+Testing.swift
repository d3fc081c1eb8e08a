// Hooks for the package's own tests: they read the engine's internals without changing them.

extension Store {
  /// The slots the subscriber table uses, cancelled holes included. For tests of churn only.
  package var subscriberSlotCount: Int {
    engine.inner.withLock { $0.subscribers.slotCount }
  }

  /// Whether the store applies its reducer in place, without a finish box (see
  /// `_StoreEngine.inPlaceReduction(of:)`).
  package var reducesInPlace: Bool {
    engine.reduceInPlace != nil
  }

  /// Readers waiting for the state to come back from an in-place reduction. For tests only.
  package var lentStateReaders: Int {
    engine.inner.withLock { $0.lending.readersWaiting }
  }

  /// The identity of the finish box kept for reuse, if any. For tests of the dispatch path.
  package var spareFinishBoxID: ObjectIdentifier? {
    engine.spareBox.identity
  }

  /// The finish box kept for reuse, if any, for tests of its lifetime (hold it weakly).
  package var spareFinishBox: AnyObject? {
    engine.spareBox.box
  }
}

extension Store {
  /// Dispatches `action` and calls `completion` with the committed state and the action's
  /// outcome, as `send` does, without suspending: for tests of outcomes from
  /// inside subscribers and completions.
  package func dispatch(
    _ action: any ActionProtocol,
    reportingOutcome completion: @escaping @Sendable (State, ActionOutcome) -> Void
  ) {
    engine.dispatch(action, completion: completion)
  }

  /// The first invariant of the store's engine that does not hold, in words; `nil` when all
  /// hold. Checked by the model-based random test after every step.
  package var brokenEngineInvariant: String? {
    engine.inner.withLock { $0.brokenInvariant() }
  }
}

extension Store {
  /// The actions waiting in the side queue (`side`, dispatched by other threads while the
  /// store was busy) and in the queue of the thread running it (`queued`). For tests of the
  /// queue only.
  package var queuedActionCounts: (side: Int, queued: Int) {
    engine.inner.withLock { core in
      (core.sideQueue.withLock { $0.count }, core.queue.count)
    }
  }

  /// Runs `body` while holding the lock of the store's core, the one the thread running the
  /// queue takes for each action. For tests of what a dispatch needs that lock for only:
  /// `body` must not touch the store on its own thread.
  package func withCoreLockHeld<R>(_ body: () -> R) -> R {
    engine.inner.withLock { _ in body() }
  }
}
