import CSReduxKitCore
import CSReduxKitTestSupport
import CSReduxKitTesting
import Dispatch
import Testing

@Suite("StoreViewModel and ActionBinding: a store's state for views, read and written")
@MainActor
struct StoreViewModelTests {
  @Test("state starts as the store's current state, and members read through the model")
  func initialState() {
    let store = moduleStore("A")
    store.dispatch(Action(ModuleAction.setValue, data: 5))
    let model = StoreViewModel(store)
    #expect(model.state == Module(value: 5))
    #expect(model.value == 5)
    #expect(model.isFollowing)
  }

  @Test("an action sent on the main actor is in state when send returns, announced before")
  func sendOnTheMainActor() {
    let store = moduleStore("A")
    let model = StoreViewModel(store)
    var seenBeforeChange: [Int] = []
    model.willChange = { seenBeforeChange.append(model.value) }
    model.send(Action(ModuleAction.add, data: 2))
    #expect(model.value == 2)
    model.send(Action(ModuleAction.add, data: 3))
    #expect(model.value == 5)
    #expect(seenBeforeChange == [0, 2])  // each change announced while the old state shows
  }

  @Test("a commit made on another thread reaches state on a later turn of the main queue")
  func commitFromAnotherThread() async {
    let store = moduleStore("A", finishOn: DispatchQueue(label: "reducer"))
    let model = StoreViewModel(store)
    await store.send(Action(ModuleAction.add, data: 4))
    await runPendingMainActorDeliveries()
    #expect(model.value == 4)
  }

  @Test("a binding reads the selected value and dispatches the action made from a write")
  func bindingReadsAndSends() {
    let store = moduleStore("A")
    let model = StoreViewModel(store)
    let value = model.binding(\.value) { Action(ModuleAction.setValue, data: $0) }
    #expect(value.value == 0)
    value.value = 7
    #expect(store.state.value == 7)
    #expect(model.value == 7)
    #expect(value.value == 7)
  }

  @Test("a binding whose action the reducer rejects leaves the value as it was")
  func rejectedWrite() {
    let store = moduleStore("A")
    let note = store.binding(\.note) { _ in Action(ModuleAction.note, data: 3) }  // not a String
    note.value = "ignored"
    #expect(note.value == "")
  }

  @Test("letting the model go cancels its subscription")
  func modelGoes() {
    let store = moduleStore("A")
    var model: StoreViewModel<Module>? = StoreViewModel(store)
    #expect(store.subscriberCount == 1)
    #expect(model?.isFollowing == true)
    model = nil
    #expect(store.subscriberCount == 0)
    store.dispatch(Action(ModuleAction.add))
    #expect(store.state.value == 1)
  }
}
