import _CSReduxKitShims

/// The shared record behind a `Finish` callback: which action it completes, and how far along
/// the completion is.
///
/// The phase word arbitrates between the thread running the reducer and any thread that calls
/// `finish`, without taking the store's lock:
///
///     executing ──finish──▶ claimed ──▶ finishedEarly ──(reducer returns)──▶ done
///         │
///         └──(reducer returns)──▶ publishing ──▶ awaiting ──finish, or released──▶ done
///
/// `claimed` and `publishing` last a few instructions: the winner writes the fields the other
/// side needs, then moves on; a thread that meets them waits for the next phase.
///
/// A box that ends in `done` while the store holds the only reference is reused for the next
/// action, so the synchronous path allocates nothing and stores only the action type. The
/// action and its completion are published into the box only when the reducer returns without
/// finishing, for whoever finishes it later. A box the reducer kept is never reused.
@usableFromInline
final class _FinishBox<State: StateProtocol>: @unchecked Sendable {
  @usableFromInline let phase = _FinishPhaseWord()
  /// Reports misuse; holds no reference to the engine.
  @usableFromInline let reporter: _Reporter
  /// The engine to resume, held only while the action awaits its `finish`: work in flight
  /// keeps the store's machinery alive, and a finished or recycled box holds nothing, so a
  /// reducer that keeps its callbacks never forms a cycle with the store.
  @usableFromInline @exclusivity(unchecked) var resumeTarget: _StoreEngine<State>?
  /// Which child of a composed reducer is working, for the timeout report.
  @usableFromInline let stage = _Locked<String?>(nil)

  // Each field is written by one side while the phase word gives it sole access, and read by
  // the other side after it observed the phase that follows; the phase word orders them, so
  // the runtime's exclusivity checks would only cost time.
  /// Atomic: a caller of a second, late `finish` reads it for its report and then lets the
  /// box go; nothing else orders that read before the write of the box's next use.
  @usableFromInline let actionTypeWord = _AtomicWord(0)
  @usableFromInline @exclusivity(unchecked) var action: (any ActionProtocol)?
  @usableFromInline @exclusivity(unchecked) var completion: _Completion<State>?
  /// The outcome of a `finish` called before the reducer returned: set by `finish`
  /// (`claimed`), taken by the draining thread (`finishedEarly`), `nil` otherwise. A new
  /// state, the usual outcome, is kept apart from the others, as a `State?`: for a state of
  /// plain values, storing it over the empty field then destroys nothing.
  @usableFromInline @exclusivity(unchecked) var earlyState: State?
  /// The other outcomes of a `finish` called before the reducer returned (a failure).
  @usableFromInline @exclusivity(unchecked) var earlyOutcome: _Outcome<State>?

  @inlinable
  init(reporter: _Reporter) {
    self.reporter = reporter
  }

  deinit {
    // The reducer kept `finish` and then let it go without calling it.
    if phase.holds(.awaiting), let action, let resumeTarget {
      resumeTarget.resume(action, completion: completion, outcome: .released)
    }
  }

  /// Prepares a fresh or recycled box for an action. Only the draining thread calls this.
  @inlinable
  func begin(actionType: Int) {
    actionTypeWord.store(actionType)
    phase.store(.executing)
  }

  /// The type of the action this box completes.
  @usableFromInline
  var actionType: Int { actionTypeWord.load() }

  /// The child of a composed reducer that is working, if any.
  @usableFromInline
  var currentStage: String? { stage.withLock { $0 } }

  /// Called by the draining thread when the reducer returned. Returns the outcome when `finish`
  /// was called before that (on any thread), or `nil` when the action is still in flight, in
  /// which case the action and completion are published for whoever finishes it.
  func reducerReturned(
    action: any ActionProtocol, completion: _Completion<State>?,
    engine: _StoreEngine<State>
  ) -> _Outcome<State>? {
    if phase.changes(from: .executing, to: .publishing) {
      self.action = action
      self.completion = completion
      self.resumeTarget = engine
      phase.store(.awaiting)
      return nil
    }
    // `finish` claimed the box; it publishes the outcome a few instructions later.
    while !phase.holds(.finishedEarly) { csrk_yield() }
    return takeEarlyOutcome()
  }

