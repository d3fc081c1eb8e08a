import CSReduxKit
import CSReduxKitTestSupport
import CSReduxKitTesting
import Testing

/// An object whose deallocation a test can observe through a weak reference.
private final class Marker: Sendable {}

@Suite("StoreRecorder lifetime: it never keeps the store alive, and it is freed with its entries")
struct RecorderLifetimeTests {
  @Test("a released recorder is freed with its entries and unsubscribes")
  func recorderIsFreed() {
    let store = Store(state: Tally(), reducer: tallyReducer)
    var recorder: StoreRecorder<Tally>? = StoreRecorder(store)
    weak let weakRecorder = recorder
    var payload: Marker? = Marker()
    weak let weakPayload = payload
    store.dispatch(Action(type: 99, data: payload))  // an unknown type: recorded, not applied
    payload = nil
    #expect(recorder?.count == 1)
    #expect(weakPayload != nil, "the recorder's entry holds the action")
    recorder = nil
    #expect(weakRecorder == nil, "the store kept the recorder alive")
    #expect(weakPayload == nil, "the recorder's entries outlived it")
    #expect(store.subscriberCount == 0)
  }

  @Test("a recorder does not keep a store alive that has a reducer in flight")
  func storeFreedWhileRecording() throws {
    let parking = Parking()
    var store: Store<Tally>? = parking.store()
    weak let weakStore = store
    let recorder = StoreRecorder(try #require(store))
    var recorderOfTypes: StoreRecorder<Tally>? = StoreRecorder(
      try #require(store), types: .cases(TallyAction.add))
    weak let weakRecorderOfTypes = recorderOfTypes
    store?.dispatch(Action(TallyAction.add, data: 1))  // parked: in flight
    store = nil
    #expect(weakStore == nil, "a recorder kept the store alive")
    #expect(recorder.isCancelled)
    parking.release()  // the action in flight completes without its store
    #expect(recorder.count == 0, "nothing is recorded for a store that is gone")
    recorderOfTypes = nil
    #expect(weakRecorderOfTypes == nil)
  }
}
