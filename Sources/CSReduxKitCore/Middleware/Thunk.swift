/// An action that carries work instead of data: the ``Middleware/thunks`` middleware runs it
/// with the store's `dispatch` and `state`, and the action itself never reaches the reducer.
///
/// Use thunks for side effects that decide what to dispatch: loading, validation, sequences.
///
/// ```swift
/// store.dispatch(Thunk<TodoState> { context in
///   if context.state.tasks.count < 10 { context.dispatch(Action(TodoAction.add, data: "More")) }
/// })
/// store.dispatch(Thunk<TodoState> { context async in
///   let names = await loadNames()
///   for name in names { context.dispatch(Action(TodoAction.add, data: name)) }
/// })
/// ```
///
/// Without the thunks middleware, a thunk reaches the reducer as an action of type
/// ``Thunk/actionType`` with no payload, which reducers ignore.
public struct Thunk<State: StateProtocol>: ActionProtocol {
  /// The action type of every thunk: `Int.min`, a value no action enum uses.
  public static var actionType: Int { Int.min }

  /// ``actionType``.
  public var type: Int { Self.actionType }

  /// Always `nil`: a thunk carries work, not data.
  public var data: (any Sendable)? { nil }

  @usableFromInline let work: Work

  @usableFromInline
  enum Work: Sendable {
    case now(@Sendable (ThunkContext<State>) -> Void)
    case async(@Sendable (ThunkContext<State>) async -> Void)
  }

  /// A thunk whose work runs at once, on the dispatching thread.
  ///
  /// - Parameter work: Receives the store's `dispatch` and `state`.
  public init(_ work: @escaping @Sendable (_ context: ThunkContext<State>) -> Void) {
    self.work = .now(work)
  }

  /// A thunk whose work runs in a new task.
  ///
  /// - Parameter work: Receives the store's `dispatch` and `state`; may suspend.
  public init(_ work: @escaping @Sendable (_ context: ThunkContext<State>) async -> Void) {
    self.work = .async(work)
  }
}

/// What a thunk's work can reach: the store's state and its dispatch.
public struct ThunkContext<State: StateProtocol>: Sendable {
  @usableFromInline let engine: _StoreEngine<State>

  @inlinable
  init(engine: _StoreEngine<State>) {
    self.engine = engine
  }

  /// The store's last committed state, read when you ask.
  @inlinable
  public var state: State { engine.state }

  /// Dispatches an action through the store's whole middleware chain.
  ///
  /// - Parameter action: The action to dispatch.
  @inlinable
  public func dispatch(_ action: any ActionProtocol) {
    engine.dispatch(action, completion: nil)
  }

  /// Dispatches an action and waits until it was committed.
  ///
  /// - Parameter action: The action to dispatch.
  /// - Returns: The state committed for it (or the current state if middleware dropped it).
  public func send(_ action: any ActionProtocol) async -> State {
    await withCheckedContinuation { continuation in
      engine.dispatch(action) { state in continuation.resume(returning: state) }
    }
  }
}

extension Middleware {
  /// Runs ``Thunk`` actions instead of passing them on; every other action passes through.
  ///
  /// A thunk's completion (from `dispatch(_:completion:)`) is called with the current state
  /// once its work was started, since the thunk itself commits nothing.
  public static var thunks: Middleware<State> {
    Middleware { action, context in
      guard let thunk = action as? Thunk<State> else {
        context.next(action)
        return
      }
      let thunkContext = ThunkContext(engine: context.engine)
      switch thunk.work {
      case .now(let work):
        work(thunkContext)
      case .async(let work):
        Task { await work(thunkContext) }
      }
      // Dropping the action here calls its completion, if any, with the current state.
    }
  }
}
