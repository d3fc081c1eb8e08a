import CSReduxKit

/// The todo module's action types.
package enum TodoActionType: Int, CaseIterable, Sendable {
  /// Adds a task at the top. Payload: its name, a `String`.
  case addTask
  /// Deletes a task. Payload: its index, an `Int`.
  case deleteTask
  /// The user signed out: no tasks. No payload.
  case signOut
  /// Shows only the tasks whose name contains a query; an empty query shows them all.
  /// Payload: the query, a `String`. Dispatched by the search effect once its lookup answers.
  case showSearch
}

extension TodoActionType {
  /// Writes and reads the module's action logs (`demo --log`, `demo replay`): every action type
  /// with its payload's type. The switch is exhaustive, so a new action type cannot be left out.
  static var logCodec: ActionLogCodec<TodoState> {
    var codec = ActionLogCodec<TodoState>(actions: ActionTypes(Self.self))
    for type in allCases {
      switch type {
      case .addTask: codec.register(type, payload: String.self)
      case .deleteTask: codec.register(type, payload: Int.self)
      case .signOut: codec.register(type)
      case .showSearch: codec.register(type, payload: String.self)
      }
    }
    return codec
  }
}
