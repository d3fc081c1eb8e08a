import Dispatch

/// The machinery behind a ``Store``: its lock-protected core, the queue, the reducer and the
/// notification rounds.
///
/// It is a separate object so that nothing ever holds a *weak* reference to it: once an object
/// is weakly referenced, Swift keeps its reference count in a side table, on a slower path.
/// Middleware contexts and completion tokens hold the engine strongly on the dispatch path;
/// only ``Subscription`` refers weakly, and to the public ``Store``. When the store goes away
/// it shuts the engine down (`shutDown()`), which cancels the subscriptions. A finish box
/// holds the engine only while its action awaits `finish`, so an asynchronous reducer still
/// working keeps the engine alive until it finishes or lets go, and nothing else does.
@usableFromInline
package final class _StoreEngine<State: StateProtocol>: @unchecked Sendable {
  @usableFromInline let name: String
  @usableFromInline let declaredActions: ActionTypes
  @usableFromInline let reducerTimeout: Duration
  @usableFromInline let nestedDispatchLimit: Int
  /// The reducer's `execute`: its own closure for a ``Reducer``, otherwise a closure
  /// specialized for the reducer's concrete type when the store is created.
  @usableFromInline package let execute:
    @Sendable (any ActionProtocol, State, Finish<State>) -> Void
  /// The reducer's in-place reduction, when it has one that cannot fail half-way: the store
  /// applies it without a finish box, to its own state when it lends it (see `run`).
  @usableFromInline let reduceInPlace: (@Sendable (any ActionProtocol, inout State) -> Void)?
  /// Where readers wait while the state is lent to an in-place reduction on another thread;
  /// only stores that lend their state have one.
  @usableFromInline let lentStateWait: DispatchSemaphore?
  /// What a read from the reducing thread gets while the state is lent (`readsInsideGet`).
  /// Only stores that lend their state keep it.
  @usableFromInline let stateWhileLent: State?
  @usableFromInline let reporter: _Reporter
  @usableFromInline let inner: _Locked<_StoreCore<State>>
  /// The core's queue word and side queue, which a dispatching thread reaches without the
  /// core's lock (see `_QueueWord`).
  @usableFromInline let queueWord: _QueueWord
  @usableFromInline let sideQueue: _Locked<_FIFO<_Pending<State>>>
  /// The middleware chain, outermost first.
  @usableFromInline let middleware: ContiguousArray<Middleware<State>>
  /// Whether a ``Thunk`` that leaves the chain runs (`true` unless the store was created with
  /// `runsThunks: false`); see `runThunk`.
  @usableFromInline let runsThunks: Bool
  /// The effects the store runs (effect thunks) and their dependencies; see
  /// `_StoreEngine+Effects`.
  @usableFromInline let effects: _EffectRegistry
  /// The thread inside the reducer's call, 0 outside it; kept only for stores with middleware,
  /// so that `dispatch` tells a dispatch from inside the reducer apart with one load. Only
  /// that thread stores its own id, so a thread that loads its own id is inside the call.
  @usableFromInline let reducerCallThread = _AtomicWord(0)
  /// 1 while a timeline records the store: its middleware chain then runs with the new
  /// action's mark as the cause of what it dispatches, and its main-actor subscribers carry
  /// the entry they are notified of. Read only by stores with middleware and by main-actor
  /// subscribers.
  @usableFromInline let traceFlag = _AtomicWord(0)
  /// What the run loop does around the reducer's call (`_AroundReducer`): 0 for a store that
  /// declares no actions and that no timeline records, which then calls its reducer directly.
  @usableFromInline let aroundReducer: _AtomicWord
  /// While turns are timed, the turn committed last: its reducer's nanoseconds and its
  /// commit's uptime, stored at the commit for the round's subscribers (an action log's),
  /// which read them on the committing thread without taking the store's lock again.
  @usableFromInline let timedNanoseconds = _AtomicWord(0)
  @usableFromInline let timedCommit = _AtomicWord(0)
  /// `cancel(id:)`, specialized for the store's state type when the store is created.
  /// `Subscription.cancel()` reaches the store through a protocol, where the code is generic
  /// and would look up the type metadata of the core and the subscriber table at run time,
  /// several times per call; calling this instead keeps cancelling as cheap as subscribing.
  /// Set once, in `init` (it needs `self`), and only read afterwards.
  @usableFromInline @exclusivity(unchecked) var cancelByID: @Sendable (UInt64) -> Void = { _ in }
  /// What the watchdog's timer holds the engine through, emptied when the store goes away.
  /// Set once, right after `init`, by the store (see `watchTurns`).
  @exclusivity(unchecked) var watchdogTarget: WatchdogTarget<State>?
  /// The next queued action for the thread that runs the queue, loaded when a round closes
  /// (`closeRound`) and moved out by the run loop before its turn starts: the lock never
  /// releases an action. Only that thread touches it while it owns the queue (`isBusy`), and
  /// ownership passes through the lock, so its accesses are ordered. A field rather than part
  /// of the turn, a local of the run loop: an optional existential there would be destroyed,
  /// through the generic value witness, at the end of every dispatch. The last field: the
  /// thread running the queue writes it twice per action, and next to `inner` or `middleware`,
  /// which every dispatching thread reads, each write would take their cache line away from
  /// the other threads (false sharing; see docs/performance.md, "Two threads").
  /// The traced turn of the round the thread running the queue is about to notify, for a store
  /// a timeline records: set in the commit's critical section and taken before the round
  /// closes, by that thread alone, as `next` is. A field rather than a local of the run loop,
  /// so that a store nobody records destroys no empty traced turn after every commit.
  @usableFromInline @exclusivity(unchecked) var tracedTurn: _TracedTurn<State>?
  @usableFromInline @exclusivity(unchecked) var next: (any ActionProtocol)?
  /// A finish box to reuse, so that a synchronous reducer allocates none: taken by `reduce`
  /// and put back by `recycle`, on the thread that runs the queue alone, as `next` is. A field
  /// the turn reaches without the lock, rather than one of the core handed to each turn and
  /// back, which every dispatch paid for twice under the lock and once more where the turn
  /// ends. Its reference is counted by hand (`_SpareFinishBox`) and released with the engine.
  @usableFromInline @exclusivity(unchecked) var spareBox = _SpareFinishBox<State>()

  @inlinable
  init(state: State, reducer: some ReducerProtocol<State>, configuration: Configuration) {
    let (name, declaredActions, middleware) =
      (configuration.name, configuration.declaredActions, configuration.middleware)
    let (runsThunks, reducerTimeout, nestedDispatchLimit) =
      (configuration.runsThunks, configuration.reducerTimeout, configuration.nestedDispatchLimit)
    let (stateAccess, dependencies, diagnostics) =
      (configuration.stateAccess, configuration.dependencies, configuration.diagnostics)
    self.effects = _EffectRegistry(dependencies: dependencies)
    self.name = name
    self.declaredActions = declaredActions
    self.reducerTimeout = reducerTimeout
    self.nestedDispatchLimit = nestedDispatchLimit
    // A store that declares its actions has the run loop check each one before its reducer
    // (`_AroundReducer`); the reducer's closures are the same either way.
    self.aroundReducer = _AtomicWord(_AroundReducer.word(declaring: declaredActions))
    self.execute = Self.execution(of: reducer)
    let reduceInPlace = Self.inPlaceReduction(of: reducer)
    self.reduceInPlace = reduceInPlace
    var stateWhileLent: State?
    if reduceInPlace != nil, case .lentToReducer(let readsInsideGet) = stateAccess {
      stateWhileLent = readsInsideGet
    }
    let lends = stateWhileLent != nil
    var refusesLending = false
    if !lends, case .lentToReducer = stateAccess { refusesLending = true }
    self.lentStateWait = lends ? DispatchSemaphore(value: 0) : nil
    self.stateWhileLent = stateWhileLent
    self.reporter = _Reporter(
      storeName: name, actions: declaredActions, diagnostics: diagnostics)
    self.middleware = ContiguousArray(middleware)
    self.runsThunks = runsThunks
    let core = _StoreCore(
      state: state, lendsState: lends, feedbackLimit: nestedDispatchLimit,
      watchesTurns: reducerTimeout > .zero)
    self.queueWord = core.queueWord
    self.sideQueue = core.sideQueue
    self.inner = _Locked(core)
    // Unowned: the engine owns the closure, so the engine is alive whenever it runs (a weak
    // reference would move the engine's reference count to a side table).
    self.cancelByID = { [unowned(unsafe) self] id in self.cancel(id: id) }
    if refusesLending { reportStateCannotBeLent() }
    if let overlaps = declaredActions.overlapReport {
      report(.overlappingActionTypes, actionType: nil, overlaps)
    }
  }

  deinit {
    spareBox.release()
  }

  /// Says, once and where the store is created, that its reducer cannot take the lent state
  /// it was asked to lend: the user chose a trade the store does not make.
  @usableFromInline
  func reportStateCannotBeLent() {
    report(
      .stateCannotBeLent, actionType: nil,
      "stateAccess: .lentToReducer was given, but this reducer cannot take a lent state (only "
        + "an in-place reducer that cannot throw can: InPlaceReducer.nonThrowing, or an "
        + "InPlaceReducerProtocol whose reduce does not throw); the store "
        + "keeps its committed state and copies it, as with .alwaysReadable. Use such a "
        + "reducer, or leave stateAccess at its default.")
  }

  /// Cancels every subscription and every effect: the store went away. The spare finish box
  /// belongs to the thread that runs the queue, which may still be finishing an action, and is
  /// released with the engine.
  func shutDown() {
    watchdogTarget?.detach()
    effects.cancelAll(shutDown: true)
    let entries = inner.withLock { core in
      core.subscribers.removeAll(deferred: core.isNotifying)
    }
    for entry in entries { entry.subscription.markCancelled() }
  }
}

extension _StoreEngine {
  /// How a store is set up besides its state and reducer: the parameters of ``Store``'s
  /// initializer, which fills this in from them. Its defaults are placeholders; the store's
  /// initializer states the defaults a user reads.
  @usableFromInline
  struct Configuration {
    @usableFromInline var name = ""
    @usableFromInline var declaredActions = ActionTypes.none
    @usableFromInline var middleware: [Middleware<State>] = []
    @usableFromInline var runsThunks = true
    @usableFromInline var reducerTimeout = Duration.zero
    @usableFromInline var nestedDispatchLimit = 0
    @usableFromInline var stateAccess = StateAccess<State>.alwaysReadable
    @usableFromInline var dependencies = EffectDependencies()
    @usableFromInline var diagnostics: @Sendable (StoreDiagnostic) -> Void = { _ in }

    @inlinable
    init() {}
  }
}
