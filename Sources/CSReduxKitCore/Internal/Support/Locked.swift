import _CSReduxKitShims

/// A value and the lock that guards it, in one allocation.
///
/// A struct holding one reference: the allocation is the storage object, a `ManagedBuffer`
/// whose header is the value and whose one element is the lock; copies of a `_Locked` share it,
/// and its owner reaches the lock with one load.
///
/// The value is reachable only through ``withLock(_:)``, so it can never be touched unlocked.
/// Callers must not run user code (reducers, subscribers, completions) inside `withLock`.
///
/// The one lock box of the package: the core, CSReduxKitTesting and the demo all use it. It is
/// `Sendable` only when its value is, so a non-`Sendable` value cannot cross threads inside it.
@usableFromInline
package struct _Locked<Value> {
  @usableFromInline let storage: _LockedStorage<Value>

  @inlinable
  package init(_ value: Value) {
    storage = _LockedStorage.make(value)
  }

  @inlinable @inline(__always)
  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try storage.withUnsafeMutablePointers { value, lock in
      csrk_lock_lock(lock)
      defer { csrk_lock_unlock(lock) }
      return try body(&value.pointee)
    }
  }
}

extension _Locked {
  /// Whether another thread waits for this lock, as the lock's own word says; `nil` where the
  /// platform's lock does not say (only the futex lock does). For tests that must see a waiter
  /// before they release the lock.
  package var hasWaiters: Bool? {
    storage.withUnsafeMutablePointerToElements { lock in
      let answer = csrk_lock_has_waiters(lock)
      return answer < 0 ? nil : answer != 0
    }
  }
}

// The lock guards the value, so the box may cross threads whenever the value may.
extension _Locked: @unchecked Sendable where Value: Sendable {}

@usableFromInline
final class _LockedStorage<Value>: ManagedBuffer<Value, csrk_lock_t> {
  @inlinable
  static func make(_ value: Value) -> _LockedStorage<Value> {
    let buffer = create(minimumCapacity: 1) { _ in value }
    let storage = unsafeDowncast(buffer, to: _LockedStorage<Value>.self)
    storage.withUnsafeMutablePointerToElements { csrk_lock_init($0) }
    return storage
  }

  deinit {
    withUnsafeMutablePointerToElements { csrk_lock_destroy($0) }
  }
}
