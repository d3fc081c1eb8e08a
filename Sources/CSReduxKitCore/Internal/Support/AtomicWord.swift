import _CSReduxKitShims

/// One machine word with atomic operations, in memory that never moves.
///
/// The word lives in a small object of its own, so it is freed with the last reference to it:
/// owners never free it by hand, and two owners (a subscription and the store's entry for it)
/// can share one.
@usableFromInline
struct _AtomicWord: @unchecked Sendable {
  // The object only ever changes through atomic operations, so it may cross threads.
  @usableFromInline let buffer: _WordBuffer<Void>

  @inlinable
  init(_ value: Int) {
    buffer = _WordBuffer<Void>.make(header: (), word: value)
  }

  @inlinable @inline(__always)
  func load() -> Int { buffer.loadWord() }

  @inlinable @inline(__always)
  func store(_ value: Int) { buffer.storeWord(value) }

  @inlinable @inline(__always)
  func exchange(_ value: Int) -> Int { buffer.exchangeWord(value) }

  /// Stores `desired` if the word holds `expected`; returns the value found.
  @inlinable @inline(__always)
  func compareExchange(expected: Int, desired: Int) -> Int {
    buffer.compareExchangeWord(expected: expected, desired: desired)
  }
}

/// An object made of a header and one atomic word, in one allocation: the storage of
/// `_AtomicWord`, and the base of objects whose only atomic state is one word (a `Finish`
/// link's "called" flag), so that they need no second allocation for it.
///
/// Invariants: the word is initialized by `make` before anyone can reach the object, and is
/// only ever read and written through the atomic operations below; the object never moves.
@usableFromInline
class _WordBuffer<Header>: ManagedBuffer<Header, Int> {
  /// A new object of this class (or of the subclass it is called on). The header is moved in:
  /// returned from the closure as it was captured, it would be copied, and then the original
  /// destroyed (docs/performance.md, "Inlining where it pays", has the figure).
  @inlinable
  final class func make(header: consuming Header, word: Int) -> Self {
    // Invariant: `create` calls its closure exactly once, so `given` holds the header then.
    var given: Header? = consume header
    let object = unsafeDowncast(
      create(minimumCapacity: 1) { _ in given.take().unsafelyUnwrapped }, to: self)
    object.withUnsafeMutablePointerToElements { $0.initialize(to: word) }
    return object
  }

  @inlinable @inline(__always)
  final func loadWord() -> Int {
    withUnsafeMutablePointerToElements { csrk_atomic_load($0) }
  }

  @inlinable @inline(__always)
  final func storeWord(_ value: Int) {
    withUnsafeMutablePointerToElements { csrk_atomic_store($0, value) }
  }

  @inlinable @inline(__always)
  final func exchangeWord(_ value: Int) -> Int {
    withUnsafeMutablePointerToElements { csrk_atomic_exchange($0, value) }
  }

  @inlinable @inline(__always)
  final func compareExchangeWord(expected: Int, desired: Int) -> Int {
    withUnsafeMutablePointerToElements {
      csrk_atomic_compare_exchange($0, expected, desired)
    }
  }
}

/// An identifier of the calling thread.
@inlinable @inline(__always)
func _currentThreadID() -> UInt { UInt(csrk_current_thread()) }
