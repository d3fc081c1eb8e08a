import CSReduxKitCore
import CSReduxKitTestSupport
import Testing

@Suite("Actions and payloads")
struct ActionTests {
  @Test("an action keeps its type and payload")
  func keepsTypeAndPayload() throws {
    let action = Action(type: 3, data: "Buy milk")
    #expect(action.type == 3)
    #expect(action.data as? String == "Buy milk")
    #expect(try action.payload(as: String.self) == "Buy milk")
  }

  @Test("an action can be made from an Int-backed enum case")
  func madeFromEnumCase() {
    let action = Action(CounterAction.reset, data: 7)
    #expect(action.type == 3)
    #expect(action.data as? Int == 7)
  }

  @Test("an action without a payload has nil data")
  func noPayload() {
    #expect(Action(type: 1).data == nil)
  }

  @Test("a payload of the wrong type names the action, the expected and the found type")
  func wrongPayloadType() {
    let action = Action(type: 3, data: 42)
    #expect(throws: PayloadError(actionType: 3, expected: "String", found: "Int")) {
      try action.payload(as: String.self)
    }
    do {
      _ = try action.payload(as: String.self)
    } catch {
      #expect(error.description == "action 3: expected String payload, found Int")
    }
  }

  @Test("a missing payload is reported as found none")
  func missingPayload() {
    do {
      _ = try Action(type: 3).payload(as: String.self)
      Issue.record("expected a PayloadError")
    } catch {
      #expect(error.description == "action 3: expected String payload, found none")
      #expect(error.found == nil)
    }
  }

  @Test("the payload type can be inferred")
  func inferredPayloadType() throws {
    let row: Int = try Action(type: 2, data: 5).payload()
    #expect(row == 5)
  }

  @Test("an action describes itself with its type and payload")
  func description() {
    #expect(Action(type: 1).description == "Action(type: 1)")
    #expect(Action(type: 1, data: "x").description == #"Action(type: 1, data: "x")"#)
  }

  @Test("action type names come from a CaseIterable enum")
  func actionTypeNames() {
    let names = ActionTypes(CounterAction.self)
    #expect(names[3] == "reset")
    #expect(names[99] == nil)
    #expect(names.label(for: 3) == "3 (reset)")
    #expect(names.label(for: 99) == "99")
    #expect(ActionTypes.none[1] == nil)
  }

  @Test("a custom type conforming to ActionProtocol can be dispatched")
  func customAction() {
    struct Rename: ActionProtocol {
      var type: Int { 9 }
      var data: (any Sendable)? { newName }
      let newName: String
    }
    let store = Store(state: Counter(), reducer: counterReducer())
    store.dispatch(Rename(newName: "x"))
    #expect(store.state.applied == [9])
  }
}
