import CSReduxKitCore
import CSReduxKitTestSupport
import Testing

/// A module's actions as one enum with associated values.
private enum NoteAction: EnumAction, Equatable {
  case add(text: String)
  case move(from: Int, to: Int)
  case clear

  enum Kind: Int, CaseIterable, Sendable {
    case add = 1, move, clear
  }

  var kind: Kind {
    switch self {
    case .add: .add
    case .move: .move
    case .clear: .clear
    }
  }
}

private struct Notes: StateProtocol, Equatable {
  var texts: [String] = []
}

private let notesReducer = InPlaceReducer<Notes> { action, state in
  switch try NoteAction(action) {
  case .add(let text)?: state.texts.append(text)
  case .move(let from, let to)?: state.texts.insert(state.texts.remove(at: from), at: to)
  case .clear?: state.texts = []
  case nil: break
  }
}

@Suite("EnumAction: an enum with associated values as a module's actions")
struct EnumActionTests {
  @Test("the type is the kind's raw value and the payload is the enum value")
  func typeAndPayload() {
    let action = NoteAction.move(from: 0, to: 2)
    #expect(action.type == 2)
    #expect(action.data as? NoteAction == action)
    #expect(NoteAction.clear.type == NoteAction.Kind.clear.rawValue)
  }

  @Test("init reads the enum itself, a wrapped action and a plain Action with its payload")
  func readsEveryForm() throws {
    let add = NoteAction.add(text: "milk")
    #expect(try NoteAction(add) == add)
    #expect(try NoteAction(RejectedAction(add, error: nil)) == add)
    #expect(try NoteAction(Action(type: 1, data: add)) == add)
    #expect(try NoteAction(Action(type: 99)) == nil, "another module's type is not ours")
  }

  @Test("a payload that is missing, of another type or of another kind is a PayloadError")
  func wrongPayloads() {
    #expect(throws: PayloadError(actionType: 1, expected: "NoteAction", found: nil)) {
      try NoteAction(Action(type: 1))
    }
    #expect(throws: PayloadError(actionType: 1, expected: "NoteAction", found: "String")) {
      try NoteAction(Action(type: 1, data: "milk"))
    }
    let mismatch = PayloadError(
      actionType: 2, expected: "NoteAction.move", found: "NoteAction.clear")
    #expect(throws: mismatch) { try NoteAction(Action(type: 2, data: NoteAction.clear)) }
    #expect(
      "\(mismatch)" == "action 2: expected NoteAction.move payload, found NoteAction.clear")
  }

  @Test("a store reduces them, filters subscriptions by kind and names them")
  func inAStore() {
    let reports = Locked<[String]>([])
    let store = Store(
      state: Notes(), reducer: notesReducer, actions: ActionTypes(NoteAction.Kind.self),
      diagnostics: { reports.append($0.description) })
    let moves = Locked<[NoteAction?]>([])
    let subscription = store.subscribe(to: .cases(NoteAction.Kind.move)) { action, _ in
      moves.append(try? NoteAction(action))
    }
    store.dispatch(NoteAction.add(text: "a"))
    store.dispatch(NoteAction.add(text: "b"))
    store.dispatch(NoteAction.move(from: 1, to: 0))
    store.dispatch(Action(NoteAction.Kind.add, data: "c"))  // a payload of the wrong type
    subscription.cancel()
    #expect(store.state == Notes(texts: ["b", "a"]))
    #expect(moves.current == [.move(from: 1, to: 0)])
    #expect(
      reports.current == [
        "CSReduxKit: Store<Notes>: action 1 (add): the reducer failed: action 1: expected "
          + "NoteAction payload, found String. The state was left unchanged. Check the action's "
          + "payload and the state it applies to."
      ])
  }
}
