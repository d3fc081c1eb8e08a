/// A value that a view reads from a store's state and writes by sending an action: the part
/// of a SwiftUI `Binding` that needs no SwiftUI.
///
/// Reading ``value`` selects from the store's last committed state; setting it dispatches the
/// action made from the new value, so the store's reducer decides what the state becomes, and
/// every subscriber sees the change like any other action:
///
/// ```swift
/// let draft = store.binding(\.draft) { Action(EditorAction.setDraft, data: $0) }
/// draft.value = "Buy milk"  // dispatches setDraft with "Buy milk"
/// ```
///
/// In SwiftUI, `Binding(draft)` makes it a `Binding` for a control such as a `TextField`.
/// A reducer that finishes later leaves ``value`` at the old value until it commits.
public struct ActionBinding<Value>: Sendable {
  private let read: @Sendable () -> Value
  private let write: @Sendable (Value) -> Void

  /// Creates a binding from a function that reads the value and one that sends it.
  ///
  /// - Parameters:
  ///   - get: Returns the current value.
  ///   - send: Sends the new value, usually by dispatching an action that carries it.
  public init(get: @escaping @Sendable () -> Value, send: @escaping @Sendable (Value) -> Void) {
    self.read = get
    self.write = send
  }

  /// The current value; setting it sends the new value instead of storing it.
  public var value: Value {
    get { read() }
    nonmutating set { write(newValue) }
  }
}

extension Store {
  /// A binding that reads part of this store's state and dispatches an action on write.
  ///
  /// - Parameters:
  ///   - select: Picks the value out of the state; a key path such as `\.draft` works too.
  ///   - action: Makes the action that sets the value; the reducer applies it.
  /// - Returns: A binding whose ``ActionBinding/value`` reads the last committed state and
  ///   whose setter calls ``dispatch(_:)-(ActionProtocol)``.
  public final func binding<Value>(
    _ select: @escaping @Sendable (State) -> Value,
    send action: @escaping @Sendable (Value) -> any ActionProtocol
  ) -> ActionBinding<Value> {
    ActionBinding(
      get: { select(self.state) },
      send: { value in self.dispatch(action(value)) })
  }
}
