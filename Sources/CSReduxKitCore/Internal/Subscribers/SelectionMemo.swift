/// The last value a selecting subscriber saw.
///
/// Only the subscriber's own calls touch it, and a store never runs two notification rounds at
/// once (each round begins after the previous one released the store's lock), so the accesses
/// are ordered without a lock of their own.
@usableFromInline
final class _SelectionMemo<Value>: @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) var last: Value

  @inlinable
  init(_ value: Value) {
    last = value
  }
}
