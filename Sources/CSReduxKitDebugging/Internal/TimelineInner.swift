import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One entry as a timeline keeps it.
struct TimelineRecord: Sendable {
  let sequence: Int
  let lane: Int
  let index: Int
  let action: any ActionProtocol
  var state: any Sendable
  var size: Int
  let cause: _TraceCause?
  var isRejected: Bool
  var isSkipped: Bool
  let timestamp: Date
  let nanoseconds: UInt64
  /// How long the store's middleware chain took, for an action that went through one.
  var middlewareNanoseconds: UInt64? = nil

  var isReplacement: Bool { action.type == StateReplacedAction.type }
}

/// One effect as a timeline keeps it: its mark, which the effect's dispatches name as their
/// cause, and how it ended.
struct TimelineEffectRecord: Sendable {
  let number: Int
  let lane: Int
  let mark: _TraceMark
  let id: String?
  let origin: String?
  let startedAfter: Int
  let startTime: Date
  var end: (end: _EffectEnd, after: Int, time: Date)?
}

/// A timeline's mutable state, behind its lock.
struct TimelineInner: Sendable {
  var records: Ring<TimelineRecord>
  let byteBudget: Int
  var nextSequence = 0
  var lanes: [any TimelineLane] = []
  /// Each lane's state before its oldest entry kept, and its bytes.
  var initialStates: [any Sendable] = []
  var initialSizes: [Int] = []
  /// Each lane's next index.
  var nextIndexes: [Int] = []
  /// The tracers of the lanes: marks of these belong to the timeline.
  var tracers: Set<ObjectIdentifier> = []
  /// The lanes of stores that went and whose lane a later store of the same name continues,
  /// each with the number of its last entry, oldest first. Each keeps its tracer alive (so
  /// that no other tracer takes its identity) while one of its entries is kept; the timeline
  /// lets it go with its last entry, so the list never outgrows ``records``.
  var retiredLanes: [(lane: any TimelineLane, lastSequence: Int)] = []
  var byteCount = 0
  /// The global point the stores were sent to, `nil` while live.
  var position: Int?
  /// Changes whenever entries are added, dropped or recomputed.
  var generation = 0
  /// Dates the entries from their stores' commit times.
  var clock = WallClockAnchor()
  /// The effects kept, by number: the last `capacity` ones started.
  var effects: [Int: TimelineEffectRecord] = [:]
  var nextEffect = 0
  let effectCapacity: Int

  init(capacity: Int, byteBudget: Int) {
    records = Ring(capacity: capacity)
    effectCapacity = capacity
    self.byteBudget = min(byteBudget, SizeEstimate.budgetCeiling)
  }

  /// Adds the lane of a newly recorded store; returns its index. A store named like a lane
  /// whose store is gone continues that lane (see `continueLane`).
  /// `start` is the entry that begins a continued lane, a ``StateReplacedAction`` holding
  /// `initialState`.
  mutating func addLane(
    _ lane: any TimelineLane, initialState: any Sendable, size: Int,
    start: @autoclosure () -> any ActionProtocol
  ) -> Int {
    if let index = lanes.firstIndex(where: { $0.name == lane.name && $0.isStoreGone }) {
      continueLane(index, with: lane, start: start(), initialState: initialState, size: size)
      return index
    }
    lanes.append(lane)
    initialStates.append(initialState)
    initialSizes.append(size)
    nextIndexes.append(0)
    tracers.insert(lane.tracerID)
    byteCount += size
    return lanes.count - 1
  }

  /// Hands lane `index`, whose store is gone, to `lane`, the new store of the same name: its
  /// entries go on in the same lane, after an entry that replaces the state with the new
  /// store's initial state. That entry is a reset point, as any ``StateReplacedAction``, so
  /// replay and recomputation start the new store's entries from its own state.
  mutating func continueLane(
    _ index: Int, with lane: any TimelineLane, start: any ActionProtocol,
    initialState: any Sendable, size: Int
  ) {
    retiredLanes.append((lanes[index], nextSequence - 1))
    lanes[index] = lane
    tracers.insert(lane.tracerID)
    // While travelled nothing is recorded, the start of the new store included.
    guard position == nil else { return }
    let sequence = nextSequence
    nextSequence += 1
    let record = TimelineRecord(
      sequence: sequence, lane: index, index: nextIndexes[index], action: start,
      state: initialState, size: size, cause: nil, isRejected: false, isSkipped: false,
      timestamp: Date(
        timeIntervalSinceReferenceDate: clock.timestamp(committedAt: _uptimeNanoseconds())),
      nanoseconds: 0)
    makeRoom(lane: index, size: size)
    records.append(consume record)
    trimToBudget()
  }

