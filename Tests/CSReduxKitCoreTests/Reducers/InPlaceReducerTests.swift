import CSReduxKitCore
import CSReduxKitTestSupport
import Testing

private enum TodoAction: Int, CaseIterable {
  case add, delete, clear, rename
}

private struct TodoState: StateProtocol, Equatable {
  var tasks: [String] = []
  var edits = 0
}

private struct NoSuchTask: Error, Equatable {
  let index: Int
}

@Suite("In-place reducers and the action router")
struct InPlaceReducerTests {
  @Test("an in-place reducer changes the state and the store commits it")
  func inPlaceCommits() {
    let store = Store(
      state: TodoState(),
      reducer: InPlaceReducer<TodoState> { action, state in
        state.tasks.append(try action.payload(as: String.self))
      })
    store.dispatch(Action(TodoAction.add, data: "Work"))
    #expect(store.state.tasks == ["Work"])
  }

  @Test("a throwing in-place reducer leaves no half-applied change")
  func throwingKeepsState() {
    let log = DiagnosticLog()
    let store = Store(
      state: TodoState(tasks: ["Sing"]),
      reducer: InPlaceReducer<TodoState> { action, state in
        state.edits += 1  // changed before the failure: must not be kept
        let index = try action.payload(as: Int.self)
        guard state.tasks.indices.contains(index) else { throw NoSuchTask(index: index) }
        state.tasks.remove(at: index)
      }, diagnostics: log.handler)
    let seen = Locked<[Bool]>([])
    store.subscribe { action, _ in seen.append(action is RejectedAction) }
    store.dispatch(Action(TodoAction.delete, data: 3))
    #expect(store.state == TodoState(tasks: ["Sing"]))
    store.dispatch(Action(TodoAction.delete, data: "zero"))
    #expect(store.state == TodoState(tasks: ["Sing"]))
    store.dispatch(Action(TodoAction.delete, data: 0))
    #expect(store.state == TodoState(tasks: [], edits: 1))
    #expect(seen.current == [true, true, false])
    #expect(log.kinds == [.reducerFailed, .reducerFailed])
    #expect(log.entries.current[0].error as? NoSuchTask == NoSuchTask(index: 3))
  }

  @Test("a type conforming to InPlaceReducerProtocol gets execute for free")
  func protocolConformance() {
    struct Counting: InPlaceReducerProtocol {
      func reduce(_ action: any ActionProtocol, into state: inout Counter) throws {
        state.value += try action.payload(as: Int.self)
      }
    }
    let store = Store(state: Counter(), reducer: Counting(), diagnostics: { _ in })
    store.dispatch(Action(type: 1, data: 5))
    store.dispatch(Action(type: 1, data: "five"))
    #expect(store.state.value == 5)
  }

  @Test("the router runs the handler for each action type, with the payload cast")
  func routerRoutes() {
    let router = ActionRouter<TodoState> {
      On(TodoAction.add, payload: String.self) { name, state in state.tasks.insert(name, at: 0) }
      On(TodoAction.delete, payload: Int.self) { index, state in
        guard state.tasks.indices.contains(index) else { throw NoSuchTask(index: index) }
        state.tasks.remove(at: index)
      }
      On(TodoAction.clear) { state in state.tasks.removeAll() }
    }
    #expect(router.routedTypes == [0, 1, 2])
    let store = Store(state: TodoState(), reducer: router, diagnostics: { _ in })
    store.dispatch(Action(TodoAction.add, data: "Work"))
    store.dispatch(Action(TodoAction.add, data: "Eat"))
    #expect(store.state.tasks == ["Eat", "Work"])
    store.dispatch(Action(TodoAction.delete, data: 1))
    #expect(store.state.tasks == ["Eat"])
    store.dispatch(Action(TodoAction.rename, data: "x"))  // no handler: unchanged
    #expect(store.state.tasks == ["Eat"])
    store.dispatch(Action(TodoAction.clear))
    #expect(store.state.tasks == [])
  }

  @Test("a wrong payload in a routed action fails it with a PayloadError")
  func routerPayloadError() {
    let log = DiagnosticLog()
    let store = Store(
      state: TodoState(tasks: ["Sing"]),
      reducer: ActionRouter<TodoState> {
        On(TodoAction.delete, payload: Int.self) { index, state in state.tasks.remove(at: index) }
      }, diagnostics: log.handler)
    store.dispatch(Action(TodoAction.delete, data: "0"))
    store.dispatch(Action(TodoAction.delete))
    #expect(store.state.tasks == ["Sing"])
    #expect(
      log.entries.current.compactMap { $0.error as? PayloadError } == [
        PayloadError(actionType: 1, expected: "Int", found: "String"),
        PayloadError(actionType: 1, expected: "Int", found: nil),
      ])
  }

  @Test("several handlers for one type run in order; if one throws none of them is kept")
  func routerSeveralHandlers() {
    let failSecond = Locked(false)
    let store = Store(
      state: TodoState(),
      reducer: ActionRouter<TodoState> {
        On(TodoAction.add, payload: String.self) { name, state in state.tasks.append(name) }
        On(
          TodoAction.add,
          action: { _, state in
            state.edits += 1
            if failSecond.current { throw NoSuchTask(index: -1) }
          })
      }, diagnostics: { _ in })
    store.dispatch(Action(TodoAction.add, data: "a"))
    #expect(store.state == TodoState(tasks: ["a"], edits: 1))
    failSecond.withLock { $0 = true }
    store.dispatch(Action(TodoAction.add, data: "b"))
    #expect(store.state == TodoState(tasks: ["a"], edits: 1))
  }

  @Test("routes can be chosen with if and for in the builder")
  func routerBuilderControlFlow() {
    let withClear = true
    let router = ActionRouter<TodoState> {
      for type in [TodoAction.add, .rename] {
        On(type, payload: String.self) { name, state in state.tasks.append(name) }
      }
      if withClear {
        On(TodoAction.clear) { state in state.tasks.removeAll() }
      } else {
        On(TodoAction.delete) { state in state.tasks.removeLast() }
      }
    }
    #expect(router.routedTypes == [0, 2, 3])
  }
}
