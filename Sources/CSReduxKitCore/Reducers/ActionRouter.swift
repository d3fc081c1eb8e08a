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

/// One handler of an ``ActionRouter``: what to do with the state for one action type.
public struct On<State: StateProtocol>: Sendable {
  /// The action type this handler applies to.
  public let type: Int
  @usableFromInline let body: @Sendable (any ActionProtocol, inout State) throws -> Void

  /// Handles an action type whose payload is not needed.
  ///
  /// - Parameters:
  ///   - type: A case of the module's `Int`-backed action enum.
  ///   - handler: Changes the state in place, or throws to leave it unchanged.
  public init<T: RawRepresentable>(
    _ type: T, _ handler: @escaping @Sendable (_ state: inout State) throws -> Void
  ) where T.RawValue == Int {
    self.type = type.rawValue
    self.body = { _, state in try handler(&state) }
  }

  /// Handles an action type with a payload of type `Payload`.
  ///
  /// - Parameters:
  ///   - type: A case of the module's `Int`-backed action enum.
  ///   - payload: The payload type; any other payload, or none, fails the action.
  ///   - handler: Receives the payload and changes the state in place, or throws.
  public init<T: RawRepresentable, Payload>(
    _ type: T, payload: Payload.Type,
    _ handler: @escaping @Sendable (_ payload: Payload, _ state: inout State) throws -> Void
  ) where T.RawValue == Int {
    self.type = type.rawValue
    self.body = { action, state in try handler(try action.payload(as: Payload.self), &state) }
  }

  /// Handles an action type with access to the whole action.
  ///
  /// - Parameters:
  ///   - type: A case of the module's `Int`-backed action enum.
  ///   - handler: Receives the action and changes the state in place, or throws.
  public init<T: RawRepresentable>(
    _ type: T,
    action handler:
      @escaping @Sendable (_ action: any ActionProtocol, _ state: inout State) throws
      -> Void
  ) where T.RawValue == Int {
    self.type = type.rawValue
    self.body = handler
  }
}

/// Collects the `On` handlers written in an ``ActionRouter``'s closure.
@resultBuilder
public enum ActionRouteBuilder<State: StateProtocol> {
  /// Collects handlers written one after another.
  ///
  /// - Parameter routes: The handlers of each line.
  /// - Returns: All of them, in order.
  public static func buildBlock(_ routes: [On<State>]...) -> [On<State>] {
    routes.flatMap { $0 }
  }

  /// Turns one handler into a list.
  ///
  /// - Parameter route: A handler.
  /// - Returns: A list holding it.
  public static func buildExpression(_ route: On<State>) -> [On<State>] { [route] }

  /// Keeps the handlers of an `if` whose condition held, and none otherwise.
  ///
  /// - Parameter routes: The handlers inside the `if`, if it ran.
  /// - Returns: Those handlers, or none.
  public static func buildOptional(_ routes: [On<State>]?) -> [On<State>] { routes ?? [] }

  /// Keeps the handlers of the branch of an `if`/`else` that ran.
  ///
  /// - Parameter routes: The handlers of the first branch.
  /// - Returns: Those handlers.
  public static func buildEither(first routes: [On<State>]) -> [On<State>] { routes }

  /// Keeps the handlers of the branch of an `if`/`else` that ran.
  ///
  /// - Parameter routes: The handlers of the second branch.
  /// - Returns: Those handlers.
  public static func buildEither(second routes: [On<State>]) -> [On<State>] { routes }

  /// Collects the handlers written in a `for` loop.
  ///
  /// - Parameter routes: The handlers of each iteration.
  /// - Returns: All of them, in order.
  public static func buildArray(_ routes: [[On<State>]]) -> [On<State>] { routes.flatMap { $0 } }
}
