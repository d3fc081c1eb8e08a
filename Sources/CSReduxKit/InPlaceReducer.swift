/// A reducer that changes the state in place, synchronously: the common case.
///
/// Conform when a module's logic needs no asynchronous work: implement
/// ``reduce(_:into:)`` and the protocol provides ``ReducerProtocol/execute(action:state:finish:)``.
/// Throw when an action cannot be applied (a payload of the wrong type, an index out of range):
/// the store then keeps the state exactly as it was, even if `reduce` had already changed part
/// of it, reports ``StoreDiagnostic/Kind/reducerFailed``, and delivers the action to
/// subscribers as a ``RejectedAction``. An action is never half-applied.
///
/// ```swift
/// struct CounterReducer: InPlaceReducerProtocol {
///   func reduce(_ action: any ActionProtocol, into state: inout CounterState) throws {
///     state.count += try action.payload(as: Int.self)
///   }
/// }
/// ```
public protocol InPlaceReducerProtocol<State>: ReducerProtocol {
  /// The state this reducer changes; inferred from ``reduce(_:into:)``.
  associatedtype State

  /// Applies `action` to `state`, or throws to leave the store's state unchanged.
  ///
  /// - Parameters:
  ///   - action: The action to apply.
  ///   - state: The state to change in place.
  /// - Throws: Any error; the store keeps its state and reports the error.
  func reduce(_ action: any ActionProtocol, into state: inout State) throws
}

extension InPlaceReducerProtocol {
  /// Runs ``reduce(_:into:)`` on a copy of `state` and finishes with the result, or fails with
  /// the error it threw.
  ///
  /// - Parameters:
  ///   - action: The action to apply.
  ///   - state: The last committed state.
  ///   - finish: Called before this returns.
  @inlinable
  public func execute(action: any ActionProtocol, state: State, finish: Finish<State>) {
    var state = state
    do {
      try reduce(action, into: &state)
      finish(state)
    } catch {
      finish.fail(error)
    }
  }
}

/// An in-place reducer made from a closure.
///
/// ```swift
/// let reducer = InPlaceReducer<TodoState> { action, state in
///   if action.type == TodoAction.add.rawValue {
///     state.tasks.insert(try action.payload(as: String.self), at: 0)
///   }
/// }
/// ```
public struct InPlaceReducer<State: StateProtocol>: InPlaceReducerProtocol {
  @usableFromInline let body: @Sendable (any ActionProtocol, inout State) throws -> Void

  /// Creates a reducer that runs `body` for every action.
  ///
  /// - Parameter body: Changes the state in place, or throws to leave it unchanged.
  public init(
    _ body: @escaping @Sendable (_ action: any ActionProtocol, _ state: inout State) throws -> Void
  ) {
    self.body = body
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
