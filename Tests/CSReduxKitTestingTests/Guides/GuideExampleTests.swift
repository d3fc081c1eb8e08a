import CSReduxKit
import CSReduxKitTestSupport
import CSReduxKitTesting
import Dispatch
import Testing

#if canImport(XCTest)
  import XCTest
#endif

// The examples of docs/testing.md, kept compiling and running. Keep each example identical to
// its code block in the guide.

// example: testing-module
struct CounterState: StateProtocol, Equatable {
  var count = 0
  var history: [String] = []
}

enum CounterAction: Int, CaseIterable { case add, reset, log }

struct CounterReducer: InPlaceReducerProtocol {
  func reduce(_ action: any ActionProtocol, into state: inout CounterState) throws {
    switch CounterAction(rawValue: action.type) {
    case .add: state.count += try action.payload(as: Int.self)
    case .reset: state.count = 0
    case .log: state.history.append(try action.payload(as: String.self))
    case nil: break
    }
  }
}
// end-example

// example: testing-reducer
@Test("add adds its payload")
func addAddsItsPayload() throws {
  var state = CounterState(count: 1)
  try CounterReducer().reduce(Action(CounterAction.add, data: 2), into: &state)
  #expect(state == CounterState(count: 3))
}

@Test("add rejects a payload that is not an Int")
func addRejectsText() {
  var state = CounterState()
  #expect(throws: PayloadError.self) {
    try CounterReducer().reduce(Action(CounterAction.add, data: "two"), into: &state)
  }
}
// end-example

// example: testing-finish
/// A reducer that finishes later, on another thread.
let slowCounter = Reducer<CounterState> { action, state, finish in
  DispatchQueue.global().async {
    CounterReducer().execute(action: action, state: state, finish: finish)
  }
}

/// Runs `reducer` once, without a store, and returns what it passed to `finish`.
func outcome<R: ReducerProtocol>(
  of reducer: R, _ action: any ActionProtocol, from state: R.State
) async -> Result<R.State, any Error> {
  await withCheckedContinuation { continuation in
    let finish = Finish<R.State>(named: "\(R.self)") { result in
      continuation.resume(returning: result)
    }
    reducer.execute(action: action, state: state, finish: finish)
  }
}

@Test("the slow reducer adds, and rejects text, without a store")
func slowCounterDirectly() async throws {
  let added = await outcome(of: slowCounter, Action(CounterAction.add, data: 2), from: .init())
  #expect(try added.get() == CounterState(count: 2))

  let text = await outcome(of: slowCounter, Action(CounterAction.add, data: "two"), from: .init())
  #expect(throws: PayloadError.self) { try text.get() }
}
// end-example

// example: testing-expect
@Test("add, then reset; text is rejected")
func addThenReset() async throws {
  let store = Store(
    state: CounterState(), reducer: CounterReducer(),
    diagnostics: { _ in })  // keeps the expected rejection out of the test log
  try await store.expect(dispatching: Action(CounterAction.add, data: 2)) { $0.count = 2 }
  try await store.expect(dispatching: Action(CounterAction.reset)) { $0.count = 0 }
  try await store.expectRejection(of: Action(CounterAction.add, data: "two"))
}
// end-example

// example: testing-recorder
@Test("every add is logged by a follow-up action")
func addIsLogged() async throws {
  let store = Store(state: CounterState(), reducer: CounterReducer())
  store.subscribe(to: .cases(CounterAction.add)) { [weak store] _, state in
    store?.dispatch(Action(CounterAction.log, data: "count is \(state.count)"))
  }
  let recorder = StoreRecorder(store)

  try await store.expect(dispatching: Action(CounterAction.add, data: 5), exhaustive: false) {
    $0.count = 5
  }
  let added = try await recorder.nextEntry(timeout: .seconds(5))
  let logged = try await recorder.nextEntry(timeout: .seconds(5))
  #expect(added.action.type == CounterAction.add.rawValue)
  #expect(logged.state.history == ["count is 5"])
  try await recorder.expectNoMoreActions(timeout: .seconds(5))
}
// end-example

// example: testing-async
@Test("a reducer that finishes later")
func slowAdd() async throws {
  let store = Store(state: CounterState(), reducer: slowCounter)
  try await store.expect(dispatching: Action(CounterAction.add, data: 1)) { $0.count = 1 }

  store.dispatch(Action(CounterAction.add, data: 1))
  store.dispatch(Action(CounterAction.add, data: 1))
  try await store.waitUntilIdle(timeout: .seconds(5))
  #expect(store.state.count == 3)
}
// end-example

// A Mac with only the Command Line Tools has no XCTest.
#if canImport(XCTest)
  // example: testing-xctest
  final class CounterXCTests: XCTestCase {
    func testAddThenReset() throws {
      let store = Store(state: CounterState(), reducer: CounterReducer())
      try store.expect(dispatching: Action(CounterAction.add, data: 2)) { $0.count = 2 }
      try store.expect(dispatching: Action(CounterAction.reset)) { $0.count = 0 }
    }

    func testSlowAdd() async throws {
      let store = Store(state: CounterState(), reducer: slowCounter)
      store.dispatch(Action(CounterAction.add, data: 1))
      try await store.waitUntilIdle(timeout: .seconds(5))
      XCTAssertEqual(store.state.count, 1)
    }
  }
// end-example
#endif

// example: testing-main-actor
/// A view on the main actor: it shows the count.
@MainActor
final class CountLabel {
  private(set) var text = ""

  init(store: Store<CounterState>) {
    store.subscribeOnMainActor(owner: self) { label, _, state in
      label.text = "\(state.count)"
    }
  }
}

@Test("the label shows a count committed on another thread")
@MainActor func labelFollowsTheStore() async throws {
  let store = Store(state: CounterState(), reducer: slowCounter)
  let label = CountLabel(store: store)
  let result = await store.send(Action(CounterAction.add, data: 2))
  #expect(result.outcome == .applied)
  await runPendingMainActorDeliveries()  // the label's update has run
  #expect(label.text == "2")
}
// end-example

@Test("docs/testing.md: the failure message shown in the guide")
func guideFailureMessage() async throws {
  let store = Store(
    state: CounterState(), reducer: CounterReducer(),
    actions: ActionTypes(CounterAction.self))
  let error = await expectationError {
    try await store.expect(dispatching: Action(CounterAction.add, data: 2)) {
      $0.count = 3
      $0.history = ["added 2"]
    }
  }
  #expect(
    error?.message == """
      the state after action 0 (add) with payload 2 is not the expected one (expected → actual):
        .count: 3 → 2
        .history.count: 1 → 0
        .history[0]: "added 2" → (absent)
      """)
}
