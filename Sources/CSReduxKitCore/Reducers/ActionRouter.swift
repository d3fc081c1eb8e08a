/// An in-place reducer built from one handler per action type, so a module writes no `switch`.
///
/// ```swift
/// let todoReducer = ActionRouter<TodoState> {
///   On(TodoAction.add, payload: String.self) { name, state in
///     state.tasks.insert(name, at: 0)
///   }
///   On(TodoAction.clear) { state in
///     state.tasks.removeAll()
///   }
/// }
/// ```
///
/// A handler with a `payload:` type receives the payload already cast; a missing payload or one
/// of another type fails the action with a ``PayloadError`` (the state stays unchanged and the
/// store reports it). Several handlers for one type run in the order written, on the same
/// state; if one throws, none of their changes are kept. Action types without a handler leave
/// the state unchanged.
///
/// - Complexity: One dictionary lookup per action, plus its handlers.
public struct ActionRouter<State: StateProtocol>: InPlaceReducerProtocol {
  @usableFromInline let routes: [Int: [On<State>]]

  /// Creates a router from handlers written in the builder.
  ///
  /// - Parameter routes: The handlers, one `On` per action type (or more, run in order).
  public init(@ActionRouteBuilder<State> _ routes: () -> [On<State>]) {
    self.routes = Dictionary(grouping: routes(), by: \.type)
  }

  /// The action types that have a handler.
  public var routedTypes: Set<Int> { Set(routes.keys) }

  /// Runs the handlers for the action's type, in order.
  ///
  /// - Parameters:
  ///   - action: The action to apply.
  ///   - state: The state to change in place.
  /// - Throws: The first error a handler throws, or a ``PayloadError``.
  @inlinable
  public func reduce(_ action: any ActionProtocol, into state: inout State) throws {
    guard let handlers = routes[action.type] else { return }
    for handler in handlers { try handler.body(action, &state) }
  }
}
