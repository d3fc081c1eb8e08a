/// Tells whether the owner of an owner-bound subscription is gone, for the store's sweeps of
/// owner-bound subscriptions, from any thread.
///
/// `@unchecked Sendable` although the owner of a main-actor subscription is not `Sendable`:
/// the owner is never used through it. ``isGone`` only loads the weak reference (the runtime
/// does that atomically) and drops it at once; the store calls it outside its lock, because
/// dropping the last reference to an owner that goes away at that moment runs its `deinit`.
@usableFromInline
final class _OwnerLiveness: @unchecked Sendable {
  let owner: _WeakReference<AnyObject>

  @usableFromInline
  init(_ owner: AnyObject) {
    self.owner = _WeakReference(owner)
  }

  /// Whether the owner was freed.
  var isGone: Bool { owner.object == nil }
}
