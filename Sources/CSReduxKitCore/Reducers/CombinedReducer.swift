/// Several reducers applied in order to one state: each starts with the state the previous one
/// finished with, and only after it finished, so children may finish asynchronously.
///
/// ```swift
/// let appReducer = CombinedReducer<AppState>(named: [
///   "settings": settingsReducer,
///   "users": usersReducer,
/// ])
/// ```
///
/// If a child fails, or lets its `finish` go without calling it, the combined reducer fails
/// with a ``ChildReducerError`` naming it and the store keeps its state: no child's change is
/// committed. A child that is slow to finish is named in the store's
/// ``StoreDiagnostic/Kind/reducerDidNotFinish`` report.
public struct CombinedReducer<State: StateProtocol>: ReducerProtocol {
  @usableFromInline let children: [(name: String, reducer: any ReducerProtocol<State>)]

  /// Combines reducers named `1`, `2`, … in the order given.
  ///
  /// - Parameter reducers: The reducers, applied first to last.
  public init(_ reducers: any ReducerProtocol<State>...) {
    children = reducers.enumerated().map { (name: "\($0.offset + 1)", reducer: $0.element) }
  }

  /// Combines named reducers in the order given; the names appear in reports.
  ///
  /// - Parameter reducers: Each child's name and reducer, applied first to last.
  public init(named reducers: KeyValuePairs<String, any ReducerProtocol<State>>) {
    children = reducers.map { (name: $0.key, reducer: $0.value) }
  }

  /// Runs each child in turn, then finishes with the last child's state.
  ///
  /// - Parameters:
  ///   - action: The action every child applies.
  ///   - state: The last committed state, given to the first child.
  ///   - finish: Called once the last child finished, or with the first failure.
  @inlinable
  public func execute(action: any ActionProtocol, state: State, finish: Finish<State>) {
    step(0, action, state, finish)
  }

  /// Runs the child at `index`, whose `finish` runs the next one. Inlinable, like `execute`:
  /// compiled here, for any state, it would look up the metadata of the children's tuple, of
  /// their existential and of the child's link at run time on every call.
  @inlinable
  func step(
    _ index: Int, _ action: any ActionProtocol, _ state: State, _ finish: Finish<State>
  ) {
    guard index < children.count else {
      finish(state)
      return
    }
    let child = children[index]
    let next = finish.child(named: child.name) { (result: Result<State, any Error>) in
      switch result {
      case .success(let state): step(index + 1, action, state, finish)
      case .failure(let error): finish.fail(error)
      }
    }
    child.reducer.execute(action: action, state: state, finish: next)
  }
}
