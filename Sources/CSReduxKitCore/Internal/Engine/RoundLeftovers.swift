/// What closing a round handed back to deal with outside the lock: the subscribers removed
/// during the round (to be released) and the calls to make (the completions of cancelled
/// effects' dropped actions, then the idle waiters).
///
/// A round that has none of them, the common case, hands back `nil`: nothing to release.
@usableFromInline
struct _RoundLeftovers<State: StateProtocol> {
  @usableFromInline var removed: [_Subscriber<State>] = []
  @usableFromInline var calls: [@Sendable () -> Void] = []

  @inlinable
  init() {}
}
