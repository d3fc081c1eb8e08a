import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Records what a store does, action by action, and travels back and forth through it.
///
/// Attach a log to a store and it keeps the last ``capacity`` entries: each action as the
/// subscribers received it, the state committed for it, when, and how long the reducer took.
///
/// ```swift
/// let log = ActionLog(recording: store, capacity: 500)
/// store.dispatch(Action(TodoAction.add, data: "Buy milk"))
/// log.entries.last?.state  // the state after the add
/// log.jump(toEntry: 0)     // the store goes back to that state; subscribers are told
/// ```
///
/// ## Time travel
///
/// ``jump(toEntry:completion:)`` replaces the store's state with a recorded one: subscribers are
/// notified with a `StateReplacedAction` (every subscriber, whatever its filter), and actions
/// dispatched afterwards continue from there. Like an editor's undo history, the first action
/// recorded after a jump back discards the entries after the one jumped to.
/// ``setSkipped(_:at:completion:)`` toggles an entry off (or on again): the log recomputes the
/// states of every later entry with the store's own reducer, at the store's next turn, and the
/// store takes the recomputed state.
///
/// ## What is recorded
///
/// Every notification of the store, in order, from the moment the log is created: rejected
/// actions (as `RejectedAction`) and replacements by others (a `StateReplacedAction` entry)
/// included; the log's own jumps and recomputations are not entries. While ``isPaused``,
/// nothing is recorded; on ``resume()`` after missed actions the log records one
/// `StateReplacedAction` entry holding the state reached meanwhile, so that replaying and
/// recomputing stay exact.
///
/// The log holds the store weakly: it neither keeps the store alive nor is kept alive by it.
/// Recording costs one subscriber, the store's two clock reads per action (which time the
/// reducer and date the entry), one entry, and counting the state's bytes (see below).
///
/// ## Memory
///
/// Each entry keeps the state committed for it, so a log holds up to ``capacity`` states. A
/// state that shares nothing with the one before (an array whose elements the reducer changes
/// in place, for one) costs its whole size per entry: 1,000 entries of a 1 MB state would be a
/// gigabyte. So the log also keeps its states within ``byteBudget`` bytes, 64 MB unless given
/// at creation: when an entry would take it over, the oldest entries drop out (the newest one
/// always stays, however large). It counts a state's bytes with the `stateSize` closure given
/// at creation, or else estimates them from what the state stores: a state without references
/// counts its own size, for free; any other state is walked with `Mirror` for each state the
/// log keeps (about a microsecond for a few properties), unless it is a struct whose fields
/// with references hold the same bits as those of the state kept before it (the usual action
/// changes a number or a flag): such a state reaches the same storage and counts as the walk
/// would count it, its inline size added, without a walk. The walk counts each heap block the
/// state reaches once: an object's header and stored properties (its superclasses' included)
/// and what they reach, an array's, dictionary's or set's buffer by its capacity and what its
/// elements reach, a string's UTF-8 bytes past the 15 it keeps inline, and `Data`'s bytes.
/// Storage a kept state shares with the state kept before it (an array or an object no action
/// changed) is kept once, and counts once: for the first state that holds it, and for the
/// initial state once that one drops out; it is not looked into again, which costs one lookup.
/// The walk goes 32 levels deep, visits at most 32 elements of a collection (spread over it)
/// and 512 values with references per state, so a large graph costs a bounded time per entry
/// (about a millisecond at most): the elements not visited count as the average of those
/// visited, and what lies past the limits is not counted; storage reached only through shared
/// storage counts again when new storage holds it, which errs on the side of keeping fewer
/// entries. Memory the walk cannot see (a pointer's allocation, a type whose custom mirror
/// hides its storage) is not counted: give such a state a `stateSize`. The walk reads every
/// stored property, as `Mirror` does: reading an `unowned` reference whose object is gone stops
/// the program, so a state that may hold one needs a `stateSize`, which nothing walks.
/// ``byteCount`` shows the count.
///
/// ## A store that lends its state
///
/// A store created with `stateAccess: .lentToReducer` changes its state in place, without a
/// copy; a log that kept the state of every entry would share it with the store, and every
/// action would copy it again. So a log of such a store keeps the state of one entry in
/// ``checkpointInterval`` (64 unless given at creation), and of every `StateReplacedAction`
/// entry; the entries in between keep only their actions. Their states are recomputed with
/// the store's in-place reducer, which cannot fail or finish later, when they are read:
/// reading ``entries`` or ``recording`` runs the reducer once for each such entry, and a jump
/// runs it for up to `checkpointInterval - 1` actions, from a copy of the state kept before
/// the entry. Recording then costs one copy of the state per `checkpointInterval` actions
/// instead of one per action, and only the kept states count against ``byteBudget``. The
/// reducer must be pure, as every reducer should, for the recomputed states to be the ones
/// committed.
///
/// - Complexity: recording an entry is O(1) plus counting its state's bytes; ``entries``
///   copies them, O(n).
public final class ActionLog<State: StateProtocol>: @unchecked Sendable {
  /// How many entries the log keeps, at least 1; older ones drop out, and ``initialState``
  /// becomes the state of the last one dropped.
  public let capacity: Int
  /// How many bytes of states the log keeps at most, as it counts them (see "Memory" above),
  /// ``initialState`` included; older entries drop out to stay within it, but the newest entry
  /// always stays.
  public let byteBudget: Int
  /// How often a log of a store that lends its state keeps one (see "A store that lends its
  /// state" above): at least once every this many entries, at least 1.
  public let checkpointInterval: Int
  /// The name of the store recorded.
  public let storeName: String

