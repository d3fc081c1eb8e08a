/// The notification round: what a committed action's round calls, in order, for every store.
///
/// One round for recorded and unrecorded stores alike: the subscribers (with a
/// ``RejectedAction`` in place of an action that was not applied), then the completion and the
/// late completions, then the actions the reducer dispatched. A store a timeline records runs
/// the same round with its traced turn as the round's `trace` (see `_TracedTurn`): the
/// timeline records the entry first, and each part of the round runs with the entry as the
/// cause of what it dispatches. The subscriber walk itself is `_UnretainedSubscriberRound`'s.
extension _StoreEngine {
  /// Runs a committed action's round: its subscribers, then the completion, then what the
  /// round carries besides.
  ///
  /// Generic over the trace, rather than taking an optional one, so that an unrecorded
  /// store's round (`_Untraced`) is compiled with no tracing code at all.
  @inlinable @inline(__always)
  func notify<Trace: _RoundTrace<State>>(
    _ round: _UnretainedSubscriberRound<State>, _ action: any ActionProtocol,
    _ state: State, completion: _Completion<State>?, failure: ActionOutcome?, trace: Trace
  ) {
    guard !round.hasExtras else {
      notifyWithExtras(
        round, action, state, completion: completion, failure: failure, trace: trace)
      return
    }
    notifySubscribers(round, action, state, failure: failure, trace: trace)
    trace.callCompletions(completion, nil, state, failure: failure, engine: self)
  }

  /// The round of a store no timeline records, with the turn's completion where the turn
  /// keeps it: taken (so that it is released here, not when the next one is loaded) only once
  /// the subscribers returned, so that it is not held in registers across their calls.
  @inlinable @inline(__always)
  func notifyUntraced(
    _ round: _UnretainedSubscriberRound<State>, _ action: any ActionProtocol,
    _ state: State, completion: inout _Completion<State>?, failure: ActionOutcome?
  ) {
    guard !round.hasExtras else {
      notifyWithExtras(
        round, action, state, completion: completion.take(), failure: failure,
        trace: _Untraced())
      return
    }
    notifySubscribers(round, action, state, failure: failure, trace: _Untraced())
    let completion = completion.take()
    completion?(state, failure ?? .applied)
    _dropIfPresent(consume completion)  // usually none: tested, not destroyed by a call
  }

  /// A round with extras, which it takes from the core first: the same parts, then the late
  /// completions and the deferred dispatches. Apart from `notify`, so that the usual round
  /// has no extras to destroy.
  @inlinable
  func notifyWithExtras<Trace: _RoundTrace<State>>(
    _ round: _UnretainedSubscriberRound<State>, _ action: any ActionProtocol,
    _ state: State, completion: _Completion<State>?, failure: ActionOutcome?, trace: Trace
  ) {
    var round = round
    let (extras, everyFiltered) = inner.withLock { $0.takeRoundExtras() }
    if !everyFiltered.isEmpty { round.typed = _SubscriberTable.inPlace(everyFiltered) }
    notifySubscribers(round, action, state, failure: failure, trace: trace)
    // The list the round read in place lives until its last subscriber returned.
    withExtendedLifetime(everyFiltered) {}
    trace.callCompletions(completion, extras, state, failure: failure, engine: self)
    if let extras { trace.runDeferredDispatches(extras, engine: self) }
  }

  /// The round's subscribers, with a ``RejectedAction`` in place of an action that was not
  /// applied.
  @inlinable @inline(__always)
  func notifySubscribers<Trace: _RoundTrace<State>>(
    _ round: _UnretainedSubscriberRound<State>, _ action: any ActionProtocol,
    _ state: State, failure: ActionOutcome?, trace: Trace
  ) {
    if case .failed(let error)? = failure {
      let rejected = RejectedAction(action, error: error)
      trace.record(rejected, state, engine: self)
      trace.notify(round, rejected, state)
    } else {
      trace.record(action, state, engine: self)
      trace.notify(round, action, state)  // borrowed: an applied action is not copied
    }
  }

