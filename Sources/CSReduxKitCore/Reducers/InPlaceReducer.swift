/// An in-place reducer made from a closure.
///
/// ```swift
/// let reducer = InPlaceReducer<TodoState> { action, state in
///   if action.type == TodoAction.add.rawValue {
///     state.tasks.insert(try action.payload(as: String.self), at: 0)
///   }
/// }
/// ```
///
/// A closure that does not throw (no `try` in it) makes a reducer that a store created with
/// `stateAccess: .lentToReducer` applies to its own state without copying it; see
/// ``StateAccess``.
public struct InPlaceReducer<State: StateProtocol>: InPlaceReducerProtocol {
  @usableFromInline let body: @Sendable (any ActionProtocol, inout State) throws -> Void
  /// The same closure when it cannot throw.
  @usableFromInline let infallibleBody: (@Sendable (any ActionProtocol, inout State) -> Void)?

  /// Creates a reducer that runs `body` for every action.
  ///
  /// - Parameter body: Changes the state in place, or throws to leave it unchanged.
  public init(
    _ body: @escaping @Sendable (_ action: any ActionProtocol, _ state: inout State) throws -> Void
  ) {
    self.body = body
    self.infallibleBody = nil
  }

  /// Creates a reducer that runs `body`, which cannot throw, for every action; a store created
  /// with `stateAccess: .lentToReducer` applies it to its own state, without a copy.
  ///
  /// - Parameter body: Changes the state in place.
  public init(
    _ body: @escaping @Sendable (_ action: any ActionProtocol, _ state: inout State) -> Void
  ) {
    self.body = body
    self.infallibleBody = body
  }

  /// Runs the closure this reducer was made from.
  ///
  /// - Parameters:
  ///   - action: The action to apply.
  ///   - state: The state to change in place.
  /// - Throws: What the closure throws.
  @inlinable
  public func reduce(_ action: any ActionProtocol, into state: inout State) throws {
    try body(action, &state)
  }
}
