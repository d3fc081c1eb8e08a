import CSReduxKit
import CSReduxKitTestSupport
import Testing

/// Runs the usage example of README.md. `.ci/check-doc-examples` checks that the code between
/// the markers is the README's example, line for line; `.ci/check-readme-example` checks that
/// the README shows this output.
@Suite("README")
struct ReadmeExampleTests {
  @Test("the README usage example compiles and prints what the README shows")
  func usageExample() {
    let printed = Locked<[String]>([])
    @Sendable func print(_ line: Any) { printed.append("\(line)") }

    // example: usage
    struct TodoState: StateProtocol {
      var tasks: [String] = []
    }

    enum TodoAction: Int, CaseIterable {
      case add, delete
    }

    struct NoSuchTask: Error {
      let index: Int
    }

    let todoReducer = Reducer<TodoState> { action, state, finish in
      var state = state
      do {
        switch TodoAction(rawValue: action.type) {
        case .add:
          state.tasks.insert(try action.payload(as: String.self), at: 0)
        case .delete:
          let index = try action.payload(as: Int.self)
          guard state.tasks.indices.contains(index) else { throw NoSuchTask(index: index) }
          state.tasks.remove(at: index)
        case nil:
          break
        }
        finish(state)
      } catch {
        finish.fail(error)  // the state stays as it was; the store reports the error
      }
    }

    final class TodoStore: Store<TodoState>, @unchecked Sendable {
      init(reducer: Reducer<TodoState>) {
        super.init(
          state: TodoState(), reducer: reducer, actionNames: ActionTypeNames(TodoAction.self))
      }
    }

    let store = TodoStore(reducer: todoReducer)
    let subscription = store.subscribe(to: [TodoAction.add]) { action, state in
      print("added: \(state.tasks)")
    }
    store.dispatch(Action(TodoAction.add, data: "Work"))
    store.dispatch(Action(TodoAction.add, data: "Eat"))
    store.dispatch(Action(TodoAction.delete, data: 1))
    print(store.state.tasks)  // the reducer finished synchronously: already committed
    store.dispatch(Action(TodoAction.delete, data: 7))  // reported; nothing changes
    print(store.state.tasks)
    subscription.cancel()
    // end-example

    // README-OUTPUT-BEGIN
    let expected = """
      added: ["Work"]
      added: ["Eat", "Work"]
      ["Eat"]
      ["Eat"]
      """
    // README-OUTPUT-END
    #expect(printed.current.joined(separator: "\n") == expected)
  }
}
