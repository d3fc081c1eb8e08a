import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An ``ActionLog``'s mutable state, behind its lock.
///
/// The recording path (`observe` and what it calls) is inlinable and runs in the closure the
/// log's inlinable `init` makes, so it is specialized for the app's state: made inside this
/// module's generic code, it would look up the type metadata of the entries, the ring and the
/// optionals at run time, several times per action, at several times the cost of the dispatch.
@usableFromInline
struct LogInner<State: StateProtocol>: Sendable {
  @usableFromInline
  var initialState: State
  /// The entries, each with the bytes counted for its state and whether it keeps it.
  @usableFromInline
  var entries: Ring<LogRecord<State>>
  /// The bytes counted for `initialState`.
  @usableFromInline
  var initialSize: Int
  /// The heap storage of the newest kept state (the initial state when no entry keeps one):
  /// what the next kept state is measured against, so that storage they share counts once.
  @usableFromInline
  var shape = StorageShape()
  /// The sum of `sizes` and `initialSize`: what the log counts against `byteBudget`.
  @usableFromInline
  var byteCount: Int
  @usableFromInline
  let byteBudget: Int
  /// The app's measure of a state's bytes; `nil` for the estimate (see `size(of:)`).
  @usableFromInline
  let stateSize: (@Sendable (State) -> Int)?
  /// How many entries the store's state reflects (the entry at `cursor - 1`).
  @usableFromInline
  var cursor = 0
  @usableFromInline
  var isPaused = false
  @usableFromInline
  var missedWhilePaused = 0
  @usableFromInline
  var lastMissedState: State?
  /// With `replay`, while paused: the state reached meanwhile as a kept state and the actions
  /// after it, instead of `lastMissedState`, so that a paused log does not share each state
  /// with a lending store either; it keeps one at most every `checkpointInterval` actions.
  @usableFromInline
  var missedChain: StateChain<State>?
  /// Changes with every action missed while paused (see `ActionLog.resume()`).
  @usableFromInline
  var missedGeneration = 0
  @usableFromInline
  var nextSequence = 0
  /// Changes whenever entries are added, dropped or recomputed.
  @usableFromInline
  var generation = 0
  /// Whether a full log has dropped an entry (and so moved `initialState` forward).
  @usableFromInline
  var hasDropped = false
  /// For a store that lends its state: its in-place reduction, which recomputes the states
  /// the log does not keep; `nil` when the log keeps every entry's state.
  @usableFromInline
  let replay: (@Sendable (any ActionProtocol, inout State) -> Void)?
  /// What an entry whose state is not kept holds instead (the store's `readsInsideGet`).
  @usableFromInline
  let placeholder: State?
  /// With `replay`: an entry keeps its state at least once every this many entries.
  @usableFromInline
  let checkpointInterval: Int
  /// Dates the entries from their stores' commit times.
  @usableFromInline
  var clock = WallClockAnchor()
  /// The actions that lead from `initialState` to the log's initial state, when the entries
  /// dropped since the last kept state did not keep theirs; empty without `replay`.
  @usableFromInline
  var initialActions: [any ActionProtocol] = []
  /// Entries recorded since the last one that kept its state (or since `initialState`).
  @usableFromInline
  var sinceKept = 0

  @inlinable
  init(
    initialState: State, capacity: Int, byteBudget: Int,
    stateSize: (@Sendable (State) -> Int)?,
    lending: (reduce: @Sendable (any ActionProtocol, inout State) -> Void, placeholder: State)?,
    checkpointInterval: Int
  ) {
    self.initialState = initialState
    self.entries = Ring(capacity: capacity)
    self.replay = lending?.reduce
    self.placeholder = lending?.placeholder
    self.checkpointInterval = max(checkpointInterval, 1)
    // The first entry keeps its state: the initial state may be the `readsInsideGet` one, when
    // the log was attached from inside the store's reducer, and nothing is recomputed from it.
    self.sinceKept = max(checkpointInterval, 1) - 1
    self.byteBudget = min(byteBudget, SizeEstimate.budgetCeiling)
    self.stateSize = stateSize
    self.initialSize = 0
    self.byteCount = 0
    self.initialSize = Self.size(of: initialState, measuredBy: stateSize, after: &shape).total
    self.byteCount = initialSize
  }

