/// An action that carries work instead of data: every store runs it as it leaves the
/// middleware chain, with the store's `dispatch` and `state`, and the action itself never
/// reaches the reducer.
///
/// Use thunks for side effects that decide what to dispatch: loading, validation, sequences.
/// The call site names what the work is: `Thunk { … }` runs at once, on the dispatching
/// thread, and is over when `dispatch` returns; ``effect(fileID:line:_:)`` and
/// ``effect(id:cancelInFlight:fileID:line:_:)`` start a tracked, cancellable effect, whatever
/// its closure contains.
///
/// ```swift
/// store.dispatch(
///   Thunk<TodoState> { context in
///     if context.state.tasks.count < 10 {
///       context.dispatch(Action(TodoAction.add, data: "More"))
///     }
///   })
/// store.dispatch(
///   Thunk<TodoState>.effect { context in
///     let names = await loadNames()
///     for name in names { context.dispatch(Action(TodoAction.add, data: name)) }
///   })
/// ```
///
/// Middleware sees a thunk like any action and may drop it or hold it; the store runs it when
/// it leaves the last middleware. A store created with `runsThunks: false` does not run
/// thunks: one that leaves the chain reaches the reducer as an action of type
/// ``Thunk/actionType`` with no payload, and the store reports
/// ``StoreDiagnostic/Kind/thunkNotRun``.
///
/// ## Effects
///
/// The work of a thunk made with `effect` is an *effect*: the store runs it in a task of its
/// own and tracks it until it returns.
/// - **Identity.** An effect may carry an identity, any `Hashable & Sendable` value:
///   ``Store/cancelEffects(id:)`` and ``ThunkContext/cancelEffects(id:)`` cancel the running
///   effects with that identity, and `cancelInFlight: true` makes a new effect cancel them as
///   it starts (a search as the user types). Identities of different types never match: `1`,
///   `UInt8(1)`, `1.0`, `Optional(1)` and `"1"` are five identities.
/// - **Cancellation** is Swift's cooperative task cancellation: the effect's task is cancelled
///   (`Task.isCancelled`, `Task.checkCancellation()`, cancellable awaits), and from then on
///   every `dispatch` or `send` the effect makes through its ``ThunkContext`` is dropped, with
///   no diagnostic. Once ``Store/cancelEffects(id:)`` returned, or once the `dispatch` of a new
///   effect with `cancelInFlight` returned, nothing the cancelled effect dispatches reaches the
///   reducer: a dispatch it begins reaches no middleware, and an action it dispatched before,
///   still queued behind a slow reducer or held by a middleware, is dropped when its turn
///   comes (``ActionOutcome/DropReason/effectCancelled``). Only an action whose reducer had
///   already started is applied. An effect cancelled before its task started does not run.
/// - **The store's lifetime.** An effect does not keep the ``Store`` alive; when the store is
///   freed it cancels all its effects, and it refuses new ones. Until the work of a cancelled
///   effect returns, its context still reads the last committed state.
/// - **Errors.** The work may throw: the store reports the error as
///   ``StoreDiagnostic/Kind/effectFailed``, naming the effect, and carries on. A cancelled
///   effect's error, and a `CancellationError`, are not reported.
/// - **Waiting.** ``Store/runningEffects`` lists them;
///   ``Store/whenIdle(includingEffects:_:)`` and `waitUntilIdle` wait until the store is
///   idle and no effect runs.
///
/// `send` of a thunk returns the outcome ``ActionOutcome/thunkRan`` or
/// ``ActionOutcome/effectStarted``, with the state at that moment.
public struct Thunk<State: StateProtocol>: ActionProtocol {
  /// The action type of every thunk: `Int.min`, a value no action enum uses.
  public static var actionType: Int { Int.min }

  /// ``actionType``.
  public var type: Int { Self.actionType }

  /// Always `nil`: a thunk carries work, not data.
  public var data: (any Sendable)? { nil }

  @usableFromInline let work: Work

  /// The identity of the effect, for an effect that has one.
  public let id: (any Hashable & Sendable)?
  /// Whether the effect cancels the running effects with the same ``id`` as it starts.
  public let cancelInFlight: Bool
  /// The file where the thunk was created, for diagnostics; `nil` for a synchronous thunk.
  let fileID: String?
  /// The line where the thunk was created, for diagnostics.
  let line: Int

