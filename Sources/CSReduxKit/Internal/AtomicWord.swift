import _CSReduxKitShims

/// One machine word with atomic operations, in memory that never moves.
///
/// The owner must call ``deallocate()`` exactly once, when nothing can reach the word anymore.
struct _AtomicWord: @unchecked Sendable {
  private let pointer: UnsafeMutablePointer<Int>

  init(_ value: Int) {
    pointer = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    pointer.initialize(to: value)
  }

  func deallocate() {
    pointer.deallocate()
  }

  @inline(__always) func load() -> Int { csrk_atomic_load(pointer) }

  @inline(__always) func store(_ value: Int) { csrk_atomic_store(pointer, value) }

  @inline(__always) func exchange(_ value: Int) -> Int { csrk_atomic_exchange(pointer, value) }

  @inline(__always) @discardableResult
  func add(_ delta: Int) -> Int { csrk_atomic_add(pointer, delta) }

  /// Stores `desired` if the word holds `expected`; returns the value found.
  @inline(__always)
  func compareExchange(expected: Int, desired: Int) -> Int {
    csrk_atomic_compare_exchange(pointer, expected, desired)
  }
}

/// An identifier of the calling thread.
@inline(__always)
func _currentThreadID() -> UInt { UInt(csrk_current_thread()) }
