import _CSReduxKitShims

/// The callback a reducer calls, exactly once, to complete an action.
///
/// Call it like a function with the new state: `finish(newState)`. It is `Sendable`, so a
/// reducer may keep it and call it later from any thread; the thread that calls it commits the
/// state, notifies the subscribers and runs any actions that queued up meanwhile.
///
/// Misuse never corrupts the store; it is reported through the store's diagnostics:
/// - a second call is ignored and reported as ``StoreDiagnostic/Kind/finishCalledTwice``;
/// - a `Finish` released without being called completes the action with the state unchanged
///   and is reported as ``StoreDiagnostic/Kind/finishReleasedWithoutCall``;
/// - one not called within the store's `reducerTimeout` is reported once as
///   ``StoreDiagnostic/Kind/reducerDidNotFinish`` (the store keeps waiting).
public struct Finish<State: StateProtocol>: Sendable {
  /// The store's record of the action, for a reducer the store called directly.
  @usableFromInline let box: _FinishBox<State>?
  /// The parent's continuation, for a reducer a composed reducer called.
  @usableFromInline let link: _FinishLink<State>?

  @inlinable
  init(_ box: _FinishBox<State>) {
    self.box = box
    self.link = nil
  }

  @usableFromInline
  init(link: _FinishLink<State>) {
    self.box = nil
    self.link = link
  }

  /// Creates a finish callback that hands the outcome to `body`, for calling a reducer
  /// yourself: in a unit test of the reducer, or in a tool that runs it outside a store.
  ///
  /// ```swift
  /// let finish = Finish<TodoState>(named: "todo") { result in
  ///   print(result)  // .success(the new state), or .failure(the error)
  /// }
  /// todoReducer.execute(
  ///   action: Action(TodoAction.add, data: "Milk"), state: TodoState(), finish: finish)
  /// ```
  ///
  /// To wait for a reducer that finishes later, resume a continuation in `body`; the testing
  /// guide, `docs/testing.md`, shows how.
  ///
  /// `body` is called once: with `.success(newState)` when the reducer calls `finish(newState)`,
  /// with `.failure(error)` when it calls ``fail(_:)``, and with `.failure` of a
  /// ``ChildReducerError`` naming `name` when the callback is released without being called.
  /// A second call is ignored and printed to standard error as a
  /// ``StoreDiagnostic/Kind/finishCalledTwice`` diagnostic.
  ///
  /// - Parameters:
  ///   - name: The reducer's name in reports.
  ///   - body: Receives the reducer's outcome, on the thread that completed it.
  @inlinable
  public init(
    named name: String = "reducer",
    _ body: @escaping @Sendable (Result<State, any Error>) -> Void
  ) {
    // One allocation of its own: the "called" word lives in the link's own allocation, there is
    // no stage lock (there is no store to report a timeout to) and no wrapping closure (the
    // link converts the outcome itself), so calling a reducer directly costs what a caller
    // would pay for its own one-shot callback. A `body` of a concrete state type is stored
    // through a reabstraction thunk that the compiler makes at the call, a second allocation
    // this code cannot avoid while `Handler` is generic over the state.
    self.init(link: _FinishLink.make(path: name, stage: nil, handler: .direct(body)))
  }

  @inlinable
  func complete(_ outcome: _Outcome<State>) {
    // Optional chaining, not `if let`: binding the box would copy the reference, one retain
    // and release per call.
    if box != nil {
      box?.finish(outcome)
    } else {
      completeThroughLink(outcome)
    }
  }

  /// A child's or a direct caller's `finish`. Apart from `complete`, so that a store's
  /// `finish`, the usual call, saves and restores no registers for this path's work.
  @inlinable @inline(never)
  func completeThroughLink(_ outcome: _Outcome<State>) {
    link?.finish(outcome)
  }

  /// Completes the action with `newState`.
  ///
  /// - Parameter newState: The state that follows the action. Pass the state you were given
  ///   when the action changes nothing: subscribers are notified of every action either way.
  @inlinable
  public func callAsFunction(_ newState: State) {
    complete(.state(newState))
  }

  /// Completes the action without changing the state and reports `error` to the store's
  /// diagnostics as ``StoreDiagnostic/Kind/reducerFailed``.
  ///
  /// Use it for actions a reducer cannot apply, such as a payload of the wrong type or an index
  /// out of range: the state stays as it was, and subscribers are still notified, with a
  /// ``RejectedAction`` wrapping the action so they can tell it was not applied.
  ///
  /// - Parameter error: What went wrong; its description appears in the diagnostic.
  @inlinable
  public func fail(_ error: any Error) {
    complete(.failed(error))
  }

  /// Makes the finish callback for a child reducer that works on this action, for reducers
  /// that compose others (see ``CombinedReducer`` and ``ScopedReducer``).
  ///
  /// The child calls the returned callback as usual; `resume` then receives its new state, or
  /// the error it failed with, and must eventually complete this callback. Misuse is reported
  /// in the child's name:
  /// - a second call by the child is ignored and reported as
  ///   ``StoreDiagnostic/Kind/finishCalledTwice``, naming the child;
  /// - a callback the child lets go without calling resumes with a ``ChildReducerError``;
  /// - while the child works, a ``StoreDiagnostic/Kind/reducerDidNotFinish`` report names it.
  ///
  /// - Parameters:
  ///   - name: The child's name in reports; nested children read `parent > child`.
  ///   - resume: Receives the child's outcome, once.
  /// - Returns: The callback to pass to the child reducer.
  @inlinable
  public func child<Child: StateProtocol>(
    named name: String, _ resume: @escaping @Sendable (Result<Child, any Error>) -> Void
  ) -> Finish<Child> {
    let parentPath = link?.path
    let path = parentPath.map { "\($0) > \(name)" } ?? name
    // `nil` under a `Finish(named:_:)`: no store watches the callback, so no stage to record.
    let stage = box?.stage ?? link?.stage
    // A store's box reports through the store; under a `Finish(named:_:)` (`nil`), the child's
    // link prints the report itself.
    let reportTwice: (@Sendable (String) -> Void)?
    if let box {
      reportTwice = { [box] child in
        box.reporter.reportFinishCalledTwice(actionType: box.actionType, child: child)
      }
    } else {
      reportTwice = link?.reportTwice
    }
    stage?.withLock { $0 = path }
    let childLink = _FinishLink<Child>.make(
      path: path, stage: stage, reportTwice: reportTwice,
      handler: .child { outcome in
        stage?.withLock { $0 = parentPath }
        switch outcome {
        case .state(let state): resume(.success(state))
        case .failed(let error as ChildReducerError): resume(.failure(error))  // names its path
        case .failed(let error): resume(.failure(ChildReducerError(child: path, error: error)))
        case .released: resume(.failure(ChildReducerError(child: path, error: nil)))
        }
      })
    return Finish<Child>(link: childLink)
  }
}