  /// Where the thunk was created: `File.swift:12`; `nil` for a synchronous thunk. Put together
  /// only when a description needs it: starting an effect makes no string.
  var origin: String? { fileID.map { "\($0):\(line)" } }

  @usableFromInline
  enum Work: Sendable {
    case now(@Sendable (ThunkContext<State>) -> Void)
    case effect(@Sendable (ThunkContext<State>) async throws -> Void)
  }

  /// A thunk whose work runs at once, on the dispatching thread, untracked: it is over when
  /// the `dispatch` that ran it returns.
  ///
  /// The closure can neither suspend nor throw; work that does is an effect, made with
  /// ``effect(fileID:line:_:)``.
  ///
  /// - Parameter work: Receives the store's `dispatch` and `state`.
  public init(_ work: @escaping @Sendable (_ context: ThunkContext<State>) -> Void) {
    self.work = .now(work)
    self.id = nil
    self.cancelInFlight = false
    self.fileID = nil
    self.line = 0
  }

  private init(
    effect work: @escaping @Sendable (ThunkContext<State>) async throws -> Void,
    id: (any Hashable & Sendable)?, cancelInFlight: Bool, fileID: String, line: Int
  ) {
    self.work = .effect(work)
    self.id = id
    self.cancelInFlight = cancelInFlight
    self.fileID = fileID
    self.line = line
  }

  /// A thunk whose work runs as an effect of the store, in a task of its own, without an
  /// identity.
  ///
  /// The store tracks the effect until it returns, cancels it when the store is freed, and
  /// reports what it throws; see "Effects" above. The work is an effect because this
  /// function says so, whether or not the closure suspends or throws.
  ///
  /// - Parameters:
  ///   - fileID: Where the thunk is created, for diagnostics; leave the default.
  ///   - line: Where the thunk is created, for diagnostics; leave the default.
  ///   - work: Receives the store's `dispatch` and `state`; may suspend and throw.
  /// - Returns: The thunk to dispatch.
  public static func effect(
    fileID: String = #fileID, line: Int = #line,
    _ work: @escaping @Sendable (_ context: ThunkContext<State>) async throws -> Void
  ) -> Thunk {
    Thunk(effect: work, id: nil, cancelInFlight: false, fileID: fileID, line: line)
  }

  /// A thunk whose work runs as an effect of the store with the identity `id`, which
  /// ``Store/cancelEffects(id:)`` cancels.
  ///
  /// ```swift
  /// store.dispatch(
  ///   .effect(id: SearchID(), cancelInFlight: true) { context in
  ///     let hits = try await searchService.hits(for: query)
  ///     context.dispatch(Action(SearchAction.show, data: hits))
  ///   })
  /// ```
  ///
  /// With `cancelInFlight`, the running effects with the same identity are cancelled before
  /// this one starts: once the `dispatch` of this thunk returned, nothing they dispatch
  /// reaches the reducer. Effects with the same identity may run side by side otherwise.
  ///
  /// - Parameters:
  ///   - id: The effect's identity: any `Hashable & Sendable` value. Two identities match
  ///     when they are of the same type and equal: `1` and `UInt8(1)` never match.
  ///   - cancelInFlight: Whether to cancel the running effects with the same identity first.
  ///   - fileID: Where the thunk is created, for diagnostics; leave the default.
  ///   - line: Where the thunk is created, for diagnostics; leave the default.
  ///   - work: Receives the store's `dispatch` and `state`; may suspend and throw.
  /// - Returns: The thunk to dispatch.
  public static func effect(
    id: some Hashable & Sendable, cancelInFlight: Bool = false, fileID: String = #fileID,
    line: Int = #line,
    _ work: @escaping @Sendable (_ context: ThunkContext<State>) async throws -> Void
  ) -> Thunk {
    Thunk(effect: work, id: id, cancelInFlight: cancelInFlight, fileID: fileID, line: line)
  }
}

/// What every `Thunk` is, whatever its state type: so that a store can tell a thunk made for
/// another store's state from an ordinary action.
protocol AnyThunk {}

extension Thunk: AnyThunk {}

extension Thunk: CustomStringConvertible {
  /// `Thunk(id: …, cancelInFlight, File.swift:12)`, naming what the thunk has.
  public var description: String {
    var parts: [String] = []
    if let id { parts.append("id: \(String(reflecting: id))") }
    if cancelInFlight { parts.append("cancelInFlight") }
    if let origin { parts.append(origin) }
    return "Thunk(" + parts.joined(separator: ", ") + ")"
  }
}
