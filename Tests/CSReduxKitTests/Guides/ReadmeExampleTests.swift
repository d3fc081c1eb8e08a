import CSReduxKit
import CSReduxKitTestSupport
import Testing

/// Runs the usage example of README.md. `.ci/check-doc-examples` checks that the code between
/// the markers is the README's example, line for line; `.ci/check-readme-example` checks that
/// the README shows this output.
@Suite("README")
struct ReadmeExampleTests {
  // The example reports its bad delete on standard error, as the README says: it runs in a
  // child process, whose standard error is checked here instead of printed with the test log.
  #if os(macOS) || os(Linux) || os(Windows)
    @Test("the README usage example compiles and prints what the README shows")
    func usageExample() async {
      // README-OUTPUT-BEGIN
      let expected: String = """
        added: ["Work"]
        added: ["Eat", "Work"]
        ["Eat"]
        ["Eat"]
        """
      // README-OUTPUT-END
      let result = await #expect(
        processExitsWith: .success, observing: [\.standardErrorContent]
      ) { [expected = expected as String] in
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
              state: TodoState(), reducer: reducer, actions: ActionTypes(TodoAction.self))
          }
        }

        let store = TodoStore(reducer: todoReducer)
        let adds = ActionFilter.cases(TodoAction.add)
        let subscription = store.subscribe(to: adds) { action, state in
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

        let output = printed.current.joined(separator: "\n")
        #expect(output == expected, "the example printed:\n\(output)")
      }
      let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        standardError.split(separator: "\n").map(String.init) == [
          "CSReduxKit: TodoStore: action 1 (delete): the reducer failed: NoSuchTask(index: 7). "
            + "The state was left unchanged. Check the action's payload and the state it "
            + "applies to."
        ])
    }
  #endif
}
