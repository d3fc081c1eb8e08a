// Hooks for the package's own tests: they read the engine's internals without changing them.

extension Store {
  /// The slots the subscriber table uses, cancelled holes included. For tests of churn only.
  package var subscriberSlotCount: Int {
    engine.inner.withLock { $0.subscribers.slotCount }
  }

  /// Readers waiting for the state to come back from an in-place reduction. For tests only.
  package var lentStateReaders: Int {
    engine.inner.withLock { $0.readersWaiting }
  }

  /// The identity of the finish box kept for reuse, if any. For tests of the dispatch path.
  package var spareFinishBoxID: ObjectIdentifier? {
    engine.inner.withLock { $0.spareBox.map(ObjectIdentifier.init) }
  }
}
