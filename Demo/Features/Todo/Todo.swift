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

  /// The task detail screen's store.
  package static func registerScreens(in codec: inout TimelineCodec) {
    codec.register(store: TaskDetailScreen.storeName, codec: TaskDetailActionType.logCodec)
  }

  /// A task detail store, as the screen makes it, without its follow and registration.
  package static func addScreenStores(to replay: inout TimelineReplay) {
    replay.add(TaskDetailScreen.makeStore(index: 0), codec: TaskDetailActionType.logCodec)
  }
}
