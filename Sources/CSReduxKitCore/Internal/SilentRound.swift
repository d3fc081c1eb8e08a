/// A round with nobody to notify and no completion, closed in its commit's critical section:
/// what closing it handed back, to be dealt with outside the lock.
@usableFromInline
struct _SilentRound<State: StateProtocol> {
  /// Whether another action was loaded.
  @usableFromInline var hasNext = false
  @usableFromInline var removed: [_Subscriber<State>] = []
  @usableFromInline var idleWaiters: [@Sendable () -> Void] = []

  @inlinable
  init() {}
}
