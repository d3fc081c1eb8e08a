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
/// notified with a ``StateReplacedAction`` (every subscriber, whatever its filter), and actions
/// dispatched afterwards continue from there. Like an editor's undo history, the first action
/// recorded after a jump back discards the entries after the one jumped to.
/// ``setSkipped(_:at:completion:)`` toggles an entry off (or on again): the log recomputes the
/// states of every later entry with the store's own reducer, at the store's next turn, and the
/// store takes the recomputed state.
///
/// ## What is recorded
///
/// Every notification of the store, in order, from the moment the log is created: rejected
/// actions (as ``RejectedAction``) and replacements by others (a ``StateReplacedAction`` entry)
/// included; the log's own jumps and recomputations are not entries. While ``isPaused``,
/// nothing is recorded; on ``resume()`` after missed actions the log records one
/// ``StateReplacedAction`` entry holding the state reached meanwhile, so that replaying and
/// recomputing stay exact.
///
/// The log holds the store weakly: it neither keeps the store alive nor is kept alive by it.
/// Recording costs one subscriber, two clock reads per action and one entry.
///
/// - Complexity: recording an entry is O(1); ``entries`` copies them, O(n).
public final class ActionLog<State: StateProtocol>: @unchecked Sendable {
  /// How many entries the log keeps, at least 1; older ones drop out, and ``initialState``
  /// becomes the state of the last one dropped.
  public let capacity: Int
  /// The name of the store recorded.
  public let storeName: String

  private weak var store: Store<State>?
  private let engine: _StoreEngine<State>
  private let inner: _Locked<LogInner<State>>
  private let subscription: _Locked<Subscription?> = _Locked(nil)

  /// Starts recording `store`.
  ///
  /// - Parameters:
  ///   - store: The store to record.
  ///   - capacity: How many entries to keep; a capacity below 1 keeps 1, as ``capacity`` then
  ///     shows.
  public init(recording store: Store<State>, capacity: Int = 1_000) {
    let capacity = max(capacity, 1)
    self.capacity = capacity
    self.storeName = store.name
    self.store = store
    self.engine = store.engine
    self.inner = _Locked(LogInner(initialState: store.state, capacity: capacity))
    engine.requestTiming(true)
    let engine = self.engine
    let (subscription, state) = store.subscribeReadingState { [weak self] action, state in
      guard let self else { return }
      let nanoseconds = engine.lastTurnNanoseconds
      let origin = ObjectIdentifier(self)
      self.inner.withLock { log in
        log.observe(action, state, nanoseconds: nanoseconds, origin: origin)
      }
    }
    // Actions committed meanwhile were recorded on top of exactly this state, unless a full
    // log already dropped one of them and moved the initial state forward.
    inner.withLock { if !$0.hasDropped { $0.initialState = state } }
    self.subscription.withLock { $0 = subscription }
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
    inner.withLock { Array($0.entries) }
  }

  /// The state before the oldest entry kept.
  public var initialState: State {
    inner.withLock { $0.initialState }
  }

  /// The entries and the state before them, as one consistent value.
  public var recording: ActionRecording<State> {
    inner.withLock {
      ActionRecording(
        initialState: $0.initialState, entries: Array($0.entries), storeName: storeName)
    }
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

  /// Records again. When actions were missed while paused, one ``StateReplacedAction`` entry
  /// with the state they led to is recorded first.
  public func resume() {
    inner.withLock { $0.resume() }
  }

  /// Drops every entry; the store's current state becomes ``initialState``.
  public func clear() {
    inner.withLock { $0.clear() }
  }

  // MARK: - Time travel

  /// Replaces the store's state with the state recorded for entry `index`; subscribers are
  /// notified with a ``StateReplacedAction``, and later dispatches continue from there.
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
    let found = inner.withLock { log -> Result<(State, Int?), ActionLogError> in
      guard index >= -1, index < log.entries.count else {
        return .failure(.indexOutOfRange(index: index, count: log.entries.count))
      }
      return .success(
        (log.state(after: index), index < 0 ? nil : log.entries[index].sequenceNumber))
    }
    let (state, sequence) = try found.get()
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
  /// ``StateReplacedAction``. A ``StateReplacedAction`` entry is a reset point: it keeps its
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
      recompute(plan, from: plan.base, at: 0, into: [], execute: execute) { states in
        let state = self.inner.withLock { $0.apply(plan, states: states) }
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
