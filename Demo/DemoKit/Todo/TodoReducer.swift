import CSReduxKit

/// The todo reducer: addTask inserts at index 0 (newest first); deleteTask removes an index;
/// signOut removes every task.
///
/// Unlike the original, which trapped, an index out of range fails the action: the state is
/// kept and the store reports an ``IndexOutOfRangeError``. A missing or wrong payload is
/// reported the same way.
struct TodoReducer: InPlaceReducerProtocol {
  /// Applies ``reduce(_:_:)``; a throw leaves the store's state unchanged and is reported.
  func reduce(_ action: any ActionProtocol, into state: inout TodoState) throws {
    state = try Self.reduce(action, state)
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
    case nil:
      break
    }
    return state
  }
}