  /// The bytes counted for `state`, all of them (`total`) and those the state `shape`
  /// describes does not hold (`added`): the app's measure (both the same), or the estimate,
  /// which is a constant for a state without references (this code is specialized for
  /// `State`). `shape` becomes `state`'s.
  ///
  /// Static, without `self`, which the recording path would otherwise copy whole to call a
  /// method.
  @inlinable @inline(__always)
  static func size(
    of state: State, measuredBy stateSize: (@Sendable (State) -> Int)?,
    after shape: inout StorageShape
  ) -> (added: Int, total: Int) {
    guard let stateSize else { return SizeEstimate.bytes(of: state, after: &shape) }
    let size = min(max(stateSize(state), 0), SizeEstimate.ceiling)
    return (size, size)
  }

  /// Counts the kept entries from `start` on again, each against the state kept before it,
  /// and leaves `shape` at the newest kept state: after the initial state or those states
  /// changed, or entries were removed. Walks each state again; kept out of the recording path.
  @usableFromInline
  mutating func recount(from start: Int) {
    var kept = start - 1
    while kept >= 0 && !entries[kept].isKept { kept -= 1 }
    var shape = StorageShape()
    _ = Self.size(
      of: kept < 0 ? initialState : entries[kept].state, measuredBy: stateSize, after: &shape)
    for index in start..<entries.count where entries[index].isKept {
      let size = Self.size(of: entries[index].state, measuredBy: stateSize, after: &shape)
      byteCount += size.added - entries[index].size
      entries[index].size = size.added
      entries[index].total = size.total
    }
    self.shape = shape
  }

  /// Makes `state` the initial state, counting its bytes (and the entries' again, as they are
  /// measured against it).
  @usableFromInline
  mutating func setInitialState(_ state: State) {
    byteCount -= initialSize
    initialState = state
    initialActions = []
    initialSize = Self.size(of: state, measuredBy: stateSize, after: &shape).total
    byteCount += initialSize
    if entries.count > 0 { recount(from: 0) }
  }

  /// Drops the oldest entry; its state becomes the initial state.
  @inlinable
  mutating func dropOldest() {
    retireOldest()
    _ = entries.removeFirst()
  }

  /// Accounts for the oldest entry, about to drop out: its state (or its action, after the
  /// kept state before it) becomes the initial state. Reads the entry in place, in its slot.
  @inlinable
  mutating func retireOldest() {
    let oldest = entries.head
    let size = entries.slots[oldest].size
    if entries.slots[oldest].isKept {
      // Its bytes move from the entries to the initial state, whose own bytes go; with no
      // state kept before it, what it shares with the one that goes counts for it now. The
      // next kept entry was measured against it, and still is.
      let total = entries.slots[oldest].total
      byteCount += total - size - initialSize
      // Swapped, not copied: the slot is overwritten or removed next, and a copy would retain
      // each of the state's references only for the old initial state's to be released.
      swap(&initialState, &entries.slots[oldest].state)
      if !initialActions.isEmpty { initialActions = [] }
      initialSize = total
    } else {
      byteCount -= size
      if !entries.slots[oldest].isSkipped {
        initialActions.append(entries.slots[oldest].dispatchedAction)
      }
    }
    if cursor > 0 { cursor -= 1 }
    hasDropped = true
  }

  /// The state after entry `index` (`-1`: the initial state), as a kept state and the actions
  /// that lead from it; resolve it outside the lock, as it may run the reducer.
  @usableFromInline
  func chain(after index: Int) -> StateChain<State> {
    var kept = index
    while kept >= 0 && !entries[kept].isKept { kept -= 1 }
    var actions = kept < 0 ? initialActions : []
    for position in stride(from: kept + 1, through: index, by: 1)
    where !entries[position].isSkipped {
      actions.append(entries[position].dispatchedAction)
    }
    return StateChain(
      base: kept < 0 ? initialState : entries[kept].state, actions: actions, replay: replay)
  }

  /// The initial state and the entries, to resolve outside the lock (see `LogSnapshot`).
  var snapshot: LogSnapshot<State> {
    LogSnapshot(
      initial: StateChain(base: initialState, actions: initialActions, replay: replay),
      entries: (0..<entries.count).map { entries[$0].entry },
      kept: (0..<entries.count).map { entries[$0].isKept })
  }

  @inlinable
  mutating func observe(
    _ action: any ActionProtocol, _ state: State, turn: (nanoseconds: UInt64, committedAt: UInt64),
    origin: ObjectIdentifier
  ) {
    // The type first: a cast from an existential costs more than the whole recording.
    if action.type == StateReplacedAction.type, _isReplacement(action, from: origin) {
      return  // the log's own jump or recomputation: already accounted for
    }
    if isPaused {
      missed(action, state)
      return
    }
    append(action, state, nanoseconds: turn.nanoseconds, committedAt: turn.committedAt)
  }

