/// A handle on a subscriber; cancel it to stop the calls.
///
/// Once ``cancel()`` returns, the subscriber is never called again (a call that had already
/// started on another thread may still finish), and the store releases the subscriber closure:
/// at once, or when the notification round running at that moment ends. Cancelling is
/// idempotent and may happen from any thread, including from inside the subscriber itself.
///
/// Letting a `Subscription` go does *not* cancel it: a subscription lives as long as its store,
/// unless it is cancelled or tied to an owner with
/// ``Store/subscribe(owner:to:_:)``. When the store is freed, its subscriptions are cancelled.
public final class Subscription: @unchecked Sendable, Hashable, CustomStringConvertible {
  /// 0 while active, 1 once cancelled.
  @usableFromInline let flag: _AtomicWord
  @usableFromInline let id: UInt64
  // Written once in `init`, read afterwards: safe to share.
  @usableFromInline weak var owner: (any _SubscriptionOwner)?
  @usableFromInline let onCancel: (@Sendable () -> Void)?

  @inlinable
  init(owner: any _SubscriptionOwner, id: UInt64) {
    self.flag = _AtomicWord(0)
    self.id = id
    self.owner = owner
    self.onCancel = nil
  }

  /// Creates a subscription for a store of your own that conforms to ``StoreProtocol``.
  ///
  /// - Parameter onCancel: Called once, on the first ``cancel()``, to remove the subscriber.
  public init(onCancel: @escaping @Sendable () -> Void) {
    self.flag = _AtomicWord(0)
    self.id = 0
    self.owner = nil
    self.onCancel = onCancel
  }

  /// Whether ``cancel()`` was called or the store went away.
  @inlinable
  public var isCancelled: Bool { flag.load() != 0 }

  /// Stops the subscriber. Safe to call any number of times, from any thread.
  @inlinable
  public func cancel() {
    guard flag.exchange(1) == 0 else { return }
    if let onCancel {
      onCancel()
    } else {
      owner?._cancelSubscription(self)
    }
  }

  /// Marks the subscription cancelled without asking the store (the store is going away).
  func markCancelled() {
    flag.store(1)
  }

  /// Whether `store` is the store that created this subscription.
  func isOwned(by store: AnyObject) -> Bool {
    owner === store
  }

  /// `Subscription(#3)` or `Subscription(#3, cancelled)`.
  public var description: String {
    "Subscription(#\(id)\(isCancelled ? ", cancelled" : ""))"
  }

  /// Subscriptions are equal only to themselves.
  public static func == (lhs: Subscription, rhs: Subscription) -> Bool { lhs === rhs }

  /// Hashes the subscription's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
