import CSReduxKit

/// A task of the todo list.
struct TodoTask: Equatable, Sendable, Codable {
  /// What to do.
  var name: String
}

/// The todo list: newest task first.
package struct TodoState: StateProtocol, Equatable, Codable {
  /// The tasks, newest first.
  var tasks: [TodoTask] = []
}
