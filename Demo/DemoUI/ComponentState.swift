/// A component's render state and its revision: what a text view draws, kept where its store
/// subscription writes it and the screen reads it.
///
/// Every change goes through ``update(_:)``, which moves ``revision`` only when the value
/// really changed, so the screen redraws a component only when it looks different. The
/// components subscribe on the main actor and the screens read them there, so the value is a
/// plain stored property: no lock, and no other thread ever sees it.
@MainActor
package final class ComponentState<Value: Equatable> {
  /// The value now.
  package private(set) var value: Value

  /// Grows by one with every change of the value.
  package private(set) var revision = 0

  /// Starts with `value`, at revision 0.
  package init(_ value: Value) {
    self.value = value
  }

  /// Changes the value with `change`, and moves the revision when it differs afterwards.
  ///
  /// - Parameter change: Edits the value.
  /// - Returns: What `change` returns.
  @discardableResult
  package func update<Result>(_ change: (inout Value) -> Result) -> Result {
    var changed = value
    let result = change(&changed)
    if changed != value {
      value = changed
      revision += 1
    }
    return result
  }
}