  @usableFromInline weak var store: Store<State>?
  @usableFromInline let engine: _StoreEngine<State>
  @usableFromInline let inner: _Locked<LogInner<State>>
  @usableFromInline let subscription: _Locked<Subscription?> = _Locked(nil)

  /// The byte budget of a log created without one: 64 MB.
  public static var defaultByteBudget: Int { 64 << 20 }

  /// Starts recording `store`.
  ///
  /// ```swift
  /// // A large state: at most 32 MB of it, counted by the app's own measure.
  /// let log = ActionLog(
  ///   recording: store, byteBudget: 32 << 20, stateSize: { $0.items.count * 8 + 64 })
  /// ```
  ///
  /// - Parameters:
  ///   - store: The store to record.
  ///   - capacity: How many entries to keep; a capacity below 1 keeps 1, as ``capacity`` then
  ///     shows.
  ///   - byteBudget: How many bytes of states to keep at most, as `stateSize` counts them; a
  ///     budget below 0 keeps only the newest entry. See "Memory" above.
  ///   - stateSize: How many bytes a state holds, called once for each state the log keeps,
  ///     under the log's lock: keep it cheap. Each state counts whole, what it shares with
  ///     others included. By default the log estimates it from what the state stores, counting
  ///     shared storage once (see "Memory" above).
  ///   - checkpointInterval: For a store that lends its state only: the log keeps a state at
  ///     least once every this many entries and recomputes the others when they are read (see
  ///     "A store that lends its state" above); below 1 keeps every state.
  @inlinable
  public init(
    recording store: Store<State>, capacity: Int = 1_000,
    byteBudget: Int = ActionLog.defaultByteBudget,
    stateSize: (@Sendable (State) -> Int)? = nil, checkpointInterval: Int = 64
  ) {
    // Inlinable, so that the recording closure below, and the log's recording path it calls,
    // are specialized for `State` where the log is made (see `LogInner`).
    let capacity = max(capacity, 1)
    self.capacity = capacity
    self.byteBudget = max(byteBudget, 0)
    self.storeName = store.name
    self.store = store
    self.engine = store.engine
    self.checkpointInterval = max(checkpointInterval, 1)
    let inner = _Locked(
      LogInner(
        initialState: store.state, capacity: capacity, byteBudget: max(byteBudget, 0),
        stateSize: stateSize, lending: engine.lendingReplay,
        checkpointInterval: checkpointInterval))
    self.inner = inner
    let engine = self.engine
    let origin = ObjectIdentifier(self)
    startTiming()
    // The closure holds the log's entries, not the log: a log that goes away cancels it.
    let (subscription, state) = store.subscribeReadingState { action, state in
      let turn = engine.lastTimedTurn
      inner.withLock { log in log.observe(action, state, turn: turn, origin: origin) }
    }
    // Actions committed meanwhile were recorded on top of exactly this state, unless a full
    // log already dropped one of them and moved the initial state forward.
    inner.withLock { if !$0.hasDropped { $0.setInitialState(state) } }
    self.subscription.withLock { $0 = subscription }
  }

