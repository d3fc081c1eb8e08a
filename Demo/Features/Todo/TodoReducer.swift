import CSReduxKit
import DemoUI

/// The todo reducer: addTask inserts at index 0 (newest first); deleteTask removes an index;
/// signOut removes every task; showSearch shows the tasks matching a query.
///
/// Every action finishes at once. An index out of range fails the action instead of
/// stopping the program: the state is kept and the store reports an
/// ``IndexOutOfRangeError``. A missing or wrong payload is reported the same way.
package struct TodoReducer: ReducerProtocol {
  /// Finishes with ``reduce(_:_:)``'s state, or fails with what it threw.
  package func execute(action: any ActionProtocol, state: TodoState, finish: Finish<TodoState>) {
    do {
      finish(try Self.reduce(action, state))
    } catch {
      finish.fail(error)
    }
  }

  /// The pure state transition.
  static func reduce(_ action: any ActionProtocol, _ state: TodoState) throws -> TodoState {
    var state = state
    switch TodoActionType(rawValue: action.type) {
    case .addTask:
      state.tasks.insert(TodoTask(name: try action.payload(as: String.self)), at: 0)
    case .deleteTask:
      let index = try action.payload(as: Int.self)
      guard state.tasks.indices.contains(index) else {
        throw IndexOutOfRangeError(index: index, count: state.tasks.count, noun: "task")
      }
      state.tasks.remove(at: index)
    case .signOut:
      state = TodoState()
    case .showSearch:
      let query = try action.payload(as: String.self)
      state.query = query.isEmpty ? nil : query
    case nil:
      break
    }
    return state
  }
}