  mutating func append(
    lane: Int, mark: _TraceMark, action: any ActionProtocol, state: any Sendable, size: Int,
    timing: _TurnTiming
  ) {
    // While travelled, the stores show the past: what happens meanwhile is not recorded.
    guard position == nil else { return }
    let sequence = nextSequence
    nextSequence += 1
    mark.record(sequence: sequence)
    let record = TimelineRecord(
      sequence: sequence, lane: lane, index: nextIndexes[lane], action: action, state: state,
      size: size, cause: mark.cause, isRejected: _isRejectedAction(action),
      isSkipped: false,
      timestamp: Date(
        timeIntervalSinceReferenceDate: clock.timestamp(committedAt: timing.committedAt)),
      nanoseconds: timing.nanoseconds, middlewareNanoseconds: mark.middlewareNanoseconds)
    makeRoom(lane: lane, size: size)
    records.append(consume record)
    trimToBudget()
  }

  /// Makes room in the ring for a new entry of `lane` holding `size` bytes: the oldest entry
  /// of a full ring drops out, and its state becomes its lane's start. The caller appends the
  /// entry itself, then calls `trimToBudget()`: handed to a helper, the record (its action and
  /// state) was copied into the call and released after, on every recorded commit.
  mutating func makeRoom(lane: Int, size: Int) {
    nextIndexes[lane] += 1
    byteCount += size
    if records.isFull {
      // Read in its slot: a copy of the whole record would copy its action too. Its state is
      // swapped into its lane's start, not copied: the slot is overwritten next, so the old
      // start goes with it, and the state that stays is not retained once more.
      let oldest = records.head
      let lane = records.slots[oldest].lane
      byteCount -= initialSizes[lane]
      initialSizes[lane] = records.slots[oldest].size
      swap(&initialStates[lane], &records.slots[oldest].state)
    }
  }

  /// Drops the oldest entries the byte budget leaves no room for (the newest one always
  /// stays), and the retired lanes whose last entry dropped out.
  mutating func trimToBudget() {
    while byteCount > byteBudget && records.count > 1 {
      let record = records.removeFirst()
      retire(lane: record.lane, state: record.state, size: record.size)
    }
    if !retiredLanes.isEmpty { dropRetiredLanes() }
    generation += 1
  }

  /// Lets go of the retired lanes none of whose entries is kept any more.
  mutating func dropRetiredLanes() {
    let oldest = records.first?.sequence ?? nextSequence
    while let first = retiredLanes.first, first.lastSequence < oldest {
      tracers.remove(first.lane.tracerID)
      retiredLanes.removeFirst()
    }
  }

  /// An entry dropped out: its state becomes its lane's initial state.
  mutating func retire(lane: Int, state: any Sendable, size: Int) {
    byteCount -= initialSizes[lane]
    initialStates[lane] = state
    initialSizes[lane] = size
  }

  /// The entry's cause in this timeline: the nearest entry up the chain of marks that the
  /// timeline recorded. A mark that never became an entry (a thunk that the middleware did
  /// not pass on, an action of a store not recorded) hands on its own cause; the kind stays
  /// the one of the first link, how the action itself was dispatched.
  func resolve(_ cause: _TraceCause?) -> TimelineCause? {
    guard let first = cause else { return nil }
    var link: _TraceCause? = first
    var hops = 0
    while let current = link, hops < 64 {
      if tracers.contains(current.mark.tracer), let sequence = current.mark.sequence {
        return TimelineCause(sequence: sequence, kind: first.kind)
      }
      link = current.mark.cause
      hops += 1
    }
    return nil
  }

  func entry(_ record: TimelineRecord) -> TimelineEntry {
    TimelineEntry(
      sequence: record.sequence, storeName: lanes[record.lane].name, index: record.index,
      action: record.action, state: record.state, cause: resolve(record.cause),
      isRejected: record.isRejected, isSkipped: record.isSkipped, timestamp: record.timestamp,
      reducerDuration: .nanoseconds(Int64(clamping: record.nanoseconds)),
      effect: effect(of: record.cause),
      middlewareDuration: record.middlewareNanoseconds.map { .nanoseconds(Int64(clamping: $0)) })
  }

