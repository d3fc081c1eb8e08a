import Dispatch

// What a timeline asks of the store: the marks, the tracer, the traced turn and round.

/// How an action was dispatched while an entry of a recorded store was being handled.
@usableFromInline
package enum _CauseKind: UInt8, Sendable {
  case subscriber, completion, middleware, broadcast, follow, effect, reducer
}

/// The entry being handled (as its mark) and how a dispatch made now relates to it.
package struct _TraceCause: Sendable {
  package let mark: _TraceMark
  package let kind: _CauseKind

  package init(mark: _TraceMark, kind: _CauseKind) {
    self.mark = mark
    self.kind = kind
  }
}

/// The cause a dispatch made on this thread (or in a task started here) would have: bound by
/// a recorded store around the handling of each of its actions, and by a coordinator around
/// its broadcasts and follows. Tasks inherit it, so an effect's dispatches keep the cause of
/// the action that started the effect.
package enum _TraceContext {
  @TaskLocal package static var current: _TraceCause?

  /// 1 once a timeline has recorded a store in this process, and 1 from then on; 0 before.
  ///
  /// Until a timeline records a store, `current` is `nil` everywhere: the reads below skip the
  /// task-local look-up (its cost is in docs/performance.md, "Beyond a dispatch") and return
  /// `nil` after one atomic load.
  ///
  /// Why a read that finds 0 loses no cause, whatever the threads do: only a recorded store
  /// binds a cause (its middleware chain and its rounds; the coordinator, effects and
  /// main-actor deliveries only pass on a cause they already hold). A store binds one only
  /// after finding its tracer attached, under its lock; `attachTracer` stores the 1 (a
  /// release) before it attaches the tracer under that lock. So the binding happens after the
  /// store of the 1, and a read on the thread that bound it, or in a task started inside the
  /// binding (task creation orders the two as well), happens after it too: it finds the 1
  /// and reads the cause. A read that finds 0 is ordered before every binding anywhere, so the
  /// cause it would have read is `nil`. A store recorded on one thread while another thread
  /// is in the middle of a hop therefore changes nothing for that hop: it had no cause to
  /// carry (what was being handled when recording began is not traced, as `attachTracer`
  /// says). The flag never goes back to 0: detaching the last tracer leaves causes bound in
  /// tasks still running, and their dispatches keep their causes.
  static let isRecordingAnywhere = _AtomicWord(0)

  /// Whether a cause may be bound anywhere in the process (see ``isRecordingAnywhere``).
  @inline(__always)
  static var mayHaveCause: Bool { isRecordingAnywhere.load() != 0 }

  /// The cause bound here, if any; `nil` without a task-local read while no timeline has
  /// recorded a store.
  @inline(__always)
  static var currentIfRecording: _TraceCause? { mayHaveCause ? current : nil }

  /// Runs `body` with the current cause, if any, changed to `kind`: a coordinator's deliveries
  /// keep the entry being handled and say how they were made.
  package static func with<Result>(_ kind: _CauseKind, _ body: () -> Result) -> Result {
    guard let cause = currentIfRecording else { return body() }
    return $current.withValue(_TraceCause(mark: cause.mark, kind: kind), operation: body)
  }

  /// Runs an effect's work with the cause it inherited, if any, changed to `.effect`.
  static func asEffect(_ body: () async -> Void) async {
    guard let cause = currentIfRecording else { return await body() }
    await $current.withValue(_TraceCause(mark: cause.mark, kind: .effect), operation: body)
  }
}

/// The cause a dispatch made here would have now; for a coordinator's broadcasts and follows,
/// which carry it to the thread that delivers them. `nil`, after one atomic load, while no
/// timeline has recorded a store in the process.
func currentTraceCause() -> _TraceCause? {
  _TraceContext.currentIfRecording
}

/// Runs `body`, a coordinator's delivery, with `cause` (when there is one) as the cause of
/// what it dispatches, made by `kind`.
func withTraceCause(_ cause: _TraceCause?, _ kind: _CauseKind, _ body: () -> Void) {
  guard let cause else { return body() }
  _TraceContext.$current.withValue(_TraceCause(mark: cause.mark, kind: kind), operation: body)
}