  @inlinable
  mutating func append(
    _ action: any ActionProtocol, _ state: State, nanoseconds: UInt64, committedAt: UInt64
  ) {
    // Recording after a jump back discards the entries after the one jumped to.
    if cursor < entries.count { removeLast(entries.count - cursor) }
    // A log of a lending store keeps the state now and then (and for replacements and
    // rejections, which the reducer cannot recompute); otherwise it would share the store's
    // state, and the next action would copy it.
    let isRejected = _isRejectedAction(action)
    let keeps =
      replay == nil || sinceKept + 1 >= checkpointInterval
      || action.type == StateReplacedAction.type || isRejected
    let size =
      keeps ? Self.size(of: state, measuredBy: stateSize, after: &shape) : (added: 0, total: 0)
    var kept = keeps ? state : placeholder ?? state
    let timestamp = clock.timestamp(committedAt: committedAt)
    let sequence = nextSequence
    if entries.isFull {
      // A full log drops its oldest entry: accounted for, then overwritten in its slot.
      retireOldest()
      var action = action
      entries.replaceOldest { record in
        // Swapped, not assigned: assigning an existential whose value is boxed copies the
        // value into the old box.
        swap(&record.action, &action)
        // Swapped too: assigned, the state captured here would be copied into the slot (each
        // string, array and dictionary retained once more) and released after.
        swap(&record.state, &kept)
        record.timestamp = timestamp
        record.nanoseconds = nanoseconds
        record.sequenceNumber = sequence
        record.size = size.added
        record.total = size.total
        record.isKept = keeps
        record.isSkipped = false
        record.isRejected = isRejected
      }
    } else {
      entries.append(
        LogRecord(
          action: action, state: kept, timestamp: timestamp, nanoseconds: nanoseconds,
          sequenceNumber: sequence, size: size, isKept: keeps, isRejected: isRejected))
    }
    nextSequence += 1
    sinceKept = keeps ? 0 : sinceKept + 1
    byteCount += size.added
    // Over the budget, the oldest entries go first; the newest one always stays.
    while byteCount > byteBudget && entries.count > 1 { dropOldest() }
    cursor = entries.count
    generation += 1
  }

  /// Removes the newest `k` entries.
  @inlinable
  mutating func removeLast(_ k: Int) {
    for index in (entries.count - k)..<entries.count { byteCount -= entries[index].size }
    entries.removeLast(k)
    // The next kept state is measured against the newest one left.
    recount(from: entries.count)
    var count = 0
    while count < entries.count && !entries[entries.count - 1 - count].isKept { count += 1 }
    // With no kept state left after the initial one, the next entry keeps its own (see
    // `init`).
    sinceKept = count == entries.count ? checkpointInterval - 1 : count
  }

  /// Counts an action committed while paused and keeps what leads to its state.
  @inlinable
  mutating func missed(_ action: any ActionProtocol, _ state: State) {
    missedWhilePaused += 1
    missedGeneration += 1
    let keeps =
      replay == nil || action.type == StateReplacedAction.type
      || type(of: action) == RejectedAction.self
      || (missedChain?.actions.count ?? 0) + 1 >= checkpointInterval
    guard !keeps else {
      lastMissedState = state
      missedChain = nil
      return
    }
    var chain =
      missedChain ?? lastMissedState.map { StateChain(base: $0, actions: [], replay: replay) }
      ?? self.chain(after: cursor - 1)
    lastMissedState = nil
    chain.actions.append(action)
    missedChain = chain
  }

  mutating func resume() {
    guard isPaused else { return }
    isPaused = false
    if missedWhilePaused > 0, let state = lastMissedState {
      let count = missedWhilePaused
      let reason = "recording resumed after \(count) unrecorded action\(count == 1 ? "" : "s")"
      append(
        StateReplacedAction(state: state, reason: reason), state, nanoseconds: 0,
        committedAt: _uptimeNanoseconds())
    }
    missedWhilePaused = 0
    lastMissedState = nil
    missedChain = nil
  }

