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
  /// The search shown: only the tasks whose name contains it; `nil` shows every task.
  var query: String?

  /// The indices of the tasks the search shows, all of them without one.
  var shownIndices: [Int] {
    guard let query else { return Array(tasks.indices) }
    let needle = query.lowercased()
    return tasks.indices.filter { tasks[$0].name.lowercased().contains(needle) }
  }
}
