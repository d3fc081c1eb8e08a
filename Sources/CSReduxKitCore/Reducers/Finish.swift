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
    // One allocation: the "called" word lives in the link's own allocation, there is no stage
    // lock (there is no store to report a timeout to) and no wrapping closure (the link
    // converts the outcome itself), so calling a reducer directly costs what a caller would
    // pay for its own one-shot callback.
    self.init(link: _FinishLink.make(path: name, stage: nil, handler: .direct(body)))
  }

  @inlinable
  func complete(_ outcome: _Outcome<State>) {
    if let box {
      box.finish(outcome)
    } else {
      link?.finish(outcome)
    }
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
      path: path, stage: stage, reportTwice: reportTwice
    ) { outcome in
      stage?.withLock { $0 = parentPath }
      switch outcome {
      case .state(let state): resume(.success(state))
      case .failed(let error as ChildReducerError): resume(.failure(error))  // names its path
      case .failed(let error): resume(.failure(ChildReducerError(child: path, error: error)))
      case .released: resume(.failure(ChildReducerError(child: path, error: nil)))
      }
    }
    return Finish<Child>(link: childLink)
  }
}

/// What a ``_FinishLink`` knows: where its outcome goes and how to name it in reports.
@usableFromInline
struct _FinishLinkHeader<State: StateProtocol> {
  @usableFromInline let path: String
  /// The composed reducer's current child, for the store's timeout report; `nil` when no store
  /// is involved.
  @usableFromInline let stage: _Locked<String?>?
  /// Reports a second call; `nil` prints the diagnostic to standard error.
  @usableFromInline let reportTwice: (@Sendable (String) -> Void)?
  @usableFromInline let handler: _FinishLinkStorage<State>.Handler

  @inlinable
  init(
    path: String, stage: _Locked<String?>?, reportTwice: (@Sendable (String) -> Void)?,
    handler: _FinishLink<State>.Handler
  ) {
    self.path = path
    self.stage = stage
    self.reportTwice = reportTwice
    self.handler = handler
  }
}

/// The continuation behind a child's `Finish`, or behind one made with `Finish(named:_:)`:
/// calls the handler once, reports a second call, and resumes the handler with `.released` if
/// it is let go without a call.
///
/// A `Sendable` handle on the link's storage, which is a `ManagedBuffer` (never `Sendable`
/// itself); the storage's word arbitrates between threads.
@usableFromInline
struct _FinishLink<State: StateProtocol>: @unchecked Sendable {
  @usableFromInline typealias Handler = _FinishLinkStorage<State>.Handler

  @usableFromInline let storage: _FinishLinkStorage<State>

  @inlinable
  init(_ storage: _FinishLinkStorage<State>) {
    self.storage = storage
  }

  @inlinable
  static func make(
    path: String, stage: _Locked<String?>?, reportTwice: (@Sendable (String) -> Void)? = nil,
    handler: Handler
  ) -> _FinishLink<State> {
    _FinishLink(
      _FinishLinkStorage.make(path: path, stage: stage, reportTwice: reportTwice, handler: handler))
  }

  static func make(
    path: String, stage: _Locked<String?>?, reportTwice: (@Sendable (String) -> Void)?,
    onOutcome: @escaping @Sendable (_Outcome<State>) -> Void
  ) -> _FinishLink<State> {
    make(path: path, stage: stage, reportTwice: reportTwice, handler: .child(onOutcome))
  }

  @inlinable
  var path: String { storage.header.path }

  @inlinable
  var stage: _Locked<String?>? { storage.header.stage }

  @inlinable
  var reportTwice: (@Sendable (String) -> Void)? { storage.header.reportTwice }

  @inlinable
  func finish(_ outcome: _Outcome<State>) {
    storage.finish(outcome)
  }
}

/// The storage of a ``_FinishLink``: a managed buffer whose one tail element is the "called"
/// word, so the word sits in the object's own allocation (making a `Finish(named:_:)` costs one
/// heap allocation, not two) and its address never moves while the object lives.
@usableFromInline
final class _FinishLinkStorage<State: StateProtocol>:
  ManagedBuffer<_FinishLinkHeader<State>, Int>
{
  /// Who receives the outcome.
  @usableFromInline
  enum Handler {
    /// A child's parent: its continuation.
    case child(@Sendable (_Outcome<State>) -> Void)
    /// A caller of `Finish(named:_:)`: its closure, given a `Result`.
    case direct(@Sendable (Result<State, any Error>) -> Void)
  }

  // Inlinable, like the methods below, so that a direct caller's code is specialized for its
  // state type and never looks up generic metadata at run time.
  @inlinable
  static func make(
    path: String, stage: _Locked<String?>?, reportTwice: (@Sendable (String) -> Void)?,
    handler: Handler
  ) -> _FinishLinkStorage<State> {
    let buffer = create(minimumCapacity: 1) { _ in
      _FinishLinkHeader(path: path, stage: stage, reportTwice: reportTwice, handler: handler)
    }
    let storage = unsafeDowncast(buffer, to: _FinishLinkStorage<State>.self)
    storage.withUnsafeMutablePointerToElements { $0.initialize(to: 0) }
    return storage
  }

  @inlinable
  var path: String { header.path }

  /// Marks the link called; returns whether it had been called before.
  @inlinable @inline(__always)
  func markCalled() -> Bool {
    withUnsafeMutablePointerToElements { csrk_atomic_exchange($0, 1) != 0 }
  }

  @inlinable
  func finish(_ outcome: _Outcome<State>) {
    if !markCalled() {
      deliver(outcome)
    } else {
      reportSecondCall()
    }
  }

  @usableFromInline
  func reportSecondCall() {
    if let reportTwice = header.reportTwice {
      reportTwice(path)
      return
    }
    StoreDiagnostic.printToStandardError(
      StoreDiagnostic(
        kind: .finishCalledTwice, storeName: "Finish(named: \"\(path)\")", actionType: nil,
        actionName: nil,
        message: "finish was called again after it had completed; the extra call was "
          + "ignored. Call finish exactly once per action.",
        error: nil))
  }

  @inlinable
  func deliver(_ outcome: _Outcome<State>) {
    switch header.handler {
    case .child(let onOutcome):
      onOutcome(outcome)
    case .direct(let body):
      switch outcome {
      case .state(let state): body(.success(state))
      case .failed(let error): body(.failure(error))
      case .released: body(.failure(ChildReducerError(child: path, error: nil)))
      }
    }
  }

  deinit {
    // The header is destroyed by `ManagedBuffer`; the tail word is a plain integer.
    if !markCalled() { deliverReleased() }
  }

  /// Out of line: the deinit is generic code, and building an `_Outcome` there looks up its
  /// metadata at run time, which only the rare released path should pay.
  @inline(never)
  func deliverReleased() {
    deliver(.released)
  }
}

/// How a reducer completed an action.
@usableFromInline
enum _Outcome<State> {
  /// A new state to commit.
  case state(State)
  /// The reducer reported an error; keep the state.
  case failed(any Error)
  /// The reducer let `finish` go without calling it; keep the state.
  case released
}