  mutating func clear() {
    // The entries go first, so that the new initial state is counted on its own.
    let start =
      lastMissedState.map { StateChain(base: $0, actions: [], replay: replay) } ?? missedChain
      ?? (cursor > 0 ? chain(after: cursor - 1) : nil)
    removeLast(entries.count)
    if let start {
      setInitialState(start.base)
      initialActions = start.actions
    }
    cursor = 0
    missedWhilePaused = 0
    lastMissedState = nil
    missedChain = nil
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
  mutating func plan(skipping isSkipped: Bool, sequence: Int) -> RecomputePlan<State>? {
    guard let first = entries.first?.sequenceNumber else { return nil }
    let start = sequence - first
    guard start >= 0, start < entries.count else { return nil }
    entries[start].isSkipped = isSkipped
    generation += 1
    var sequences: [Int] = []
    var steps: [RecomputeStep<State>] = []
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
    return RecomputePlan(
      base: chain(after: start - 1), sequences: sequences, steps: steps, generation: generation)
  }

  /// Stores recomputed states. Returns the state the store should take, or `nil` when the log
  /// changed meanwhile (then nothing is stored).
  mutating func apply(
    _ plan: RecomputePlan<State>, states: [RecomputedState<State>]
  ) -> StateChain<State>? {
    // An unchanged generation means no entry was added, dropped or recomputed since the plan.
    guard plan.generation == generation, let first = plan.sequences.first,
      let oldest = entries.first?.sequenceNumber
    else { return nil }
    let start = first - oldest
    for (offset, result) in states.enumerated() {
      entries[start + offset].isRejected = result.isRejected
      // Entries that do not keep their state are recomputed when read, skips included.
      guard entries[start + offset].isKept else { continue }
      entries[start + offset].state = result.state
    }
    recount(from: start)
    let current =
      cursor - 1 >= start && cursor - 1 - start < states.count
      ? StateChain(base: states[cursor - 1 - start].state, actions: [], replay: replay)
      : chain(after: cursor - 1)
    // A recomputation may make states larger; the budget still holds, the entry the store is
    // at included (its state is the store's).
    while byteCount > byteBudget && entries.count > 1 && cursor > 1 { dropOldest() }
    generation += 1
    return current
  }
}

/// Whether `action` is a ``RejectedAction``: its type compared with the one its existential
/// holds, which opening it reads in place. A cast (`is`), or `type(of:)`, asks the runtime for
/// the dynamic type, which costs a tenth of recording the whole entry; a struct's type has no
/// subtypes, so the comparison is exact.
@inlinable
func _isRejectedAction<Action: ActionProtocol>(_ action: Action) -> Bool {
  ObjectIdentifier(Action.self) == ObjectIdentifier(RejectedAction.self)
}

/// Whether `action` is a ``StateReplacedAction`` the log with identity `origin` dispatched (a
/// jump or a recomputation of its own).
@usableFromInline
func _isReplacement(_ action: any ActionProtocol, from origin: ObjectIdentifier) -> Bool {
  (action as? StateReplacedAction)?.origin == origin
}

/// A state the log may not keep whole: a kept state and the actions that lead from it, applied
/// by `replay` (only a log of a lending store leaves actions to apply).
@usableFromInline
struct StateChain<State: StateProtocol>: Sendable {
  @usableFromInline let base: State
  @usableFromInline var actions: [any ActionProtocol]
  @usableFromInline let replay: (@Sendable (any ActionProtocol, inout State) -> Void)?

  @usableFromInline
  init(
    base: State, actions: [any ActionProtocol],
    replay: (@Sendable (any ActionProtocol, inout State) -> Void)?
  ) {
    self.base = base
    self.actions = actions
    self.replay = replay
  }

  /// The state: `base` with the actions applied. Runs the store's reducer: call it outside
  /// the log's lock.
  func resolve() -> State {
    guard let replay, !actions.isEmpty else { return base }
    var state = base
    for action in actions { replay(action, &state) }
    return state
  }
}

/// The log's initial state and entries, as read under its lock; `resolved()` fills in, outside
/// it, the states the entries did not keep.
struct LogSnapshot<State: StateProtocol>: Sendable {
  let initial: StateChain<State>
  let entries: [ActionLogEntry<State>]
  let kept: [Bool]

  func resolved() -> (initialState: State, entries: [ActionLogEntry<State>]) {
    var state = initial.resolve()
    let initialState = state
    guard let replay = initial.replay else { return (initialState, entries) }
    var entries = entries
    for index in entries.indices {
      if kept[index] {
        state = entries[index].state
      } else {
        if !entries[index].isSkipped { replay(entries[index].dispatchedAction, &state) }
        entries[index].state = state
      }
    }
    return (initialState, entries)
  }
}
