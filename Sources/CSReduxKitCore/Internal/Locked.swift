import _CSReduxKitShims

/// A value and the lock that guards it, in one allocation.
///
/// The value is reachable only through ``withLock(_:)``, so it can never be touched unlocked.
/// Callers must not run user code (reducers, subscribers, completions) inside `withLock`.
@usableFromInline
final class _Locked<Value>: @unchecked Sendable {
  @usableFromInline let storage: _LockedStorage<Value>

  @inlinable
  init(_ value: Value) {
    storage = _LockedStorage.make(value)
  }

  @inlinable @inline(__always)
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try storage.withUnsafeMutablePointers { value, lock in
      csrk_lock_lock(lock)
      defer { csrk_lock_unlock(lock) }
      return try body(&value.pointee)
    }
  }
}

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
