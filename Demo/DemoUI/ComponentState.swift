import CSReduxKit

/// A component's render state and its revision: what a text view draws, kept where its store
/// subscription writes it and the screen reads it.
///
/// Every change goes through ``update(_:)``, which moves ``revision`` only when the value
/// really changed, so the screen redraws a component only when it looks different. The
/// subscriptions run on the thread that commits an action, so the value sits behind a lock;
/// the components reach it only through ``value`` and ``update(_:)``.
package final class ComponentState<Value: Equatable & Sendable>: Sendable {
  private struct Storage {
    var value: Value
    var revision = 0
  }

  private let storage: _Locked<Storage>

  /// Starts with `value`, at revision 0.
  package init(_ value: Value) {
    storage = _Locked(Storage(value: value))
  }

  /// The value now.
  package var value: Value { storage.withLock { $0.value } }

  /// Grows by one with every change of the value.
  package var revision: Int { storage.withLock { $0.revision } }

  /// Changes the value with `change`, and moves the revision when it differs afterwards.
  ///
  /// - Parameter change: Edits the value; it must not call into a store.
  /// - Returns: What `change` returns.
  @discardableResult
  package func update<Result>(_ change: (inout Value) -> Result) -> Result {
    storage.withLock { storage in
      var value = storage.value
      let result = change(&value)
      if value != storage.value {
        storage.value = value
        storage.revision += 1
      }
      return result
    }
  }
}
