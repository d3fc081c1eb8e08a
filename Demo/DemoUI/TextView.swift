/// A component that draws itself as lines of plain text.
///
/// ``render()`` is a pure function of the component's own state, so it is tested without a
/// terminal. ``revision`` grows every time the component's subscriber changes that state, so a
/// screen redraws a component only when its revision moved.
/// Components live on the main actor: their main-actor subscriptions write their state there
/// and the screens read it there.
@MainActor
package protocol TextView: AnyObject {
  /// Grows by one every time the component's state changes.
  var revision: Int { get }
  /// The component as lines of text, without styling.
  func render() -> [String]
}
