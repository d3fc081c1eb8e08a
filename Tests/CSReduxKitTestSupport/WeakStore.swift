import CSReduxKitCore

/// A store held weakly behind the package's lock box, set after the store is made: a reducer
/// reaches its own store through it without a cycle between the two.
package final class WeakStore<State: StateProtocol>: Sendable {
  private struct Reference: Sendable {
    weak var store: Store<State>?
  }

  private let reference = Locked(Reference())

  package init() {}

  /// The store, while it lives.
  package var store: Store<State>? {
    get { reference.withLock { $0.store } }
    set { reference.withLock { $0.store = newValue } }
  }
}
