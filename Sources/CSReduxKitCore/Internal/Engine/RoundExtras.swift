/// What a notification round rarely carries besides its subscribers: completions of feedback
/// actions dropped while the state was lent, and actions the reducer dispatched to a store
/// with middleware. A round without them, the common case, carries `nil`.
@usableFromInline
struct _RoundExtras<State: StateProtocol> {
  /// Completions of feedback actions dropped while the state was lent, for the committed state.
  @usableFromInline var lateCompletions: [@Sendable (State) -> Void]
  /// Actions the reducer dispatched to a store with middleware, to pass through it now.
  @usableFromInline var deferredDispatches: [_Pending<State>]

  @inlinable
  init(lateCompletions: [@Sendable (State) -> Void], deferredDispatches: [_Pending<State>]) {
    self.lateCompletions = lateCompletions
    self.deferredDispatches = deferredDispatches
  }
}
