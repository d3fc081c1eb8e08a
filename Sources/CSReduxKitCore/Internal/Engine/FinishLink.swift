import _CSReduxKitShims

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
/// A `Sendable` handle on the link's storage, a word buffer (never `Sendable`
/// itself); the storage's word arbitrates between threads.
@usableFromInline
struct _FinishLink<State: StateProtocol>: @unchecked Sendable {
  @usableFromInline typealias Handler = _FinishLinkStorage<State>.Handler

  @usableFromInline let storage: _FinishLinkStorage<State>

  @inlinable
  init(_ storage: _FinishLinkStorage<State>) {
    self.storage = storage
  }

  /// Takes its arguments over (`consuming`), so that they move into the link's header.
  @inlinable
  static func make(
    path: consuming String, stage: consuming _Locked<String?>?,
    reportTwice: consuming (@Sendable (String) -> Void)? = nil, handler: consuming Handler
  ) -> _FinishLink<State> {
    _FinishLink(
      _FinishLinkStorage.make(path: path, stage: stage, reportTwice: reportTwice, handler: handler))
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
final class _FinishLinkStorage<State: StateProtocol>: _WordBuffer<_FinishLinkHeader<State>> {
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
    path: consuming String, stage: consuming _Locked<String?>?,
    reportTwice: consuming (@Sendable (String) -> Void)?, handler: consuming Handler
  ) -> _FinishLinkStorage<State> {
    make(
      header: _FinishLinkHeader(
        path: path, stage: stage, reportTwice: reportTwice, handler: handler),
      word: 0)
  }

  @inlinable
  var path: String { header.path }

  /// Marks the link called; returns whether it had been called before.
  @inlinable @inline(__always)
  func markCalled() -> Bool {
    exchangeWord(1) != 0
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
    // The header is destroyed with the buffer; the word is a plain integer.
    if !markCalled() { deliverReleased() }
  }

  /// Out of line: the deinit is generic code, and building an `_Outcome` there looks up its
  /// metadata at run time, which only the rare released path should pay.
  @inline(never)
  func deliverReleased() {
    deliver(.released)
  }
}
