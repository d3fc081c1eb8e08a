import CSReduxKit
import CSReduxKitTestSupport
import CSReduxKitTesting

// A Mac with only the Command Line Tools has no XCTest.
#if canImport(XCTest)
  import XCTest

  /// The helpers from XCTest: a thrown `StoreExpectationError` fails an XCTest method like any
  /// error, so the same calls work in both frameworks.
  final class XCTestSupportTests: XCTestCase {
    func testSynchronousHelpersPassInXCTest() throws {
      let store = asyncTallyStore()
      let recorder = StoreRecorder(store)
      try store.expect(dispatching: Action(TallyAction.add, data: 2)) { $0.value = 2 }
      store.dispatch(Action(TallyAction.note, data: "two"))
      try store.waitUntilIdle(timeout: .seconds(300))
      XCTAssertEqual(try recorder.nextEntry(timeout: .seconds(300)).state, Tally(value: 2))
      XCTAssertEqual(try recorder.nextEntry(timeout: .seconds(300)).action.type, 2)
      try recorder.expectNoMoreActions(timeout: .seconds(300))
      XCTAssertEqual(store.state, Tally(value: 2, notes: ["two"]))
    }

    func testAsynchronousHelpersPassInXCTest() async throws {
      let store = asyncTallyStore()
      try await store.expect(dispatching: Action(TallyAction.add, data: 3)) { $0.value = 3 }
      let rejection = try await store.expectRejection(of: Action(TallyAction.add, data: "x"))
      XCTAssertTrue(rejection.error is PayloadError)
      try await store.waitUntilIdle(timeout: .seconds(300))
      XCTAssertEqual(store.state.value, 3)
    }

    func testTestStorePassesInXCTest() async {
      let test = TestStore(asyncTallyStore(), timeout: .seconds(300))
      await test.send(Action(TallyAction.add, data: 1)) { $0.value = 1 }
      await test.send(
        Thunk<Tally>.effect { $0.dispatch(Action(TallyAction.note, data: "done")) })
      await test.receive(TallyAction.note, payload: "done") { $0.notes = ["done"] }
      await test.finish()
    }
  }
#endif