  /// The outcome of a reducer that called `finish` before it returned (the usual case), or
  /// `nil`, after which the caller goes on with `reducerReturned`. Only the draining thread
  /// calls it. `finishedEarly` is final until this thread moves on, so a load suffices where
  /// `reducerReturned` needs a compare-and-exchange; inlined, so the call retains nothing.
  @inlinable @inline(__always)
  func outcomeIfFinished() -> _Outcome<State>? {
    guard phase.holds(.finishedEarly) else { return nil }
    return takeEarlyOutcome()
  }

  /// Takes the outcome `finish` left (`finishedEarly`) and marks the box done. Only the
  /// draining thread calls it.
  @inlinable @inline(__always)
  func takeEarlyOutcome() -> _Outcome<State>? {
    let outcome = earlyState.take().map(_Outcome.state) ?? earlyOutcome.take()
    phase.store(.done)
    return outcome
  }

  /// Completes an action that was still awaiting `finish` when nothing else can call it any
  /// more. Returns `false` if a `finish` call won the race.
  func claimAbandoned() -> Bool {
    guard phase.changes(from: .awaiting, to: .done) else { return false }
    action = nil
    completion = nil
    resumeTarget = nil
    return true
  }

  /// Whether the reducer has returned and `finish` has not been called yet.
  var isAwaiting: Bool { phase.holds(.awaiting) }

  /// The usual call, inside the reducer's call, finds the box `executing`; every other one
  /// goes on in `finishContended`, so that the usual one saves and restores no registers.
  @inlinable
  func finish(_ outcome: consuming _Outcome<State>) {
    guard phase.changes(from: .executing, to: .claimed) else {
      finishContended(outcome)
      return
    }
    keepEarly(outcome)
    phase.store(.finishedEarly)
  }

  /// Keeps the outcome of a `finish` called before the reducer returned (`claimed`).
  @inlinable @inline(__always)
  func keepEarly(_ outcome: consuming _Outcome<State>) {
    switch consume outcome {
    case .state(let state): earlyState = state
    case let other: earlyOutcome = other
    }
  }

  /// `finish` on a box that was not `executing` a moment ago: the reducer returned meanwhile
  /// (or is returning), or `finish` was called before.
  @inlinable @inline(never)
  func finishContended(_ outcome: consuming _Outcome<State>) {
    while true {
      switch phase.load() {
      case .executing:
        guard phase.changes(from: .executing, to: .claimed) else { continue }
        keepEarly(outcome)
        phase.store(.finishedEarly)
        return
      case .publishing:
        csrk_yield()
      case .awaiting:
        guard phase.changes(from: .awaiting, to: .done) else { continue }
        // This thread now owns the box's fields: take them, so the box holds nothing after.
        let engine = resumeTarget.take()
        let pending = (action.take(), completion.take())
        if let engine, let action = pending.0 {
          engine.resume(action, completion: pending.1, outcome: outcome)
        }
        return
      default:
        reporter.reportFinishCalledTwice(actionType: actionType, child: nil)
        return
      }
    }
  }
}

/// How far a finish box's completion is (see `_FinishBox`).
@usableFromInline
enum _FinishPhase: Int {
  case executing, claimed, finishedEarly, publishing, awaiting, done
}

/// A finish box's phase in an atomic word, read and changed as a `_FinishPhase`.
@usableFromInline
struct _FinishPhaseWord: Sendable {
  @usableFromInline let word = _AtomicWord(0)

  @inlinable
  init() {}

  /// The phase; a word that names none (never written) reads as `done`, whose calls are
  /// reported as a second `finish`.
  @inlinable @inline(__always)
  func load() -> _FinishPhase {
    _FinishPhase(rawValue: word.load()) ?? .done
  }

  /// Whether the box is in `phase`: one load and one comparison.
  @inlinable @inline(__always)
  func holds(_ phase: _FinishPhase) -> Bool {
    word.load() == phase.rawValue
  }

  @inlinable @inline(__always)
  func store(_ phase: _FinishPhase) {
    word.store(phase.rawValue)
  }

  /// Changes `expected` to `desired`; returns whether the box was in `expected`.
  @inlinable @inline(__always)
  func changes(from expected: _FinishPhase, to desired: _FinishPhase) -> Bool {
    word.compareExchange(expected: expected.rawValue, desired: desired.rawValue)
      == expected.rawValue
  }
}
