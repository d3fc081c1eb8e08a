import CSReduxKit
import DemoUI
import Testing

@testable import TodoFeature

/// The todo session on a store holding `names`, newest first.
@MainActor
private func session(_ names: [String]) -> TodoSession {
  let store = TodoStore(
    state: TodoState(tasks: names.map { TodoTask(name: $0) }), diagnostics: { _ in })
  return TodoSession(screen: TodoScreen(store: store))
}

@Suite("Todo module: the task detail screen, a store that comes and goes")
@MainActor
struct TaskDetailTests {
  @Test("open shows the task followed from the list, and its notes loaded by a thunk")
  func openFollowsTheList() {
    let session = session(["Eggs", "Milk"])
    #expect(session.perform(ScriptCommand(name: "open", argument: "1")) == .done(message: nil))
    #expect(session.detail?.render() == ["#1 Milk", "- about Milk"])
    _ = session.perform(ScriptCommand(name: "note", argument: "fresh"))
    session.screen.store.dispatch(Action(TodoActionType.deleteTask, data: 1))
    #expect(session.detail?.store.state.name == "")
    #expect(session.sections.map(\.label) == ["tasks", "detail"])
  }

  @Test("done is the delegate action: the list deletes the task, and the screen closes")
  func doneTellsTheList() {
    let session = session(["Eggs", "Milk"])
    _ = session.perform(ScriptCommand(name: "open", argument: "0"))
    _ = session.perform(ScriptCommand(name: "done"))
    #expect(session.screen.store.state.tasks.map(\.name) == ["Milk"])
    #expect(session.detail == nil)
    #expect(session.sections.map(\.label) == ["tasks"])
  }

  @Test("opened and closed a hundred times, the screen leaves the list's store as it was")
  func openAndCloseRepeatedly() {
    let session = session(["Eggs", "Milk"])
    let store = session.screen.store
    let subscribers = store.subscriberCount
    let slots = store.subscriberSlotCount
    weak var lastDetail: Store<TaskDetailState>?
    for round in 0..<100 {
      _ = session.perform(ScriptCommand(name: "open", argument: "\(round % 2)"))
      lastDetail = session.detail?.store
      #expect(store.subscriberCount == subscribers + 1)
      _ = session.perform(ScriptCommand(name: "close"))
    }
    #expect(lastDetail == nil)
    #expect(store.subscriberCount == subscribers)
    #expect(store.subscriberSlotCount <= slots + 1)
  }

  @Test("detail commands without an open screen, or with a bad index, are refused")
  func misuseIsRefused() throws {
    let session = session(["Eggs"])
    for command in ["note x", "done", "close", "open 5", "open"] {
      let result = session.perform(try #require(ScriptCommand(line: command)))
      guard case .invalid = result else {
        Issue.record("\(command) gave \(result)")
        continue
      }
    }
  }
}
