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
}
