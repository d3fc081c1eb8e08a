/// The engine's finish box kept for reuse, with its reference counted by hand.
///
/// Invariants, for everything in this file:
///
/// - Only the thread that runs the store's queue touches the slot (`_StoreEngine.spareBox`):
///   `reduce` takes the box out when its turn starts, `recycle` puts it back when the turn
///   ends, and ownership of the queue passes through the store's lock, which orders them.
/// - So the slot is empty whenever it is filled: `fill` stores without releasing an old
///   reference (a debug build asserts it), and `take` hands the slot's one reference to its
///   caller.
/// - The engine releases a box still in the slot when it goes away (`release`, from its
///   `deinit`).

/// The engine's finish box kept for reuse: empty, or holding one strong reference, counted
/// by hand. `reduce` takes the box out at the start of each turn and `recycle` puts it back
/// at its end, both on the thread that runs the queue, so the slot is empty whenever it is
/// filled: filling it then releases no old reference, which an optional field's store would
/// test for and release (an empty one still costs the release's call).
@usableFromInline
struct _SpareFinishBox<State: StateProtocol> {
  @usableFromInline var held: Unmanaged<_FinishBox<State>>?

  @inlinable
  init() {}

  /// Takes the box out, leaving the slot empty; the caller gets the slot's reference.
  @inlinable @inline(__always)
  mutating func take() -> _FinishBox<State>? {
    guard let held else { return nil }
    self.held = nil
    return held.takeRetainedValue()
  }

  /// Puts `box` into the slot, which is empty (`take` emptied it when the turn started); the
  /// slot keeps the caller's reference.
  @inlinable @inline(__always)
  mutating func fill(_ box: consuming _FinishBox<State>) {
    assert(held == nil, "CSReduxKit: a spare finish box filled twice")
    held = Unmanaged.passRetained(box)
  }

  /// Releases the box, when there is one: the engine goes away.
  mutating func release() {
    held?.release()
    held = nil
  }

  /// The box, for tests.
  var box: _FinishBox<State>? {
    held?.takeUnretainedValue()
  }

  /// The box's identity, for tests.
  var identity: ObjectIdentifier? {
    box.map(ObjectIdentifier.init)
  }
}
