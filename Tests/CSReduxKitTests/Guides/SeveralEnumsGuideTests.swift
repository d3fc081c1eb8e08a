import CSReduxKit
import CSReduxKitTestSupport
import Testing

// The several-enum example of docs/migrating-from-reswift.md, compiled and run:
// `.ci/check-doc-examples` checks that each region between `// example: NAME` and
// `// end-example` is a code block of the guide, line for line.

// example: reswift-several-enums
/// A ReSwift store's two action families, each with its own raw values.
enum ToDoAction: Int, CaseIterable, Sendable {
  case add = 0, check
}
enum SelectionAction: Int, CaseIterable, Sendable {
  case select = 100, clear
}

struct ToDoState: StateProtocol, Equatable, Codable {
  var titles: [String] = []
  var selection: Int?
}

let toDoReducer = InPlaceReducer<ToDoState> { action, state in
  switch action.type {
  case ToDoAction.add.rawValue:
    state.titles.append(try action.payload(as: String.self))
  case SelectionAction.select.rawValue:
    state.selection = try action.payload(as: Int.self)
  case SelectionAction.clear.rawValue:
    state.selection = nil
  default:
    break
  }
}

let toDoActions = ActionTypes(ToDoAction.self, SelectionAction.self)
// end-example

// example: shopping-typed-payload
extension ShoppingAction {
  /// Adds an item: the payload is its name, checked where the action is made.
  static let addItem = ActionCase(ShoppingAction.add, payload: String.self)
}
// end-example

@Suite("The ReSwift migration guide's several enums")
struct SeveralEnumsGuideTests {
  @Test("a store of two enums round-trips through export, import and replay")
  func severalEnumsRoundTrip() async throws {
    let diagnostics = DiagnosticLog()
    // example: reswift-several-enums-session
    let store = Store(
      state: ToDoState(), reducer: toDoReducer, name: "ToDoStore",
      actions: toDoActions, diagnostics: diagnostics.handler)
    let log = ActionLog(recording: store)
    store.dispatch(Action(ToDoAction.add, data: "Milk"))
    store.dispatch(Action(SelectionAction.select, data: 0))

    var codec = ActionLogCodec<ToDoState>(actions: store.declaredActions)
    codec.register(ToDoAction.add, payload: String.self)
    codec.register(SelectionAction.select, payload: Int.self)
    let imported = try codec.decode(try codec.encode(log.recording))
    let fresh = Store(
      state: ToDoState(), reducer: toDoReducer, actions: toDoActions)
    try await imported.replay(into: fresh)  // the same state, action by action
    // end-example
    #expect(fresh.state == ToDoState(titles: ["Milk"], selection: 0))
    #expect(store.state == fresh.state)
    #expect(diagnostics.kinds.isEmpty)
  }

  @Test("two enums that both start at 0 are reported where the store is made")
  func overlapReported() {
    enum Selection: Int, CaseIterable { case select, clear }
    let diagnostics = DiagnosticLog()
    _ = Store(
      state: ToDoState(), reducer: toDoReducer, name: "ToDoStore",
      actions: ActionTypes(ToDoAction.self, Selection.self), diagnostics: diagnostics.handler)
    #expect(diagnostics.kinds == [.overlappingActionTypes])
    #expect(
      diagnostics.entries.current.first?.message.contains(
        "0 is both ToDoAction.add and Selection.select") == true)
  }

  @Test("the action log shows a foreign action as rejected, with why")
  func logShowsForeignActionRejected() {
    enum CartAction: Int, CaseIterable { case add }
    let diagnostics = DiagnosticLog()
    let store = Store(
      state: ToDoState(), reducer: toDoReducer, name: "ToDoStore",
      actions: toDoActions, diagnostics: diagnostics.handler)
    let log = ActionLog(recording: store)
    store.dispatch(Action(CartAction.add, data: "milk"))
    #expect(store.state == ToDoState())
    let entry = log.entries.last
    #expect(entry?.isRejected == true)
    #expect((entry?.action as? RejectedAction)?.error is ForeignActionError)
    #expect(diagnostics.kinds == [.foreignAction])
  }

  @Test("getting-started's typed payload: the declared case makes and reads the action")
  func typedPayload() throws {
    let store = ShoppingStore()
    // example: shopping-typed-dispatch
    store.dispatch(ShoppingAction.addItem("Milk"))
    // store.dispatch(ShoppingAction.addItem(42))  // does not compile
    // end-example
    #expect(store.state.items == ["Milk"])
    #expect(try ShoppingAction.addItem.payload(of: ShoppingAction.addItem("Eggs")) == "Eggs")
  }
}
