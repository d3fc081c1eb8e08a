import CSReduxKit
import CSReduxKitTesting
import DemoUI
import Testing

@testable import TodoFeature

@Suite("Todo: the search effect, step by step with TestStore and TestClock")
@MainActor
struct TodoSearchTestStoreTests {
  @Test("a search shows its query once the lookup answers; a newer one cancels it in flight")
  func searchStepByStep() async {
    let clock = TestClock()
    let store = TodoStore(diagnostics: { _ in })
    let test = TestStore(store, timeout: .seconds(300))
    // The lookup takes the demo's latency, on the test's clock: no wall time passes.
    let screen = TodoScreen(
      store: store, lookup: { _ in try await clock.sleep(for: TodoScreen.lookupLatency) })

    await test.send(Action(TodoActionType.addTask, data: "Buy milk")) {
      $0.tasks = [TodoTask(name: "Buy milk")]
    }
    screen.search("mi")
    await clock.advance(by: .milliseconds(60))
    screen.search("milk")  // cancels "mi", whose answer never shows
    await clock.advance(by: TodoScreen.lookupLatency)
    await test.receive(TodoActionType.showSearch, payload: "milk") { $0.query = "milk" }
    await test.finish()
    #expect(clock.sleeperCount == 0)
  }
}
