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
/// A reducer made with ``nonThrowing(_:)`` cannot fail half-way, so a store created with
/// `stateAccess: .lentToReducer` applies it to its own state without copying it; see
/// ``StateAccess``. One made with ``init(_:)`` may throw, whether or not its closure contains
/// `try`: it works on a copy, and a store asked to lend its state to it reports
/// ``StoreDiagnostic/Kind/stateCannotBeLent`` where it is created.
///
/// ```swift
/// let logReducer = InPlaceReducer<LogState>.nonThrowing { action, state in
///   if let line = try? action.payload(as: String.self) { state.lines.append(line) }
/// }
/// ```
public struct InPlaceReducer<State: StateProtocol>: InPlaceReducerProtocol {
  @usableFromInline let body: @Sendable (any ActionProtocol, inout State) throws -> Void
  /// The same closure when it cannot throw.
  let infallibleBody: (@Sendable (any ActionProtocol, inout State) -> Void)?

  /// Creates a reducer that runs `body` for every action, on a copy of the state: a throw
  /// leaves the store's state unchanged.
  ///
  /// - Parameter body: Changes the state in place, or throws to leave it unchanged.
  public init(
    _ body: @escaping @Sendable (_ action: any ActionProtocol, _ state: inout State) throws -> Void
  ) {
    self.body = body
    self.infallibleBody = nil
  }

  private init(infallible body: @escaping @Sendable (any ActionProtocol, inout State) -> Void) {
    self.body = body
    self.infallibleBody = body
  }

  /// Creates a reducer that runs `body`, which cannot throw, for every action; a store
  /// created with `stateAccess: .lentToReducer` applies it to its own state, without a copy.
  ///
  /// - Parameter body: Changes the state in place.
  /// - Returns: A reducer that a store may lend its state to.
  public static func nonThrowing(
    _ body: @escaping @Sendable (_ action: any ActionProtocol, _ state: inout State) -> Void
  ) -> InPlaceReducer {
    InPlaceReducer(infallible: body)
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