  /// Asks the store to time its turns, for the entries' `reducerDuration`.
  @usableFromInline
  func startTiming() {
    engine.requestTiming(true)
  }

  deinit {
    stopRecording()
  }

  /// Stops recording for good and lets go of the store's subscription; the entries stay.
  public func stopRecording() {
    guard let subscription = subscription.withLock({ $0.take() }) else { return }
    subscription.cancel()
    engine.requestTiming(false)
  }

  // MARK: - Reading

  /// The recorded entries, oldest first.
  public var entries: [ActionLogEntry<State>] {
    inner.withLock { $0.snapshot }.resolved().entries
  }

  /// How many bytes the log counts for the states it keeps, ``initialState`` included; at
  /// most ``byteBudget`` unless the newest entry alone is larger.
  public var byteCount: Int {
    inner.withLock { $0.byteCount }
  }

  /// The state before the oldest entry kept.
  public var initialState: State {
    inner.withLock { $0.chain(after: -1) }.resolve()
  }

  /// The entries and the state before them, as one consistent value.
  public var recording: ActionRecording<State> {
    let (initialState, entries) = inner.withLock { $0.snapshot }.resolved()
    return ActionRecording(initialState: initialState, entries: entries, storeName: storeName)
  }

  /// Where the store is in the log: the position of the entry whose state it holds, `-1` when
  /// it holds ``initialState``. After recording it is the last entry; after a jump, the entry
  /// jumped to.
  public var currentIndex: Int {
    inner.withLock { $0.cursor - 1 }
  }

  /// Whether recording is paused.
  public var isPaused: Bool {
    inner.withLock { $0.isPaused }
  }

  // MARK: - Controlling

  /// Stops recording until ``resume()``; actions meanwhile are not entries.
  public func pause() {
    inner.withLock { $0.isPaused = true }
  }

  /// Records again. When actions were missed while paused, one `StateReplacedAction` entry
  /// with the state they led to is recorded first.
  public func resume() {
    // A log of a lending store may hold the state reached meanwhile as a kept state and
    // actions: it is recomputed outside the lock, and taken only if no action was missed in
    // between (otherwise recomputed again, from the newer chain).
    while true {
      let pending = inner.withLock { log -> (StateChain<State>, Int)? in
        guard log.isPaused, let chain = log.missedChain else {
          log.resume()
          return nil
        }
        return (chain, log.missedGeneration)
      }
      guard let (chain, generation) = pending else { return }
      let state = chain.resolve()
      let resumed = inner.withLock { log -> Bool in
        guard log.isPaused, log.missedGeneration == generation else { return false }
        log.lastMissedState = state
        log.missedChain = nil
        log.resume()
        return true
      }
      if resumed { return }
    }
  }

  /// Drops every entry; the store's current state becomes ``initialState``.
  public func clear() {
    inner.withLock { $0.clear() }
  }

  // MARK: - Time travel

