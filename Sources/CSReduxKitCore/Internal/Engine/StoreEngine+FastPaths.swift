/// How the store calls its reducer, chosen once, when the store is created, from the reducer's
/// concrete type: the dispatch path then calls a stored closure and never asks again.
///
/// `ReducerProtocol` keeps a single requirement, `execute`; the fast paths are found here by
/// casting the reducer. In the store's `init`, which is specialized for the reducer's type,
/// the casts to `Reducer` and `InPlaceReducer` are decided by the compiler.
extension _StoreEngine {
  /// The function the store calls for the reducer's `execute`: a ``Reducer``'s own closure
  /// (one call fewer per dispatch), otherwise a closure that calls `execute`.
  @inlinable
  static func execution<Reducing: ReducerProtocol<State>>(
    of reducer: Reducing
  ) -> @Sendable (any ActionProtocol, State, Finish<State>) -> Void {
    if let reducer = reducer as? Reducer<State> { return reducer.body }
    return { action, state, finish in
      reducer.execute(action: action, state: state, finish: finish)
    }
  }

  /// A synchronous way to apply an action to the store's own state in place, for a reducer
  /// that can never fail half-way: an ``InPlaceReducer`` made from a closure that cannot
  /// throw, or an ``InPlaceReducerProtocol`` whose `reduce` cannot throw (`Failure` is
  /// `Never`); `nil` for every other reducer.
  @usableFromInline
  static func inPlaceReduction<Reducing: ReducerProtocol<State>>(
    of reducer: Reducing
  ) -> (@Sendable (any ActionProtocol, inout State) -> Void)? {
    if let reducer = reducer as? InPlaceReducer<State> { return reducer.infallibleBody }
    guard let reducer = reducer as? any InPlaceReducerProtocol<State> else { return nil }
    return infallibleReduction(of: reducer)
  }

  /// `reduce` of an in-place reducer when its `Failure` is `Never`, otherwise `nil`.
  @usableFromInline
  static func infallibleReduction<Reducing: InPlaceReducerProtocol<State>>(
    of reducer: Reducing
  ) -> (@Sendable (any ActionProtocol, inout State) -> Void)? {
    guard Reducing.Failure.self == Never.self else { return nil }
    return { action, state in
      do {
        try reducer.reduce(action, into: &state)
      } catch {
        // Unreachable: `Failure` is `Never`, so `reduce` cannot throw.
      }
    }
  }
}
