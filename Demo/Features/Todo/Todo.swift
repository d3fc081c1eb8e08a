import CSReduxKit
import DemoUI

/// A todo list as a feature module: tasks added newest first, deleted by index.
package enum Todo: DemoFeature {
  package static let name = "todo"
  package static let summary = "a todo list: add tasks (newest first), delete by index, search"
  package static let heading = "CSReduxKit demo: todo list (newest first)"
  package static let storeName = "TodoStore"
  package static var initialState: TodoState { TodoState() }
  package static let signOut = TodoActionType.signOut
  package static var logCodec: ActionLogCodec<TodoState> { TodoActionType.logCodec }
  package static var commands: [CommandHelp] { TodoSession.commands }
  package static var keys: [KeyHelp] { TodoSession.keys }

  /// The reducer.
  package static func makeReducer() -> TodoReducer { TodoReducer() }

  @MainActor
  package static func makeSession(store: TodoStore) -> TodoSession {
    TodoSession(screen: TodoScreen(store: store))
  }
}