  /// The completions of feedback actions dropped while the state was lent, called with the
  /// state this round committed.
  @inlinable @inline(__always)
  func callLateCompletions(_ extras: _RoundExtras<State>, _ state: State) {
    for completion in extras.lateCompletions { completion(state, .dropped(.feedbackLimit)) }
  }

  /// Actions the reducer dispatched, through the middleware now that the state is committed:
  /// this thread still owns the queue, so they queue behind this action.
  @inlinable @inline(__always)
  func runDeferredDispatches(_ extras: _RoundExtras<State>) {
    for pending in extras.deferredDispatches {
      runMiddleware(from: 0, pending.action, completion: pending.completion)
    }
  }
}

/// What a notification round does around each of its parts: nothing for an unrecorded store
/// (`_Untraced`); for a recorded one, record the entry and bind it as the cause of what each
/// part dispatches (`_TracedTurn`).
@usableFromInline
protocol _RoundTrace<State> {
  associatedtype State: StateProtocol

  /// Hands the entry to the timeline, before anyone is called.
  func record(_ delivered: any ActionProtocol, _ state: State, engine: _StoreEngine<State>)
  /// Calls the round's subscribers.
  func notify(
    _ round: _UnretainedSubscriberRound<State>, _ action: any ActionProtocol, _ state: State)
  /// Calls the completion, then the late completions.
  func callCompletions(
    _ completion: _Completion<State>?, _ extras: _RoundExtras<State>?, _ state: State,
    failure: ActionOutcome?, engine: _StoreEngine<State>)
  /// Passes on the actions the reducer dispatched.
  func runDeferredDispatches(_ extras: _RoundExtras<State>, engine: _StoreEngine<State>)
}

/// The round of a store no timeline records: each part as it is.
@usableFromInline
struct _Untraced<State: StateProtocol>: _RoundTrace {
  @inlinable
  init() {}

  @inlinable @inline(__always)
  func record(_ delivered: any ActionProtocol, _ state: State, engine: _StoreEngine<State>) {}

  @inlinable @inline(__always)
  func notify(
    _ round: _UnretainedSubscriberRound<State>, _ action: any ActionProtocol, _ state: State
  ) {
    round.notify(action, state)
  }

  @inlinable @inline(__always)
  func callCompletions(
    _ completion: _Completion<State>?, _ extras: _RoundExtras<State>?, _ state: State,
    failure: ActionOutcome?, engine: _StoreEngine<State>
  ) {
    completion?(state, failure ?? .applied)
    if let extras { engine.callLateCompletions(extras, state) }
  }

  @inlinable @inline(__always)
  func runDeferredDispatches(_ extras: _RoundExtras<State>, engine: _StoreEngine<State>) {
    engine.runDeferredDispatches(extras)
  }
}

extension _StoreCore {
  /// Hands a round its extras, when it has any (`hasExtras`), at its start: the late
  /// completions and the deferred dispatches the commit left here, and the list of every
  /// filtered subscriber a replaced state notifies. Nothing adds to them between the commit
  /// and this call: both are made by the thread running the queue, with no reducer running.
  @usableFromInline
  mutating func takeRoundExtras() -> (
    _RoundExtras<State>?, ContiguousArray<_Subscriber<State>?>
  ) {
    var taken: _RoundExtras<State>?
    if !extras.lateCompletions.isEmpty || !extras.deferredDispatches.isEmpty {
      taken = _RoundExtras(
        lateCompletions: extras.lateCompletions, deferredDispatches: extras.deferredDispatches)
      extras.lateCompletions = []
      extras.deferredDispatches = []
    }
    let everyFiltered = subscribers.everyFilteredRound
    subscribers.everyFilteredRound = []
    return (taken, everyFiltered)
  }
}
