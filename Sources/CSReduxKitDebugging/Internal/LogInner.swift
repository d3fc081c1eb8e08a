import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An ``ActionLog``'s mutable state, behind its lock.
struct LogInner<State: StateProtocol> {
  var initialState: State
  var entries: Ring<ActionLogEntry<State>>
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
    self.entries = Ring(capacity: capacity)
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
      base: state(after: start - 1), sequences: sequences, steps: steps, generation: generation)
  }

  /// Stores recomputed states. Returns the state the store should take, or `nil` when the log
  /// changed meanwhile (then nothing is stored).
  mutating func apply(
    _ plan: RecomputePlan<State>, states: [RecomputedState<State>]
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
