/// Whether an effect was cancelled: closed under the registry's lock, and read there or, by
/// the run loop, under the store's lock as an action of the effect is about to start its turn.
@usableFromInline
final class _EffectGate: Sendable {
  @usableFromInline let closed = _AtomicWord(0)

  @usableFromInline
  init() {}

  @inlinable
  var isCancelled: Bool {
    get { closed.load() != 0 }
    set { closed.store(newValue ? 1 : 0) }
  }
}
