/// A main-actor subscriber: its closure lives and dies on the main actor.
///
/// The closure returns `false` when its owner is gone; the subscription is then cancelled and
/// the closure released, on the main actor. A cancelled subscription's deliveries still in the
/// FIFO are skipped, so `cancel()` on the main actor stops every later call.
@MainActor
final class _MainActorSubscriber<State: StateProtocol> {
  private var body: (@MainActor (any ActionProtocol, State) -> Bool)?

  /// Nonisolated so that a store can make one from any thread; the closure runs on the main
  /// actor only.
  nonisolated init(_ body: @escaping @MainActor (any ActionProtocol, State) -> Bool) {
    self.body = body
  }

  func deliver(_ action: any ActionProtocol, _ state: State, _ subscription: Subscription) {
    guard let body else { return }
    guard !subscription.isCancelled, body(action, state) else {
      self.body = nil  // released here, on the main actor
      subscription.cancel()
      return
    }
  }
}
