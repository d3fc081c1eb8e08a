/// A weak reference that can cross threads; only the reference itself is shared.
///
/// The one weak box of the package. It is `Sendable` only when the object is, so a
/// non-`Sendable` object cannot be reached from another thread through it.
@usableFromInline
final class _WeakReference<Object: AnyObject> {
  // Set only by `init`: no read can overlap a write, so the runtime's exclusivity check of
  // each read (once per hop of a follow) would only cost time (docs/performance.md, "Beyond a
  // dispatch").
  @usableFromInline @exclusivity(unchecked) weak var object: Object?
  @inlinable init(_ object: Object) { self.object = object }
}

// Reading or clearing a weak reference is atomic; the object decides what crosses threads.
extension _WeakReference: @unchecked Sendable where Object: Sendable {}
