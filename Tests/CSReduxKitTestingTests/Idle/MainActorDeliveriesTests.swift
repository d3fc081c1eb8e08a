import CSReduxKit
import CSReduxKitTestSupport
import CSReduxKitTesting
import Dispatch
import Testing

@Suite("runPendingMainActorDeliveries: main-actor subscribers catch up in a test")
struct MainActorDeliveriesTests {
  @Test("deliveries of commits made on another thread have run when it returns")
  @MainActor func runsPendingDeliveries() async {
    let store = Store(state: Tally(), reducer: tallyReducer)
    var seen: [Int] = []
    let subscription = store.subscribeOnMainActor { _, state in seen.append(state.value) }
    // The main actor stays busy while another queue commits: the deliveries wait for it.
    DispatchQueue.global().sync {
      store.dispatch(Action(TallyAction.add, data: 1))
      store.dispatch(Action(TallyAction.add, data: 2))
    }
    #expect(seen.isEmpty, "committed off the main queue: delivered on a later turn")
    await runPendingMainActorDeliveries()
    #expect(seen == [1, 3])
    subscription.cancel()
  }
}
