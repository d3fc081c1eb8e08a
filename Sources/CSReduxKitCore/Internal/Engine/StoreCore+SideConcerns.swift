/// The store's side concerns, each a value of its own inside `_StoreCore`, behind the same
/// lock: the run loop's transitions read and change them in place (`core.lending.readersWaiting
/// += 1` changes the field where it is, through the `inout` core), so grouping them costs
/// nothing per dispatch.
extension _StoreCore {
  /// Whether the store lends its state to the reducer, and the readers of a lent state.
  @usableFromInline
  struct Lending {
    /// Whether the store lends its state to the reducer (``StateAccess/lentToReducer``, with a
    /// reducer that cannot fail half-way).
    @usableFromInline let lendsState: Bool
    /// A re-entrant read of a lent state is being reported: a diagnostics handler that reads
    /// the state again is not reported again (it would recurse).
    @usableFromInline var isReportingLentRead = false
    /// Readers waiting for a lent state to come back, not yet woken.
    @usableFromInline var readersToWake = 0
    /// Readers that found the state lent and have not read it yet: while there are any, the
    /// state is not lent again, so each of them reads at its first wake-up.
    @usableFromInline var readersWaiting = 0

    @usableFromInline
    init(lendsState: Bool) {
      self.lendsState = lendsState
    }
  }

  /// Rarer work a round carries, held until the next commit or the next time the store goes
  /// idle.
  @usableFromInline
  struct Extras {
    /// Called, outside the lock, the next time the store goes idle.
    @usableFromInline var idleWaiters: [@Sendable () -> Void] = []
    /// Actions dispatched from inside the reducer to a store with middleware: their middleware
    /// runs after the current commit, on the draining thread, so that it reads a committed
    /// state.
    @usableFromInline var deferredDispatches: [_Pending<State>] = []
    /// Completions of feedback actions dropped while the state was lent: called with the next
    /// committed state.
    @usableFromInline var lateCompletions: [_Completion<State>] = []

    @usableFromInline
    init() {}
  }

  /// Per-turn timing, for action logs and the timeline.
  @usableFromInline
  struct Timing {
    /// How many observers (action logs, a timeline's tracer) want each turn timed; timing
    /// costs two clock reads, so a store nobody observes checks nothing more per turn.
    @usableFromInline var requests = 0
    /// When the turn in flight started, while timing is requested.
    @usableFromInline var turnStartedAt: UInt64 = 0
    /// From the reducer's call to the commit, for the action being notified.
    @usableFromInline var lastTurnNanoseconds: UInt64 = 0

    @usableFromInline
    init() {}
  }

  /// What a timeline that records the store keeps in it.
  @usableFromInline
  struct Tracing {
    /// The timeline's tracer, when a timeline records the store; it counts in
    /// `timing.requests`.
    @usableFromInline var tracer: _Tracer<State>?
    /// The mark of the traced action in flight; set when a turn starts while timing is on.
    @usableFromInline var turnMark: _TraceMark?

    @usableFromInline
    init() {}
  }
}
