import Dispatch

/// Returns once every delivery to a main-actor subscriber that was queued before the call has
/// run: the closures of `subscribeOnMainActor` and the updates of a `StoreObservation`.
///
/// A commit made on the main actor reaches main-actor subscribers before its `dispatch`
/// returns. A commit made on another thread (an asynchronous reducer, an effect, a dispatch
/// from a background task) queues its deliveries on the main queue instead, and they run when
/// the main actor is next free. Await this in a test before checking what a main-actor view
/// shows:
///
/// ```swift
/// @Test @MainActor func showsWhatTheBackgroundLoaded() async {
///   let model = ListModel(store: store)  // subscribes on the main actor
///   await store.send(Action(ListAction.load))  // committed on another thread
///   await runPendingMainActorDeliveries()
///   #expect(model.rows == ["Milk"])
/// }
/// ```
///
/// It waits for one turn of the main queue, which runs its blocks in order, so deliveries
/// queued before the call run first, and those a delivery queues in turn run with it.
/// Deliveries of commits that happen after the call may run too, or not. It never blocks a
/// thread; called on the main actor, it suspends and lets the main actor run the deliveries.
public func runPendingMainActorDeliveries() async {
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    DispatchQueue.main.async { continuation.resume() }
  }
}
