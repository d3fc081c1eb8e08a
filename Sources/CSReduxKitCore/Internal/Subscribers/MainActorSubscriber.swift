import Dispatch

/// A main-actor subscriber: its closure lives and dies on the main actor.
///
/// The closure returns `false` when its owner is gone; the subscription is then cancelled and
/// the closure released, on the main actor. A cancelled subscription's deliveries still in the
/// FIFO are skipped, so `cancel()` on the main actor stops every later call.
@MainActor
final class _MainActorSubscriber<State: StateProtocol> {
  /// Read and written on the main actor only; `deinit`, which may run on any thread, is the
  /// one other access, and nothing else holds the subscriber by then.
  private nonisolated(unsafe) var body: (@MainActor (any ActionProtocol, State) -> Bool)?

  /// Nonisolated so that a store can make one from any thread; the closure runs on the main
  /// actor only.
  nonisolated init(_ body: @escaping @MainActor (any ActionProtocol, State) -> Bool) {
    self.body = body
  }

  /// A subscription cancelled off the main actor lets its subscriber go on that thread: the
  /// closure (and what it captured, a view or a view model, say) is then carried to the main
  /// queue and released there, so that a main-actor object is never deinitialized elsewhere.
  ///
  /// The closure is moved into the carrier, never copied: if this thread kept a reference
  /// until `deinit` ends, the main queue could drop the carrier's first and leave the last one
  /// to this thread.
  deinit {
    guard body != nil, !isOnMainQueue() else { return }
    let carried = _MainActorCarrier<State>()
    carried.take(&body)
    DispatchQueue.main.async { carried.release() }
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

/// Carries a main-actor closure to the main queue, to be released there.
private final class _MainActorCarrier<State: StateProtocol>: @unchecked Sendable {
  // Touched on the main queue only, once the carrier got there.
  private var body: (@MainActor (any ActionProtocol, State) -> Bool)?

  init() {}

  /// Moves `body` into the carrier, leaving `nil` behind.
  func take(_ body: inout (@MainActor (any ActionProtocol, State) -> Bool)?) {
    self.body = body.take()
  }

  /// Releases the closure; called on the main queue.
  func release() {
    body = nil
  }
}
