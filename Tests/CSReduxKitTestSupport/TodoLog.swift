import CSReduxKit

/// The state of the codec and log tests: a to-do list that encodes as JSON.
package struct TodoLogState: StateProtocol, Codable, Equatable {
  package var tasks: [String] = []

  package init(tasks: [String] = []) { self.tasks = tasks }
}

package enum TodoLogAction: Int, CaseIterable {
  case add, delete, clear
}
