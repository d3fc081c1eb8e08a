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
  /// How many entries the log keeps; older ones drop out, and ``initialState`` becomes the
  /// state of the last one dropped.
  public let capacity: Int
  /// The name of the store recorded.
  public let storeName: String

  private weak var store: Store<State>?
  private let engine: _StoreEngine<State>
  private let inner: _Locked<_LogInner<State>>
  private let subscription: _Locked<Subscription?> = _Locked(nil)

  /// Starts recording `store`.
  ///
  /// - Parameters:
  ///   - store: The store to record.
  ///   - capacity: How many entries to keep; at least 1.
  /// - Precondition: `capacity` is at least 1.
  public init(recording store: Store<State>, capacity: Int = 1_000) {
    precondition(capacity >= 1, "ActionLog capacity must be at least 1; it was \(capacity)")
    self.capacity = capacity
    self.storeName = store.name
    self.store = store
    self.engine = store.engine
    self.inner = _Locked(_LogInner(initialState: store.state, capacity: capacity))
    engine.requestTiming(true)
    let engine = self.engine
    let (subscription, state) = store._subscribeReadingState { [weak self] action, state in
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
      _recompute(plan, from: plan.base, at: 0, into: [], execute: execute) { states in
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

/// What went wrong with an ``ActionLog`` request; nothing was changed.
public enum ActionLogError: Error, CustomStringConvertible, Equatable {
  /// There is no entry at `index`; the log has `count` entries.
  case indexOutOfRange(index: Int, count: Int)
  /// The store recorded was freed.
  case storeGone(storeName: String)

  /// A sentence saying what went wrong and what is valid.
  public var description: String {
    switch self {
    case .indexOutOfRange(let index, let count):
      let valid = count == 0 ? "the log is empty" : "valid entries are 0…\(count - 1)"
      return "action log: no entry at index \(index); \(valid) (-1 is the initial state for "
        + "jumps)"
    case .storeGone(let name):
      return "action log: the store \(name) it recorded no longer exists"
    }
  }
}

// MARK: - Recomputing

/// The entries after a toggled one, to be recomputed from `base`.
struct _RecomputePlan<State: StateProtocol>: Sendable {
  let base: State
  /// Sequence numbers of the entries recomputed, in order.
  let sequences: [Int]
  /// For each: the action to apply, or the recorded state of a replacement entry, or `nil`
  /// when the entry is skipped.
  let steps: [_RecomputeStep<State>]
  let generation: Int
}

enum _RecomputeStep<State: StateProtocol>: Sendable {
  case apply(any ActionProtocol)
  case reset(State)
  case skip
}

/// The recomputed state of one entry and whether the reducer rejected its action.
struct _RecomputedState<State: StateProtocol>: Sendable {
  let state: State
  let isRejected: Bool
}

/// Applies the plan's steps one after another; the reducer may finish later, on any thread.
private func _recompute<State: StateProtocol>(
  _ plan: _RecomputePlan<State>, from state: State, at step: Int,
  into results: [_RecomputedState<State>],
  execute: @escaping @Sendable (any ActionProtocol, State, Finish<State>) -> Void,
  done: @escaping @Sendable ([_RecomputedState<State>]) -> Void
) {
  var state = state
  var results = results
  var step = step
  while step < plan.steps.count {
    switch plan.steps[step] {
    case .skip:
      results.append(_RecomputedState(state: state, isRejected: false))
    case .reset(let recorded):
      state = recorded
      results.append(_RecomputedState(state: state, isRejected: false))
    case .apply(let action):
      let before = state
      let next = step + 1
      let soFar = results
      execute(
        action, before,
        Finish(named: "recomputation") { outcome in
          let result: _RecomputedState<State>
          switch outcome {
          case .success(let new): result = _RecomputedState(state: new, isRejected: false)
          case .failure: result = _RecomputedState(state: before, isRejected: true)
          }
          _recompute(
            plan, from: result.state, at: next, into: soFar + [result], execute: execute,
            done: done)
        })
      return
    }
    step += 1
  }
  done(results)
}

// MARK: - The log's state

/// An ``ActionLog``'s mutable state, behind its lock.
struct _LogInner<State: StateProtocol> {
  var initialState: State
  var entries: _Ring<ActionLogEntry<State>>
  /// How many entries the store's state reflects (the entry at `cursor - 1`).
  var cursor = 0
  var isPaused = false
  var missedWhilePaused = 0
  var lastMissedState: State?
  var nextSequence = 0
  /// Changes whenever entries are added, dropped or recomputed.
  var generation = 0
  /// Whether a full log has dropped an entry (and so moved `initialState` forward).
  var hasDropped = false

  init(initialState: State, capacity: Int) {
    self.initialState = initialState
    self.entries = _Ring(capacity: capacity)
  }

  func state(after index: Int) -> State {
    index < 0 ? initialState : entries[index].state
  }

  mutating func observe(
    _ action: any ActionProtocol, _ state: State, nanoseconds: UInt64, origin: ObjectIdentifier
  ) {
    if let replacement = action as? StateReplacedAction, replacement.origin == origin {
      return  // the log's own jump or recomputation: already accounted for
    }
    if isPaused {
      missedWhilePaused += 1
      lastMissedState = state
      return
    }
    append(action, state, nanoseconds: nanoseconds)
  }

  mutating func append(_ action: any ActionProtocol, _ state: State, nanoseconds: UInt64) {
    // Recording after a jump back discards the entries after the one jumped to.
    if cursor < entries.count { entries.removeLast(entries.count - cursor) }
    let entry = ActionLogEntry(
      action: action, state: state, timestamp: Date(),
      reducerDuration: .nanoseconds(Int64(clamping: nanoseconds)), sequenceNumber: nextSequence)
    nextSequence += 1
    if let dropped = entries.append(entry) {
      initialState = dropped.state
      hasDropped = true
    }
    cursor = entries.count
    generation += 1
  }

  mutating func resume() {
    guard isPaused else { return }
    isPaused = false
    if missedWhilePaused > 0, let state = lastMissedState {
      let count = missedWhilePaused
      let reason = "recording resumed after \(count) unrecorded action\(count == 1 ? "" : "s")"
      append(StateReplacedAction(state: state, reason: reason), state, nanoseconds: 0)
    }
    missedWhilePaused = 0
    lastMissedState = nil
  }

  mutating func clear() {
    if let state = lastMissedState ?? (cursor > 0 ? entries[cursor - 1].state : nil) {
      initialState = state
    }
    entries.removeLast(entries.count)
    cursor = 0
    missedWhilePaused = 0
    lastMissedState = nil
    generation += 1
  }

  /// A jump landed: the store now holds the state of the entry numbered `sequence`.
  mutating func landed(onSequence sequence: Int?) {
    guard let sequence else {
      cursor = 0
      return
    }
    guard let first = entries.first?.sequenceNumber else { return }
    let index = sequence - first
    if index >= 0, index < entries.count { cursor = index + 1 }
  }

  /// Marks the entry numbered `sequence` and plans the recomputation of it and those after it.
  mutating func plan(skipping isSkipped: Bool, sequence: Int) -> _RecomputePlan<State>? {
    guard let first = entries.first?.sequenceNumber else { return nil }
    let start = sequence - first
    guard start >= 0, start < entries.count else { return nil }
    entries[start].isSkipped = isSkipped
    generation += 1
    var sequences: [Int] = []
    var steps: [_RecomputeStep<State>] = []
    for index in start..<entries.count {
      let entry = entries[index]
      sequences.append(entry.sequenceNumber)
      if entry.isSkipped {
        steps.append(.skip)
      } else if entry.isStateReplacement || entry.hasUnexportedPayload {
        steps.append(.reset(entry.state))
      } else {
        steps.append(.apply(entry.dispatchedAction))
      }
    }
    return _RecomputePlan(
      base: state(after: start - 1), sequences: sequences, steps: steps, generation: generation)
  }

  /// Stores recomputed states. Returns the state the store should take, or `nil` when the log
  /// changed meanwhile (then nothing is stored).
  mutating func apply(
    _ plan: _RecomputePlan<State>, states: [_RecomputedState<State>]
  ) -> State? {
    // An unchanged generation means no entry was added, dropped or recomputed since the plan.
    guard plan.generation == generation, let first = plan.sequences.first,
      let oldest = entries.first?.sequenceNumber
    else { return nil }
    let start = first - oldest
    for (offset, result) in states.enumerated() {
      entries[start + offset].state = result.state
      entries[start + offset].isRejected = result.isRejected
    }
    generation += 1
    return state(after: cursor - 1)
  }
}

/// A fixed-capacity ring of elements: appending to a full ring drops the oldest.
struct _Ring<Element> {
  private var slots: [Element?]
  private var head = 0
  private(set) var count = 0

  init(capacity: Int) {
    slots = Array(repeating: nil, count: capacity)
  }

  var first: Element? { count == 0 ? nil : self[0] }

  subscript(index: Int) -> Element {
    get {
      guard let element = slots[(head + index) % slots.count] else {
        preconditionFailure("ring index \(index) out of range 0..<\(count)")
      }
      return element
    }
    set { slots[(head + index) % slots.count] = newValue }
  }

  /// Appends `element`; returns the oldest element when it had to drop it.
  mutating func append(_ element: Element) -> Element? {
    if count < slots.count {
      slots[(head + count) % slots.count] = element
      count += 1
      return nil
    }
    let dropped = slots[head]
    slots[head] = element
    head = (head + 1) % slots.count
    return dropped
  }

  mutating func removeLast(_ k: Int) {
    for _ in 0..<k {
      count -= 1
      slots[(head + count) % slots.count] = nil
    }
  }
}

extension Array {
  init(_ ring: _Ring<Element>) {
    self = (0..<ring.count).map { ring[$0] }
  }
}
