import _CSReduxKitShims

/// One machine word with atomic operations, in memory that never moves.
///
/// The owner must call ``deallocate()`` exactly once, when nothing can reach the word anymore.
@usableFromInline
struct _AtomicWord: @unchecked Sendable {
  @usableFromInline let pointer: UnsafeMutablePointer<Int>

  @inlinable
  init(_ value: Int) {
    guard let pointer = csrk_word_create(value) else {
      preconditionFailure("out of memory allocating one word")
    }
    self.pointer = pointer
  }

  @inlinable
  func deallocate() {
    csrk_word_destroy(pointer)
  }

  @inlinable @inline(__always)
  func load() -> Int { csrk_atomic_load(pointer) }

  @inlinable @inline(__always)
  func store(_ value: Int) { csrk_atomic_store(pointer, value) }

  @inlinable @inline(__always)
  func exchange(_ value: Int) -> Int { csrk_atomic_exchange(pointer, value) }

  /// Stores `desired` if the word holds `expected`; returns the value found.
  @inlinable @inline(__always)
  func compareExchange(expected: Int, desired: Int) -> Int {
    csrk_atomic_compare_exchange(pointer, expected, desired)
  }
}

/// An identifier of the calling thread.
@inlinable @inline(__always)
func _currentThreadID() -> UInt { UInt(csrk_current_thread()) }
