import CSReduxKit
import CSReduxKitTestSupport
import Testing

// The examples of docs/composition.md, compiled and run. `.ci/check-doc-examples` checks that
// each region between `// example: NAME` and `// end-example` is the doc's code block, line
// for line.

private enum TodoAction: Int, CaseIterable {
  case add, delete, clear
}

private struct TodoState: StateProtocol, Equatable {
  var tasks: [String] = []
}

private struct NoSuchTask: Error {
  let index: Int
}

@Suite("docs/composition.md examples")
struct CompositionDocExamplesTests {
  @Test("the router example")
  func router() {
    // example: router
    let todoReducer = ActionRouter<TodoState> {
      On(TodoAction.add, payload: String.self) { name, state in
        state.tasks.insert(name, at: 0)
      }
      On(TodoAction.delete, payload: Int.self) { index, state in
        guard state.tasks.indices.contains(index) else { throw NoSuchTask(index: index) }
        state.tasks.remove(at: index)
      }
      On(TodoAction.clear) { state in
        state.tasks.removeAll()
      }
    }
    // end-example
    let store = Store(state: TodoState(), reducer: todoReducer, diagnostics: { _ in })
    store.dispatch(Action(TodoAction.add, data: "Work"))
    store.dispatch(Action(TodoAction.delete, data: 4))
    #expect(store.state.tasks == ["Work"])
  }

  @Test("the in-place example")
  func inPlace() {
    // example: in-place
    let counter = InPlaceReducer<Counter> { action, state in
      state.value += try action.payload(as: Int.self)  // a wrong payload changes nothing
    }
    // end-example
    let store = Store(state: Counter(), reducer: counter, diagnostics: { _ in })
    store.dispatch(Action(type: 1, data: 2))
    store.dispatch(Action(type: 1, data: "2"))
    #expect(store.state.value == 2)
  }

  @Test("the lent-state example changes the log without a copy and reads it after")
  func lentState() {
    // example: lent-state
    let log = Store(
      state: LogState(), reducer: logReducer,
      stateAccess: .lentToReducer(readsInsideGet: LogState()))
    // end-example
    log.dispatch(Action(type: 1, data: "first"))
    log.dispatch(Action(type: 1, data: "second"))
    #expect(log.state.lines == ["first", "second"])
  }

  @Test("the combine and scope example")
  func combineAndScope() {
    let log = DiagnosticLog()
    // example: combine
    struct Settings: StateProtocol { var facebook = false }
    struct Users: StateProtocol { var names: [String] = [] }
    struct AppState: StateProtocol {
      var settings = Settings()
      var users = Users()
    }

    let settingsReducer = InPlaceReducer<Settings>.nonThrowing { action, state in
      if action.type == 1 { state.facebook.toggle() }
    }
    let usersReducer = InPlaceReducer<Users> { action, state in
      if action.type == 2 { state.names.append(try action.payload(as: String.self)) }
    }
    let appReducer = CombinedReducer<AppState>(
      ScopedReducer("settings", state: \.settings, reducer: settingsReducer),
      ScopedReducer("users", state: \.users, reducer: usersReducer)
    )
    // end-example
    let store = Store(state: AppState(), reducer: appReducer, diagnostics: log.handler)
    store.dispatch(Action(type: 1))
    store.dispatch(Action(type: 2, data: 7))
    #expect(store.state.settings.facebook)
    #expect(store.state.users.names.isEmpty)
    #expect(
      log.entries.current.first?.description.contains("child reducer '2 > users' failed") == true)
  }

  @Test("the selection example")
  func selection() {
    let shown = Locked<[Int]>([])
    let store = Store(
      state: TodoState(),
      reducer: InPlaceReducer<TodoState> { action, state in
        state.tasks.append(try action.payload(as: String.self))
      })
    @Sendable func showBadge(_ count: Int) { shown.append(count) }
    // example: select
    store.subscribe(select: { $0.tasks.count }) { count, action in
      showBadge(count)  // only when the number of tasks changed
    }
    // end-example
    store.dispatch(Action(type: 0, data: "a"))
    #expect(shown.current == [1])
  }

  @Test("the middleware example")
  func middleware() {
    let lines = Locked<[String]>([])
    @Sendable func print(_ line: String) { lines.append(line) }
    // example: middleware
    let noEmptyDeletes = Middleware<TodoState> { action, context in
      if action.type == TodoAction.delete.rawValue, context.state.tasks.isEmpty {
        return  // dropped: never reaches the reducer
      }
      context.next(action)
    }
    let store = Store(
      state: TodoState(),
      reducer: ActionRouter<TodoState> {
        On(TodoAction.add, payload: String.self) { name, state in state.tasks.append(name) }
        On(TodoAction.delete, payload: Int.self) { index, state in state.tasks.remove(at: index) }
      },
      name: "TodoStore",
      actions: ActionTypes(TodoAction.self),
      middleware: [noEmptyDeletes, .logging(to: { print($0) })]
    )
    store.dispatch(Action(TodoAction.delete, data: 0))  // dropped
    store.dispatch(
      Thunk { context in
        for name in ["Work", "Eat"] { context.dispatch(Action(TodoAction.add, data: name)) }
      })
    // end-example
    #expect(store.state.tasks == ["Work", "Eat"])
    #expect(lines.current.count == 3)
    #expect(lines.current.first?.hasPrefix("[TodoStore] 0 (add) \"Work\" committed in") == true)
    // The thunk passes through the logger too, and is logged once its work ran.
    #expect(lines.current.last?.hasPrefix("[TodoStore] Thunk() thunk ran in") == true)
  }
}

/// The log of the lent-state example: a list that only grows.
private struct LogState: StateProtocol {
  var lines: [String] = []
}

/// Appends a `String` payload; cannot throw, so a store may lend it its state.
private let logReducer = InPlaceReducer<LogState>.nonThrowing { action, state in
  if let line = action.data as? String { state.lines.append(line) }
}