/// Runs `body`, part of a traced round, with the entry of `mark` (when there is one) as the
/// cause of what it dispatches, made by `kind`. Not generic: a traced round calls it without
/// looking up any metadata.
@usableFromInline
func _bindTraceMark(_ mark: _TraceMark?, _ kind: _CauseKind, _ body: () -> Void) {
  guard let mark else { return body() }
  _TraceContext.$current.withValue(_TraceCause(mark: mark, kind: kind), operation: body)
}

/// One action of a recorded store, from its arrival at the store to its entry in the
/// timeline: what caused it, and the entry's number once recorded.
@usableFromInline
package final class _TraceMark: Sendable {
  /// The tracer of the store the action belongs to.
  package let tracer: ObjectIdentifier
  /// What was being handled when the action was dispatched.
  package let cause: _TraceCause?
  /// The entry's global number, -1 until the timeline records it. Only the timeline that
  /// owns `tracer` reads or writes it, under its lock: a timeline looks at the number of a
  /// mark only after finding the mark's tracer among its own.
  nonisolated(unsafe) var number = -1
  /// Whether the action reached its store's queue. A mark made for the middleware chain that
  /// the chain never passed on stays unadmitted; only the store's lock reads or sets it.
  nonisolated(unsafe) var isAdmitted = false

  package init(tracer: ObjectIdentifier, cause: _TraceCause?) {
    self.tracer = tracer
    self.cause = cause
  }

  /// The entry's global number, or `nil` before it is recorded.
  package var sequence: Int? {
    number < 0 ? nil : number
  }

  /// Sets the entry's global number; the timeline calls it under its lock.
  package func record(sequence: Int) {
    number = sequence
  }

  /// The number of the effect whose dispatches this mark causes (`EffectTrace.mark`), -1 for
  /// the mark of an action. Read and written like `number`.
  nonisolated(unsafe) var effectNumber = -1

  /// The effect's number, for the mark of an effect the timeline recorded; `nil` otherwise.
  package var effect: Int? {
    effectNumber < 0 ? nil : effectNumber
  }

  /// Makes this the mark of the effect numbered `effect`; the timeline calls it under its lock.
  package func record(effect: Int) {
    effectNumber = effect
  }

  /// When the store's middleware chain began with the action (`_uptimeNanoseconds()`), 0 for
  /// an action that did not go through a traced chain; then, once the chain passed it on to
  /// the queue, how long the chain took (`middlewareNanoseconds`). Written by the dispatching
  /// thread before the mark is shared, and under the store's lock as the action is admitted;
  /// read by the timeline after the commit, which that lock orders after the admission.
  nonisolated(unsafe) var middlewareStartedAt: UInt64 = 0
  nonisolated(unsafe) var middlewareTook: UInt64 = 0

  /// How long the store's middleware chain held the action before it reached the queue, for
  /// an action that went through a traced chain; `nil` otherwise.
  package var middlewareNanoseconds: UInt64? {
    middlewareStartedAt == 0 ? nil : middlewareTook
  }

  func startMiddlewareClock() {
    middlewareStartedAt = _uptimeNanoseconds()
  }

  func stopMiddlewareClock() {
    if middlewareStartedAt != 0 { middlewareTook = _uptimeNanoseconds() &- middlewareStartedAt }
  }
}

/// What a timeline attaches to a store: it is told of each committed action of the store,
/// before the subscribers, with the action's mark.
@usableFromInline
package final class _Tracer<State: StateProtocol>: Sendable {
  /// Called outside the store's lock, on the thread that committed the action, with the
  /// action as the subscribers receive it, the committed state, the turn's duration and when
  /// the turn was committed (`_uptimeNanoseconds()`), to date the entry without a clock read.
  @usableFromInline package let committed:
    @Sendable (_TraceMark, any ActionProtocol, State, _TurnTiming) -> Void

  /// Called, outside every lock, as an effect of the store starts and as it ends.
  package let effects: (@Sendable (_EffectEvent) -> Void)?

  package init(
    committed: @escaping @Sendable (_TraceMark, any ActionProtocol, State, _TurnTiming) -> Void
  ) {
    self.committed = committed
    self.effects = nil
  }

  /// A tracer that is also told of the store's effects.
  package init(
    committed: @escaping @Sendable (_TraceMark, any ActionProtocol, State, _TurnTiming) -> Void,
    effects: @escaping @Sendable (_EffectEvent) -> Void
  ) {
    self.committed = committed
    self.effects = effects
  }
}

