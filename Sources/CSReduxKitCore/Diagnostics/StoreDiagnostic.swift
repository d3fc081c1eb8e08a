import _CSReduxKitShims

/// A report of a misuse or a recoverable failure that a store detected and survived.
///
/// A store never crashes and never corrupts its state because of a misbehaving reducer; it
/// reports what happened through the `diagnostics` closure given to
/// ``Store/init(state:reducer:stateAccess:name:actions:middleware:runsThunks:dependencies:reducerTimeout:nestedDispatchLimit:diagnostics:)``
/// and carries on. The default closure prints ``description`` to standard error as one line.
///
/// A description can hold text of the app's: a rejected action's error description, which may
/// repeat a payload's values (a password, a token). A `TimelineRedaction` does not reach it.
/// To keep that text off standard error, pass a closure that writes only what may be seen,
/// such as `diagnostics: { diagnostic in logger.notice("\(diagnostic.kind)") }`, or one
/// that sends the whole description to a private log.
///
/// The closure is called on the thread where the problem was found, never while the store's
/// lock is held, so it may read the store or dispatch.
public struct StoreDiagnostic: Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Equatable {
    /// A reducer called `finish` again for an action it had already finished; the extra call
    /// was ignored.
    case finishCalledTwice
    /// A reducer did not call `finish` within the store's `reducerTimeout`, whether it is still
    /// inside its call (stuck on a lock, say) or returned without finishing. Reported once per
    /// action, between one and one and a quarter timeouts after the reducer was called; the
    /// store keeps queueing actions and answering `state` while it waits.
    case reducerDidNotFinish
    /// A reducer let `finish` go without calling it. The action completed with the state
    /// unchanged, its subscribers were notified, and the queue moved on.
    case finishReleasedWithoutCall
    /// An action was dispatched from inside a reducer. It was queued and runs after the current
    /// action; reducers should be pure, so dispatch from a subscriber or middleware instead.
    case dispatchFromReducer
    /// A reducer completed an action with ``Finish/fail(_:)``; the state was kept unchanged.
    case reducerFailed
    /// ``Store/unsubscribe(_:)`` was given a subscription made by another store; nothing was
    /// cancelled.
    case foreignSubscription
    /// Stores that follow each other kept dispatching to one another past the allowed depth;
    /// the chain was stopped. Each store keeps the last state it committed.
    case crossStoreCycle
    /// The store's own subscribers, completions or reducer kept dispatching back into it past
    /// its `nestedDispatchLimit` before it could go idle: a runaway feedback loop. The store
    /// drops such actions until it is idle; actions from other threads are unaffected.
    case feedbackLoop
    /// An effect (the work of a ``Thunk`` made with `effect`) threw an error; the message
    /// names the effect, ``StoreDiagnostic/error`` holds the error. What the effect had
    /// dispatched stays applied, and the store carries on.
    case effectFailed
    /// The state was read from inside a reducer (or code it called: a middleware, a thunk, a
    /// subscriber of another store) while the store lent its state to that reducer
    /// (``StateAccess/lentToReducer(readsInsideGet:)``). The read got the `readsInsideGet`
    /// value; the program goes on. Use the state the reducer was given, or keep the default
    /// ``StateAccess/alwaysReadable``.
    case stateReadWhileLent
    /// The store was created with ``StateAccess/lentToReducer(readsInsideGet:)``, but its
    /// reducer cannot take a lent state (only an in-place reducer that cannot throw can): the
    /// store keeps its committed state and copies it, as with ``StateAccess/alwaysReadable``.
    /// Reported once, where the store is created. Also reported, with its own message, when a
    /// `Timeline` starts recording a store that does lend its state: the timeline keeps every
    /// entry's state, so the store copies it for each action while recorded.
    case stateCannotBeLent
    /// A ``Thunk`` reached the reducer instead of running: the store was created with
    /// `runsThunks: false`, or the thunk was made for another state type. Its work never
    /// runs; reducers ignore it.
    case thunkNotRun
    /// A store that declares its ``ActionTypes`` was given an action of another enum (say a
    /// `CartAction` on the Auth store). It went through the middleware, never reached the
    /// reducer, and the state is unchanged; subscribers got a ``RejectedAction`` whose error
    /// is a ``ForeignActionError`` naming the store, the action's enum and case, and the
    /// store's enums.
    case foreignAction
    /// A store that declares its ``ActionTypes`` was given an action made from a bare number
    /// that is no case of its enums: handled as ``foreignAction``.
    case unknownActionType
    /// Two of the enums a store declares share a raw value, so an action made from that
    /// number is ambiguous. Reported once, where the store is created, naming each value and
    /// both cases.
    case overlappingActionTypes
  }

  /// What went wrong.
  public let kind: Kind
  /// The type of the action concerned, if any.
  public let actionType: Int?
  /// The name of the action type, when the store knows it (see ``ActionTypes``).
  public let actionName: String?
  /// The name of the store that reports.
  public let storeName: String
  /// What happened and what to do about it, in one sentence or two.
  public let message: String
  /// The error behind a ``Kind/reducerFailed`` or ``Kind/effectFailed`` report.
  public let error: (any Error)?

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - storeName: The name of the store that reports.
  ///   - actionType: The type of the action concerned, if any.
  ///   - actionName: The name of that action type, if known.
  ///   - message: What happened and what to do about it.
  ///   - error: The underlying error, if any.
  public init(
    kind: Kind, storeName: String, actionType: Int?, actionName: String? = nil,
    message: String, error: (any Error)? = nil
  ) {
    self.kind = kind
    self.storeName = storeName
    self.actionType = actionType
    self.actionName = actionName
    self.message = message
    self.error = error
  }

  /// One line: `CSReduxKit: <store>: action <type> (<name>): <message>`.
  public var description: String {
    var line = "CSReduxKit: \(storeName): "
    if let actionType {
      line += "action \(actionType)"
      if let actionName { line += " (\(actionName))" }
      line += ": "
    }
    return line + message
  }

  /// A closure that receives a store's diagnostics: the type of the `diagnostics` parameter of
  /// ``Store/init(state:reducer:stateAccess:name:actions:middleware:runsThunks:dependencies:reducerTimeout:nestedDispatchLimit:diagnostics:)``.
  public typealias Handler = @Sendable (StoreDiagnostic) -> Void

  /// The default diagnostics handler: writes ``description`` to standard error as one line.
  public static let printToStandardError: @Sendable (StoreDiagnostic) -> Void = { diagnostic in
    csrk_write_stderr_line(diagnostic.description)
  }
}
