import _DemoTerminalShims

/// A value and the mutex that guards it, for state that a store's subscriber writes on the
/// thread that commits an action while the screen reads it on its own.
///
/// The value is only ever reached through ``withLock(_:)``. Never dispatch or call into a store
/// inside it.
package final class Protected<Value>: @unchecked Sendable {
  private let mutex: OpaquePointer
  private var value: Value

  /// Guards `value`.
  package init(_ value: Value) {
    self.mutex = demo_mutex_create()
    self.value = value
  }

  deinit {
    demo_mutex_destroy(mutex)
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    demo_mutex_lock(mutex)
    defer { demo_mutex_unlock(mutex) }
    return try body(&value)
  }

  /// A copy of the value.
  package var snapshot: Value { withLock { $0 } }
}
