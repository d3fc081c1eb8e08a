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
