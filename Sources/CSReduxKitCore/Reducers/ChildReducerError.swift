/// The error a composed reducer fails with when one of its children failed or let its finish
/// callback go without calling it.
public struct ChildReducerError: Error, CustomStringConvertible {
  /// The child's name, `parent > child` for nested children.
  public let child: String
  /// The error the child failed with, or `nil` when it let `finish` go without calling it.
  public let error: (any Error)?

  /// Creates the error for a child reducer.
  ///
  /// - Parameters:
  ///   - child: The child's name.
  ///   - error: What the child failed with, or `nil` when it let `finish` go.
  public init(child: String, error: (any Error)?) {
    self.child = child
    self.error = error
  }

  /// `child reducer 'users' failed: …`, or `… let finish go without calling it`.
  public var description: String {
    guard let error else {
      return "child reducer '\(child)' let finish go without calling it"
    }
    return "child reducer '\(child)' failed: \(error)"
  }
}
