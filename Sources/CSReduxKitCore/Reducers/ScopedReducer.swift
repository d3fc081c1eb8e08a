/// A child module's reducer working on one part of a parent's state (a "pull-back").
///
/// ```swift
/// let appReducer = CombinedReducer<AppState>(
///   ScopedReducer("settings", state: \.settings, reducer: settingsReducer),
///   ScopedReducer("users", state: \.users, reducer: usersReducer)
/// )
/// ```
///
/// The child sees only its part; what it finishes with is written back into the parent's
/// state. A failure, or a `finish` let go without a call, fails the parent with a
/// ``ChildReducerError`` naming the child.
public struct ScopedReducer<Parent: StateProtocol, Child: StateProtocol>: ReducerProtocol {
  @usableFromInline let name: String
  @usableFromInline let keyPath: WritableKeyPath<Parent, Child> & Sendable
  @usableFromInline let reducer: any ReducerProtocol<Child>

  /// Creates a reducer that applies `reducer` to the part of the state at `keyPath`.
  ///
  /// - Parameters:
  ///   - name: The child's name in reports.
  ///   - keyPath: Where the child's state sits in the parent's.
  ///   - reducer: The child module's reducer.
  public init(
    _ name: String, state keyPath: WritableKeyPath<Parent, Child> & Sendable,
    reducer: some ReducerProtocol<Child>
  ) {
    self.name = name
    self.keyPath = keyPath
    self.reducer = reducer
  }

  /// Runs the child reducer on its part of `state` and finishes with the part written back.
  ///
  /// - Parameters:
  ///   - action: The action to apply.
  ///   - state: The parent's last committed state.
  ///   - finish: Called with the parent's new state, or with the child's failure.
  @inlinable
  public func execute(action: any ActionProtocol, state: Parent, finish: Finish<Parent>) {
    let keyPath = self.keyPath
    let childFinish = finish.child(named: name) { (result: Result<Child, any Error>) in
      switch result {
      case .success(let child):
        var parent = state
        parent[keyPath: keyPath] = child
        finish(parent)
      case .failure(let error):
        finish.fail(error)
      }
    }
    reducer.execute(action: action, state: state[keyPath: keyPath], finish: childFinish)
  }
}