/// A traced turn, as the commit hands it to the round.
@usableFromInline
struct _TracedTurn<State: StateProtocol> {
  @usableFromInline let mark: _TraceMark
  @usableFromInline let tracer: _Tracer<State>
  @usableFromInline let nanoseconds: UInt64
  /// The completion of the traced action, which runs with the entry as its cause.
  @usableFromInline var completion: _Completion<State>?

  @usableFromInline
  init(mark: _TraceMark, tracer: _Tracer<State>, nanoseconds: UInt64) {
    self.mark = mark
    self.tracer = tracer
    self.nanoseconds = nanoseconds
  }
}

/// How long a traced turn took, and when it was committed (`_uptimeNanoseconds()`).
@usableFromInline
package struct _TurnTiming: Sendable {
  package let nanoseconds: UInt64
  package let committedAt: UInt64

  @usableFromInline
  init(nanoseconds: UInt64, committedAt: UInt64) {
    self.nanoseconds = nanoseconds
    self.committedAt = committedAt
  }
}

extension _StoreCore {
  /// The mark of an action arriving at the queue of a traced store, `nil` for any other store.
  /// A dispatch from an effect (`gate`) is caused by what started the effect.
  @usableFromInline
  mutating func traceMark(gate: _EffectGate?) -> _TraceMark? {
    guard let tracer = tracing.tracer else { return nil }
    let id = ObjectIdentifier(tracer)
    let context = _TraceContext.current
    if let context, context.kind == .middleware, context.mark.tracer == id,
      !context.mark.isAdmitted, gate == nil
    {
      context.mark.isAdmitted = true  // the action the middleware chain passed on
      context.mark.stopMiddlewareClock()
      return context.mark
    }
    let cause = context.map { _TraceCause(mark: $0.mark, kind: gate == nil ? $0.kind : .effect) }
    let mark = _TraceMark(tracer: id, cause: cause)
    mark.isAdmitted = true
    return mark
  }

  /// The traced turn being committed, `nil` when it is not traced.
  @usableFromInline
  func tracedTurn() -> _TracedTurn<State>? {
    guard let turnMark = tracing.turnMark, let tracer = tracing.tracer else { return nil }
    return _TracedTurn(mark: turnMark, tracer: tracer, nanoseconds: timing.lastTurnNanoseconds)
  }
}

extension _StoreEngine {
  /// Says, where a timeline starts recording a store that lends its state to its reducer,
  /// that the recording copies the state for every action: the timeline keeps each entry's
  /// state, which then shares the store's. Returns whether it reported.
  @discardableResult
  package func reportRecordingCopiesLentState() -> Bool {
    guard lendingReplay != nil else { return false }
    report(
      .stateCannotBeLent, actionType: nil,
      "a Timeline records this store, which lends its state to its reducer "
        + "(stateAccess: .lentToReducer); the timeline keeps the state of every entry, so "
        + "each action copies the state while the store is recorded, as with .alwaysReadable. "
        + "Record the store with an ActionLog, which keeps a state now and then, or leave "
        + "stateAccess at its default.")
    return true
  }

  /// Attaches a timeline's tracer, or detaches it (`nil`). Returns `false`, attaching nothing,
  /// when another tracer is attached: a store is recorded by one timeline at a time.
  package func attachTracer(_ tracer: _Tracer<State>?) -> Bool {
    // Before the tracer is attached: see `_TraceContext.isRecordingAnywhere`.
    if tracer != nil { _TraceContext.isRecordingAnywhere.store(1) }
    let now = _uptimeNanoseconds()
    let attached = inner.withLock { core -> Bool in
      if tracer != nil, core.tracing.tracer != nil { return false }
      if (tracer == nil) == (core.tracing.tracer == nil) { return true }
      core.tracing.tracer = tracer
      core.timing.requests += tracer == nil ? -1 : 1
      if tracer != nil, core.timing.requests == 1 { core.timing.turnStartedAt = now }
      // A turn already under way was not marked: it is not traced.
      core.tracing.turnMark = nil
      return true
    }
    // Stored under the lock, so that two threads attaching and detaching leave the flags as
    // the last of them left the tracer.
    inner.withLock { core in
      let traced = core.tracing.tracer != nil
      traceFlag.store(traced ? 1 : 0)
      let around = aroundReducer.load() & ~_AroundReducer.traced
      aroundReducer.store(traced ? around | _AroundReducer.traced : around)
    }
    return attached
  }

