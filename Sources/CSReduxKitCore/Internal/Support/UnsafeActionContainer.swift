/// Reads an ``Action``'s enum from the existential that holds it, without a call through
/// ``ActionProtocol``: the run loop's check of a store that declares its actions.
///
/// The container of an `any ActionProtocol` is three words of inline buffer, the value's type
/// metadata and its witness table. A value of at most three words, aligned to a word, that
/// holds only references and metatypes is stored in the buffer itself, from its first byte; an
/// `Action` (its type, its payload's box and its enum) is one, and the checks of its size and
/// alignment below fold to constants (a larger `Action` would only take the protocol's path).
///
/// Invariants: the buffer is read as an `Action` only once the metadata word is `Action`'s,
/// so a type of the user's own is never read as another (its enum is whatever its `origin`
/// reports, read through the protocol by the caller); the container is borrowed and only
/// read, so it needs no stack protector.
@usableFromInline
enum _UnsafeActionContainer {
  /// The identity of `action`'s enum as a word when `action` is an ``Action``; 0 for an
  /// action made from a number and for any other conforming type.
  @inlinable @inline(__always)
  static func originWord(in action: borrowing any ActionProtocol) -> UInt {
    guard MemoryLayout<Action>.size <= 3 * MemoryLayout<Int>.size,
      MemoryLayout<Action>.alignment <= MemoryLayout<Int>.alignment
    else { return 0 }
    return _withUnprotectedUnsafePointer(to: action) { container in
      let raw = UnsafeRawPointer(container)
      let metadata = raw.load(
        fromByteOffset: 3 * MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
      guard metadata == unsafeBitCast(Action.self as Any.Type, to: UnsafeRawPointer.self) else {
        return 0
      }
      let origin = raw.assumingMemoryBound(to: Action.self).pointee.origin
      return origin.map { UInt(bitPattern: $0.id) } ?? 0
    }
  }
}
