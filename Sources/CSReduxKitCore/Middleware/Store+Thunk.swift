/// Thunks for the store's own state, so that `.effect { … }` needs no state type.
extension Store {
  /// Dispatches a thunk made for this store's state.
  ///
  /// With it, a thunk's state type comes from the store:
  ///
  /// ```swift
  /// store.dispatch(.effect { context in
  ///   let items = try await catalog.items()
  ///   context.dispatch(Action(CatalogAction.loaded, data: items))
  /// })
  /// ```
  ///
  /// The same as `dispatch(_:)` of any action with the thunk; see ``Thunk``.
  ///
  /// - Parameter thunk: The thunk: `.effect { … }`, `.effect(id:cancelInFlight:) { … }` or
  ///   `Thunk { … }`.
  @inlinable
  public final func dispatch(_ thunk: Thunk<State>) {
    engine.dispatch(thunk, completion: nil)
  }

  /// Sends a thunk made for this store's state: `await store.send(.effect { … })`.
  ///
  /// The same as `send(_:)` of any action with the thunk.
  ///
  /// - Parameter thunk: The thunk.
  /// - Returns: The state at that moment and ``ActionOutcome/thunkRan`` or
  ///   ``ActionOutcome/effectStarted``.
  @discardableResult
  public final func send(_ thunk: Thunk<State>) async -> SendResult<State> {
    await send(thunk as any ActionProtocol)
  }
}

extension ThunkContext {
  /// Dispatches a thunk made for the store's state: `context.dispatch(.effect { … })`.
  ///
  /// The same as `dispatch(_:)` of any action with the thunk.
  ///
  /// - Parameter thunk: The thunk.
  @inlinable
  public func dispatch(_ thunk: Thunk<State>) {
    dispatch(thunk as any ActionProtocol)
  }

  /// Sends a thunk made for the store's state: `await context.send(.effect { … })`.
  ///
  /// The same as `send(_:)` of any action with the thunk.
  ///
  /// - Parameter thunk: The thunk.
  /// - Returns: The state at that moment and what became of the thunk.
  @discardableResult
  public func send(_ thunk: Thunk<State>) async -> SendResult<State> {
    await send(thunk as any ActionProtocol)
  }
}