  /// Calls the reducer of a store a timeline records with the turn's entry bound as the
  /// `reducer` cause of what it dispatches, into its own store or another, with or without
  /// middleware. The run loop calls it instead of `execute` when `aroundReducer` says the
  /// store is traced: a store nobody records pays one atomic load.
  @usableFromInline @inline(never)
  func executeTraced(_ action: any ActionProtocol, _ state: State, _ finish: Finish<State>) {
    _bindTraceMark(inner.withLock { $0.tracing.turnMark }, .reducer) {
      execute(action, state, finish)
    }
  }

  /// `executeTraced` for an in-place reduction.
  @usableFromInline @inline(never)
  func reduceInPlaceTraced(
    _ reduce: (any ActionProtocol, inout State) -> Void, _ action: any ActionProtocol,
    _ state: inout State
  ) {
    _bindTraceMark(inner.withLock { $0.tracing.turnMark }, .reducer) { reduce(action, &state) }
  }

  /// Runs a traced store's middleware chain for a new action, with the action's mark as the
  /// cause of what the middleware dispatches meanwhile.
  @usableFromInline
  func runTracedMiddleware(_ action: any ActionProtocol, completion: _Completion<State>?) {
    guard let tracer = inner.withLock({ $0.tracing.tracer }) else {
      return runMiddleware(from: 0, action, completion: completion)
    }
    let mark = _TraceMark(tracer: ObjectIdentifier(tracer), cause: _TraceContext.current)
    mark.startMiddlewareClock()
    _TraceContext.$current.withValue(_TraceCause(mark: mark, kind: .middleware)) {
      runMiddleware(from: 0, action, completion: completion)
    }
  }

  /// The round of a traced turn: the round every store runs (`notify`), with the turn as its
  /// trace, so that the timeline records the entry first and the subscribers and the
  /// completion run with the entry as the cause of what they dispatch.
  ///
  /// Inlinable, so that it is specialized for the store's state, but never inlined: compiled
  /// once for every state, it looks up the metadata of the round's generic types three times
  /// per traced action (docs/performance.md, "Recording the whole app: `Timeline`").
  @inlinable @inline(never)
  func notifyTraced(
    _ traced: _TracedTurn<State>, _ round: consuming _UnretainedSubscriberRound<State>,
    _ action: any ActionProtocol, _ state: State, failure: ActionOutcome?
  ) {
    notify(round, action, state, completion: traced.completion, failure: failure, trace: traced)
  }
}

/// A traced turn's round: the timeline records the entry first, and each part of the round
/// that has anyone to call runs with the entry as the cause of what it dispatches.
extension _TracedTurn: _RoundTrace {
  @inlinable
  func record(_ delivered: any ActionProtocol, _ state: State, engine: _StoreEngine<State>) {
    // The commit time, which the commit published before the round (`publishTimedTurn`):
    // read here, so that the turn every commit hands on stays one word smaller.
    let timing = _TurnTiming(
      nanoseconds: nanoseconds,
      committedAt: UInt64(truncatingIfNeeded: engine.timedCommit.load()))
    tracer.committed(mark, delivered, state, timing)
  }

  @inlinable
  func notify(
    _ round: _UnretainedSubscriberRound<State>, _ action: any ActionProtocol, _ state: State
  ) {
    guard !round.isSilent else { return }
    _bindTraceMark(mark, .subscriber) { round.notify(action, state) }
  }

  @inlinable
  func callCompletions(
    _ completion: _Completion<State>?, _ extras: _RoundExtras<State>?, _ state: State,
    failure: ActionOutcome?, engine: _StoreEngine<State>
  ) {
    guard completion != nil || extras?.lateCompletions.isEmpty == false else { return }
    _bindTraceMark(mark, .completion) {
      completion?(state, failure ?? .applied)
      if let extras { engine.callLateCompletions(extras, state) }
    }
  }

  @inlinable
  func runDeferredDispatches(_ extras: _RoundExtras<State>, engine: _StoreEngine<State>) {
    guard !extras.deferredDispatches.isEmpty else { return }
    _bindTraceMark(mark, .reducer) { engine.runDeferredDispatches(extras) }
  }
}