  // MARK: - Effects

  /// Records an effect's start or end. An effect that starts while the stores are travelled
  /// is not recorded, as no entry is; the end of one that is not kept is ignored.
  mutating func record(_ event: _EffectEvent, lane: Int) {
    switch event {
    case .started(let trace):
      guard position == nil else { return }
      let number = nextEffect
      nextEffect += 1
      trace.mark.record(effect: number)
      effects[number] = TimelineEffectRecord(
        number: number, lane: lane, mark: trace.mark,
        id: trace.id.map { String(reflecting: $0) }, origin: trace.origin,
        startedAfter: nextSequence - 1,
        startTime: Date(
          timeIntervalSinceReferenceDate: clock.timestamp(committedAt: trace.startedAt)))
      effects[number - effectCapacity] = nil
    case .ended(let trace, let end, let endedAt):
      guard let number = trace.mark.effect, effects[number] != nil else { return }
      effects[number]?.end = (
        end, nextSequence - 1,
        Date(timeIntervalSinceReferenceDate: clock.timestamp(committedAt: endedAt))
      )
    }
  }

  /// The effect whose dispatch `cause` is, when it is the mark of an effect this timeline
  /// recorded.
  func effect(of cause: _TraceCause?) -> Int? {
    guard let cause, cause.kind == .effect, tracers.contains(cause.mark.tracer) else {
      return nil
    }
    return cause.mark.effect
  }

  /// The effects kept, in the order they started.
  var effectList: [TimelineEffect] {
    effects.keys.sorted().compactMap { effects[$0].map(effect) }
  }

  func effect(_ record: TimelineEffectRecord) -> TimelineEffect {
    TimelineEffect(
      number: record.number, storeName: lanes[record.lane].name, id: record.id,
      origin: record.origin, cause: resolve(record.mark.cause),
      startedAfter: record.startedAfter, startTime: record.startTime,
      end: record.end.map { end in
        TimelineEffect.End(outcome: outcome(end.end), after: end.after, time: end.time)
      })
  }

  func outcome(_ end: _EffectEnd) -> TimelineEffect.Outcome {
    switch end {
    case .finished: return .finished
    case .failed(let error): return .failed(error: error)
    case .cancelled(let cancellation):
      guard let cancellation else { return .cancelled(nil) }
      let reason: TimelineEffect.Cancellation.Reason =
        switch cancellation.reason {
        case .newerEffect: .newerEffect
        case .storeGone: .storeGone
        case .call: .cancelCall
        }
      // A call an effect made names the effect; one made while an entry was handled, the
      // entry.
      if let effect = effect(of: cancellation.by) {
        return .cancelled(.init(reason: reason, effect: effect))
      }
      return .cancelled(.init(reason: reason, cause: resolve(cancellation.by)))
    }
  }

  /// The index of the lane's oldest entry kept, or of its next entry when it has none.
  func firstIndex(of lane: Int) -> Int {
    for index in 0..<records.count where records[index].lane == lane {
      return records[index].index
    }
    return nextIndexes[lane]
  }

  /// The session as it stands, unredacted.
  var session: TimelineSession {
    TimelineSession(
      stores: lanes.indices.map { lane in
        TimelineSession.StoreInfo(
          name: lanes[lane].name, stateTypeName: lanes[lane].stateTypeName,
          initialState: initialStates[lane], firstIndex: firstIndex(of: lane))
      },
      entries: (0..<records.count).map { entry(records[$0]) },
      redaction: TimelineRedaction(), skippedLines: [], effects: effectList)
  }

  /// The position in `records` of the entry numbered `sequence`.
  func position(of sequence: Int) -> Int? {
    guard let first = records.first?.sequence else { return nil }
    let index = sequence - first
    return index >= 0 && index < records.count ? index : nil
  }

  /// Each lane's state after the last of its entries numbered `sequence` or less.
  func states(at sequence: Int) -> [any Sendable] {
    var states = initialStates
    for index in 0..<records.count {
      let record = records[index]
      guard record.sequence <= sequence else { break }
      states[record.lane] = record.state
    }
    return states
  }
}
