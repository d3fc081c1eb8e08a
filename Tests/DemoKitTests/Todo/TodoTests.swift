import CSReduxKit
import DemoUI
import Testing

@testable import TodoFeature

@Suite("Todo module (ReduxTodo seed)")
@MainActor
struct TodoTests {
  @Test("adding Work then Eat gives 2 tasks, newest first")
  func addTwoTasks() {
    let store = TodoStore(diagnostics: { _ in })
    #expect(store.state.tasks.isEmpty)
    store.dispatch(Action(TodoActionType.addTask, data: "Work"))
    store.dispatch(Action(TodoActionType.addTask, data: "Eat"))
    #expect(store.state.tasks.count == 2)
    #expect(store.state.tasks.map(\.name) == ["Eat", "Work"])
  }

  @Test("deleting index 0 of [Sing] leaves no tasks")
  func deleteOnlyTask() {
    let store = TodoStore(state: TodoState(tasks: [TodoTask(name: "Sing")]), diagnostics: { _ in })
    store.dispatch(Action(TodoActionType.deleteTask, data: 0))
    #expect(store.state.tasks.isEmpty)
  }

  @Test("an out-of-range delete keeps the tasks and is reported")
  func outOfRangeDelete() {
    let recorder = DiagnosticRecorder()
    let start = TodoState(tasks: [TodoTask(name: "Sing")])
    let store = TodoStore(state: start, diagnostics: recorder.handler)
    store.dispatch(Action(TodoActionType.deleteTask, data: 1))
    #expect(store.state == start)
    #expect(recorder.diagnostics.map(\.kind) == [.reducerFailed])
    #expect(
      recorder.diagnostics.first.flatMap { $0.error.map { "\($0)" } }
        == "task 1 is out of range: the list has 1 task")
  }

  @Test("a wrong payload type is reported and leaves the tasks unchanged")
  func wrongPayload() {
    let recorder = DiagnosticRecorder()
    let store = TodoStore(diagnostics: recorder.handler)
    store.dispatch(Action(TodoActionType.addTask, data: 12))
    #expect(store.state.tasks.isEmpty)
    #expect(
      recorder.diagnostics.first?.error as? PayloadError
        == PayloadError(actionType: 0, expected: "String", found: "Int"))
  }

  @Test("the list view follows the store and the screen refuses an empty name")
  func listView() {
    let screen = TodoScreen(store: TodoStore(diagnostics: { _ in }))
    #expect(screen.listView.render() == ["(no tasks)"])
    #expect(screen.add("") == "enter a task name!")
    screen.beginTyping()
    screen.type("Work")
    #expect(screen.renderDraft() == ["[Work_]"])
    #expect(screen.submit() == nil)
    #expect(screen.isTyping == false)
    _ = screen.add("Eat")
    screen.listView.moveSelection(by: 1)
    #expect(screen.listView.render() == ["> 0  Eat", "  1  Work"])
    #expect(screen.deleteSelected() == nil)
    #expect(screen.listView.render() == ["> 0  Work"])
  }

  @Test("a search shows the matching tasks with their indices; an empty one shows them all")
  func searchShowsMatches() async throws {
    let store = TodoStore(diagnostics: { _ in })
    let screen = TodoScreen(store: store, lookup: { _ in })
    for name in ["Buy milk", "Walk dog", "Buy bread"] { _ = screen.add(name) }
    screen.search("buy")
    try await store.waitUntilIdle(timeout: .seconds(300))
    #expect(store.state.query == "buy")
    #expect(store.state.shownIndices == [0, 2])
    // The view follows on the main actor: a dispatch made here reaches it at once.
    store.dispatch(Action(TodoActionType.showSearch, data: "buy"))
    #expect(screen.listView.render() == ["  0  Buy bread", "  2  Buy milk"])
    #expect(screen.listView.renderSearch() == ["\"buy\": 2 of 3 tasks"])
    screen.listView.moveSelection(by: 1)
    #expect(screen.listView.selectedRow == 0)
    screen.listView.moveSelection(by: 1)
    #expect(screen.listView.selectedRow == 2, "the selection skips the rows not shown")
    screen.search("")
    try await store.waitUntilIdle(timeout: .seconds(300))
    #expect(store.state.query == nil)
    #expect(store.state.shownIndices == [0, 1, 2])
  }

  @Test("a new search cancels the one in flight: the old query's late answer never shows")
  func searchCancelsTheOneInFlight() async throws {
    let store = TodoStore(diagnostics: { _ in })
    let shown = _Locked<[String]>([])
    store.subscribe(to: [TodoActionType.showSearch.rawValue]) { action, _ in
      if let query = action.data as? String { shown.withLock { $0.append(query) } }
    }
    let (oldStarted, started) = AsyncStream.makeStream(of: Void.self)
    let oldAnswer = _Locked<CheckedContinuation<Void, Never>?>(nil)
    let screen = TodoScreen(
      store: store,
      lookup: { query in
        guard query == "mi" else { return }
        // A service that answers even when cancelled: late, when the test says so.
        await withCheckedContinuation { continuation in
          oldAnswer.withLock { $0 = continuation }
          started.yield()
        }
      })
    _ = screen.add("Buy milk")
    screen.search("mi")
    var iterator = oldStarted.makeAsyncIterator()
    #expect(await iterator.next() != nil)
    screen.search("milk")
    oldAnswer.withLock { $0.take() }?.resume()
    try await store.waitUntilIdle(timeout: .seconds(300))
    #expect(shown.withLock { $0 } == ["milk"])
    #expect(store.state.query == "milk")
    #expect(store.runningEffects.isEmpty)
  }

  @Test("the / key types a search: Enter searches, Esc cancels, / starts from the query shown")
  func searchKey() async throws {
    let store = TodoStore(diagnostics: { _ in })
    let screen = TodoScreen(store: store, lookup: { _ in })
    let session = TodoSession(screen: screen)
    for name in ["Buy milk", "Walk dog"] { _ = screen.add(name) }
    #expect(session.handle(.character("/")) == .ok)
    #expect(session.keyHint == "type a search  Enter search  Esc cancel  Ctrl-C quit")
    for character in "milk" { _ = session.handle(.character(character)) }
    #expect(session.sections.map(\.label) == ["tasks", "find"])
    #expect(screen.renderDraft() == ["/milk_"])
    #expect(session.handle(.enter) == .done(message: nil))
    #expect(screen.isTyping == false)
    try await store.waitUntilIdle(includingEffects: true)
    #expect(store.state.query == "milk")
    _ = session.handle(.character("/"))
    #expect(screen.renderDraft() == ["/milk_"])
    _ = session.handle(.character("x"))
    _ = session.handle(.escape)
    #expect(screen.isTyping == false)
    try await store.waitUntilIdle(includingEffects: true)
    #expect(store.state.query == "milk", "Esc starts no search")
  }
}
