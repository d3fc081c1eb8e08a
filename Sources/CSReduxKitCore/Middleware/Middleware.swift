import _CSReduxKitShims

/// A step between `dispatch` and a store's reducer: it sees every action and decides what goes
/// on.
///
/// A store runs its middleware in the order given, the first listed being the outermost, on the
/// thread that dispatched. Each one receives the action and a ``MiddlewareContext`` and may:
/// - pass it on with `context.next(action)`, now, or later from any thread;
/// - pass on a different action instead (transform it), or several;
/// - drop it, by not calling `next`;
/// - dispatch new actions with `context.dispatch(_:)`, which run through the whole chain.
///
/// A ``Thunk`` goes through the chain like any action; the store runs it as it leaves the
/// last middleware. Any other action that leaves the last middleware enters the store's
/// queue, so every guarantee of ``Store`` holds for what reaches the reducer: serial, in the
/// order actions left the chain. With
/// middleware that passes actions on synchronously, `dispatch` is still synchronous when the
/// store is idle.
///
/// ```swift
/// let auditing = Middleware<TodoState> { action, context in
///   if action.type == TodoAction.delete.rawValue, context.state.tasks.isEmpty { return }  // drop
///   context.next(action)
/// }
/// let store = Store(state: TodoState(), reducer: todoReducer, middleware: [auditing])
/// ```
public struct Middleware<State: StateProtocol>: Sendable {
  @usableFromInline let body:
    @Sendable (any ActionProtocol, consuming MiddlewareContext<State>) -> Void

  /// Creates a middleware from a closure.
  ///
  /// - Parameter body: Receives each action and the context to pass it on with; call
  ///   `context.next(_:)` to let the action continue. The closure owns its context
  ///   (`consuming`), so passing the action on hands the context to the next middleware
  ///   without copying it; a closure written without annotations gets this for free.
  public init(
    _ body:
      @escaping @Sendable (
        _ action: any ActionProtocol, _ context: consuming MiddlewareContext<State>
      )
      -> Void
  ) {
    self.body = body
  }
}
