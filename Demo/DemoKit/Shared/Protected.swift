import _DemoTerminalShims

/// A value and the mutex that guards it, for the components' render state.
///
/// Subscribers run on whichever thread commits an action, so a component's fields are only
/// ever reached through ``withLock(_:)``. Never dispatch or call into a store inside it.
final class Protected<Value>: @unchecked Sendable {
  private let mutex: OpaquePointer
  private var value: Value

  init(_ value: Value) {
    self.mutex = demo_mutex_create()
    self.value = value
  }

  deinit {
    demo_mutex_destroy(mutex)
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    demo_mutex_lock(mutex)
    defer { demo_mutex_unlock(mutex) }
    return try body(&value)
  }

  /// A copy of the value.
  var snapshot: Value { withLock { $0 } }
}