  /// Replaces the store's state with the state recorded for entry `index`; subscribers are
  /// notified with a `StateReplacedAction`, and later dispatches continue from there.
  ///
  /// The jump takes its turn in the store's queue like an action. ``currentIndex`` becomes
  /// `index` when it is committed.
  ///
  /// - Parameters:
  ///   - index: The entry's position in ``entries``, or `-1` for ``initialState``.
  ///   - completion: Called with the committed state, after the subscribers ran.
  /// - Throws: ``ActionLogError`` when `index` is out of range or the store is gone; the store
  ///   is left as it was.
  public func jump(
    toEntry index: Int, completion: (@Sendable (State) -> Void)? = nil
  ) throws(ActionLogError) {
    let store = try liveStore()
    let found = inner.withLock { log -> Result<(StateChain<State>, Int?), ActionLogError> in
      guard index >= -1, index < log.entries.count else {
        return .failure(.indexOutOfRange(index: index, count: log.entries.count))
      }
      return .success(
        (log.chain(after: index), index < 0 ? nil : log.entries[index].sequenceNumber))
    }
    let (chain, sequence) = try found.get()
    let state = chain.resolve()
    let reason = sequence.map { "jump to entry #\($0)" } ?? "jump to the initial state"
    let computation = _StateComputation<State> { [weak self] _, finish in
      // At the jump's turn: the log may have dropped entries since, so find it by number.
      self?.inner.withLock { $0.landed(onSequence: sequence) }
      finish(state)
    }
    store.dispatch(
      StateReplacedAction(computing: computation, reason: reason, origin: ObjectIdentifier(self)),
      completion: completion ?? { _ in })
  }

  /// Toggles entry `index` off (`true`) or on again (`false`), recomputes the states of the
  /// entries after it with the store's reducer, and gives the store the recomputed state of
  /// ``currentIndex``.
  ///
  /// The recomputation runs at the store's next turn, so it sees every action committed before
  /// it and nothing runs in between; a skipped entry keeps the state before it, and an entry
  /// may become rejected or applied again. Subscribers are notified with a
  /// `StateReplacedAction`. A `StateReplacedAction` entry is a reset point: it keeps its
  /// recorded state.
  ///
  /// - Parameters:
  ///   - isSkipped: Whether the entry should be left out.
  ///   - index: The entry's position in ``entries``.
  ///   - completion: Called with the store's state after the recomputation was committed.
  /// - Throws: ``ActionLogError`` when `index` is out of range or the store is gone.
  public func setSkipped(
    _ isSkipped: Bool, at index: Int, completion: (@Sendable (State) -> Void)? = nil
  ) throws(ActionLogError) {
    let store = try liveStore()
    let sequence = try inner.withLock { log -> Result<Int, ActionLogError> in
      guard index >= 0, index < log.entries.count else {
        return .failure(.indexOutOfRange(index: index, count: log.entries.count))
      }
      return .success(log.entries[index].sequenceNumber)
    }.get()
    let execute = engine.execute
    let computation = _StateComputation<State> { [weak self] current, finish in
      guard let self else { return finish(current) }
      let plan = self.inner.withLock { $0.plan(skipping: isSkipped, sequence: sequence) }
      guard let plan else { return finish(current) }  // the entry dropped out meanwhile
      recompute(plan, from: plan.base.resolve(), at: 0, into: [], execute: execute) { states in
        let state = self.inner.withLock { $0.apply(plan, states: states) }?.resolve()
        finish(state ?? current)
      }
    }
    let verb = isSkipped ? "skip" : "unskip"
    store.dispatch(
      StateReplacedAction(
        computing: computation, reason: "\(verb) entry #\(sequence)",
        origin: ObjectIdentifier(self)),
      completion: completion ?? { _ in })
  }

  private func liveStore() throws(ActionLogError) -> Store<State> {
    guard let store else { throw ActionLogError.storeGone(storeName: storeName) }
    return store
  }
}
