/// An action waiting in a store's queue.
@usableFromInline
struct _Pending<State: StateProtocol> {
  @usableFromInline
  let action: any ActionProtocol
  @usableFromInline
  let completion: (@Sendable (State) -> Void)?
  /// The gate of the effect that dispatched the action (`nil` for any other dispatch): the
  /// action is dropped if the effect is cancelled before its turn starts.
  @usableFromInline
  let gate: _EffectGate?

  @inlinable
  init(
    action: any ActionProtocol, completion: (@Sendable (State) -> Void)?,
    gate: _EffectGate? = nil
  ) {
    self.action = action
    self.completion = completion
    self.gate = gate
  }
}

/// The action a closed round loaded for the draining thread to run next, and its completion.
@usableFromInline
struct _Next<State: StateProtocol> {
  @usableFromInline var action: (any ActionProtocol)?
  @usableFromInline var completion: (@Sendable (State) -> Void)?

  @inlinable
  init() {}
}
