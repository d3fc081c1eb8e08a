/// The todo module's action types.
enum TodoActionType: Int, CaseIterable, Sendable {
  /// Adds a task at the top. Payload: its name, a `String`.
  case addTask
  /// Deletes a task. Payload: its index, an `Int`.
  case deleteTask
  /// The user signed out: no tasks. No payload.
  case signOut
}
