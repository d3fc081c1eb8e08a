/// One subscriber as the store keeps it. Immutable: cancelling flips the subscription's flag,
/// and the store drops the entry (and so the closure) from its table.
@usableFromInline
final class _Subscriber<State: StateProtocol>: Sendable {
  @usableFromInline
  let id: UInt64
  /// The action types it receives, sorted; `nil` for all.
  @usableFromInline
  let types: [Int]?
  @usableFromInline
  let subscription: Subscription
  /// The subscription's cancelled flag, kept here too: a notification reads it with one load
  /// fewer. The entry holds the subscription, which owns the flag's memory.
  @usableFromInline
  let cancelled: _AtomicWord
  @usableFromInline
  let body: @Sendable (any ActionProtocol, State) -> Void
  /// The owner's liveness, for an owner-bound subscriber; `nil` otherwise.
  @usableFromInline
  let ownerLiveness: _OwnerLiveness?

  @inlinable
  init(
    id: UInt64, types: [Int]?, subscription: Subscription, ownerLiveness: _OwnerLiveness? = nil,
    body: @escaping @Sendable (any ActionProtocol, State) -> Void
  ) {
    self.id = id
    self.types = types
    self.subscription = subscription
    self.cancelled = subscription.flag
    self.ownerLiveness = ownerLiveness
    self.body = body
  }

  /// Whether the subscriber is active and bound to an owner that is gone. Call it outside the
  /// store's lock (see `_OwnerLiveness`).
  @usableFromInline
  var ownerIsGone: Bool {
    isActive && ownerLiveness?.isGone == true
  }

  @inline(__always)
  @inlinable
  var isActive: Bool { cancelled.load() == 0 }
}

/// An ordered list of subscribers with O(1) removal: removed entries leave a hole that is
/// squeezed out once holes outnumber entries.
@usableFromInline
struct _Bucket<State: StateProtocol> {
  @usableFromInline
  var slots: ContiguousArray<_Subscriber<State>?> = []
  @usableFromInline
  var live = 0

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { live == 0 }

  /// Drops the holes at the end, where a subscriber that has just subscribed and cancelled
  /// leaves one: the other entries keep their indices, and the bucket needs no compaction.
  @inlinable
  mutating func trimTrailingHoles() {
    while let last = slots.last, last == nil { slots.removeLast() }
  }
}

/// Where a subscriber sits in the table.
@usableFromInline
enum _Position {
  /// At this index of the bucket of subscribers to every action.
  case all(Int)
  /// At `indices[k]` of the bucket for `types[k]`.
  case typed(types: [Int], indices: [Int])
}

/// Every subscriber of a store, routed by action type so that a dispatch touches only the
/// subscribers that want it.
///
/// While a notification round runs, the round iterates a snapshot of the buckets, so additions
/// and removals are held back until the round ends (`applyDeferred()`): the buckets are never
/// copied, and a subscriber added during a round starts with the next action.
///
/// Owner-bound subscribers are also listed in `ownerBound`, for sweeps that end those whose
/// owner is gone even when no action of their types comes again: at most every
/// `ownerBound.count` commits (`sweepIfDue()`), and whenever the subscriber count is read.
///
/// - Complexity: adding and removing are amortized O(1) (plus O(k) for k filtered types).
@usableFromInline
struct _SubscriberTable<State: StateProtocol> {
  @usableFromInline
  var activeCount = 0
  @usableFromInline
  var nextID: UInt64 = 1
  @usableFromInline
  var all = _Bucket<State>()
  @usableFromInline
  var byType = _TypeRoutes<State>()
  @usableFromInline
  var positions: [UInt64: _Position] = [:]
  @usableFromInline
  var pendingAdditions: [_Subscriber<State>] = []
  @usableFromInline
  var pendingRemovals: [UInt64] = []
  /// The owner-bound subscribers, in no particular order.
  @usableFromInline
  var ownerBound: ContiguousArray<_Subscriber<State>> = []
  /// The index of each owner-bound subscriber in `ownerBound`, by id.
  @usableFromInline
  var ownerBoundIndex: [UInt64: Int] = [:]
  /// Commits left before the next sweep of `ownerBound`; never more than `ownerBound.count`,
  /// so a subscriber whose owner went is checked within that many commits.
  @usableFromInline
  var commitsUntilSweep = 0
  /// Every filtered subscriber once, for the round of a replaced state, from its commit until
  /// the round takes it (`_StoreCore.takeRoundExtras`); empty otherwise.
  var everyFilteredRound: ContiguousArray<_Subscriber<State>?> = []

  @inlinable
  init() {}

  /// What the sweeps of owner-bound subscribers rely on, or `nil` when it holds: each is
  /// indexed once, and the next sweep comes within as many commits as there are of them.
  @usableFromInline
  func brokenSweepInvariant() -> String? {
    if ownerBoundIndex.count != ownerBound.count { return "an owner-bound subscriber unindexed" }
    if commitsUntilSweep > ownerBound.count { return "a sweep further off than its subscribers" }
    if !ownerBound.isEmpty && commitsUntilSweep < 1 { return "a sweep overdue" }
    return nil
  }

  /// Counts a commit towards the next sweep of the owner-bound subscribers (call it only when
  /// there are some); returns them when the sweep is due, to be checked outside the lock.
  /// Checking b subscribers every b commits costs O(1) per commit, amortized.
  mutating func sweepIfDue() -> ContiguousArray<_Subscriber<State>>? {
    commitsUntilSweep -= 1
    guard commitsUntilSweep <= 0 else { return nil }
    commitsUntilSweep = ownerBound.count
    return ownerBound
  }

  @inlinable
  mutating func makeID() -> UInt64 {
    defer { nextID += 1 }
    return nextID
  }

  /// A replaced state concerns every subscriber, whatever its filter: gathers each filtered
  /// subscriber once, in subscription order, into `everyFilteredRound`, which the round
  /// takes with its extras.
  @usableFromInline
  mutating func collectEveryFiltered(into list: inout _UnretainedSubscriberRound<State>) {
    var entries = everyFilteredEntry()
    guard !entries.isEmpty else { return }
    entries.sort { $0.id < $1.id }
    everyFilteredRound = ContiguousArray(entries.map { Optional($0) })
    list.hasExtras = true
  }

  @inlinable
  mutating func add(_ entry: _Subscriber<State>, deferred: Bool) {
    activeCount += 1
    if deferred {
      pendingAdditions.append(entry)
    } else {
      insert(entry)
    }
  }

  /// Removes a subscriber, or schedules its removal when a round is running. Returns the entry
  /// removed now, so the caller can release it outside the lock.
  @inlinable
  mutating func remove(id: UInt64, deferred: Bool) -> _Subscriber<State>? {
    if let index = pendingAdditions.firstIndex(where: { $0.id == id }) {
      activeCount -= 1
      return pendingAdditions.remove(at: index)
    }
    if deferred {
      guard positions[id] != nil else { return nil }
      activeCount -= 1
      pendingRemovals.append(id)
      return nil
    }
    // One lookup, not two: the position is removed and used at once.
    guard let position = positions.removeValue(forKey: id) else { return nil }
    activeCount -= 1
    return erase(at: position)
  }

  /// Whether a round held back additions or removals.
  @inlinable
  var hasDeferredChanges: Bool { !pendingRemovals.isEmpty || !pendingAdditions.isEmpty }

  /// Applies the additions and removals held back during a round. Returns the removed entries.
  @inlinable
  mutating func applyDeferred() -> [_Subscriber<State>] {
    guard !pendingRemovals.isEmpty || !pendingAdditions.isEmpty else { return [] }
    var removed: [_Subscriber<State>] = []
    for id in pendingRemovals {
      if let entry = erase(id: id) { removed.append(entry) }
    }
    pendingRemovals.removeAll()
    for entry in pendingAdditions { insert(entry) }
    pendingAdditions.removeAll()
    return removed
  }

  /// Empties the table, returning every entry (for a store that is going away).
  ///
  /// While a round runs (`deferred`), it reads the buckets in place (see `_UnretainedSubscriberRound`),
  /// so they stay as they are: their entries are removed when the round ends, like those of
  /// any subscription cancelled during a round. The caller marks every returned entry
  /// cancelled, so the round calls none of them again.
  @inlinable
  mutating func removeAll(deferred: Bool) -> [_Subscriber<State>] {
    let entries = all.slots.compactMap { $0 } + everyFilteredEntry() + pendingAdditions
    if deferred {
      pendingAdditions.removeAll()
      // Ids already scheduled are looked up again when the round ends and found gone.
      pendingRemovals.append(contentsOf: positions.keys)
      activeCount = 0
    } else {
      self = _SubscriberTable()
    }
    return entries
  }

  /// Every entry of the filtered buckets, once each (an entry sits in the bucket of each of
  /// its types), in bucket order.
  @usableFromInline
  func everyFilteredEntry() -> [_Subscriber<State>] {
    var seen = Set<UInt64>()
    var entries: [_Subscriber<State>] = []
    for bucket in byType.buckets {
      for case let entry? in bucket.slots where seen.insert(entry.id).inserted {
        entries.append(entry)
      }
    }
    return entries
  }

  /// The slots in use across all buckets, live or not (for tests of churn).
  @inlinable
  var slotCount: Int {
    all.slots.count + byType.buckets.reduce(0) { $0 + $1.slots.count }
  }

  @inlinable
  mutating func insert(_ entry: _Subscriber<State>) {
    if entry.ownerLiveness != nil {
      ownerBoundIndex[entry.id] = ownerBound.count
      ownerBound.append(entry)
      if commitsUntilSweep == 0 { commitsUntilSweep = 1 }
    }
    guard let types = entry.types else {
      positions[entry.id] = .all(all.slots.count)
      all.slots.append(entry)
      all.live += 1
      return
    }
    var indices: [Int] = []
    indices.reserveCapacity(types.count)
    for type in types {
      var bucket = byType.take(type) ?? _Bucket()
      indices.append(bucket.slots.count)
      bucket.slots.append(entry)
      bucket.live += 1
      byType.put(bucket, for: type)
    }
    positions[entry.id] = .typed(types: types, indices: indices)
  }

  @inlinable
  mutating func erase(id: UInt64) -> _Subscriber<State>? {
    positions.removeValue(forKey: id).flatMap { erase(at: $0) }
  }

  /// Removes the subscriber at `position`, whose entry in `positions` is already gone.
  @inlinable
  mutating func erase(at position: _Position) -> _Subscriber<State>? {
    let entry = eraseFromBuckets(at: position)
    if let entry, entry.ownerLiveness != nil { eraseOwnerBound(id: entry.id) }
    return entry
  }

  /// Removes an owner-bound subscriber from `ownerBound`, moving the last one into its place.
  @inlinable
  mutating func eraseOwnerBound(id: UInt64) {
    guard let index = ownerBoundIndex.removeValue(forKey: id) else { return }
    let last = ownerBound.removeLast()
    if index < ownerBound.count {
      ownerBound[index] = last
      ownerBoundIndex[last.id] = index
    }
    commitsUntilSweep = min(commitsUntilSweep, ownerBound.count)
  }

  @inlinable
  mutating func eraseFromBuckets(at position: _Position) -> _Subscriber<State>? {
    switch position {
    case .all(let index):
      let entry = all.slots[index].take()
      all.live -= 1
      all.trimTrailingHoles()
      if let compacted = compacted(all, type: nil) { all = compacted }
      return entry
    case .typed(let types, let indices):
      var entry: _Subscriber<State>?
      for (type, index) in zip(types, indices) {
        guard var bucket = byType.take(type) else { continue }
        entry = bucket.slots[index].take()
        bucket.live -= 1
        bucket.trimTrailingHoles()
        // An empty bucket is dropped, so routing to its type costs nothing again.
        guard !bucket.isEmpty else { continue }
        byType.put(compacted(bucket, type: type) ?? bucket, for: type)
      }
      return entry
    }
  }

  /// Squeezes the holes out of `bucket` once they outnumber live entries, fixing the moved
  /// entries' positions; `nil` when the bucket is dense enough as it is.
  @inlinable
  mutating func compacted(_ bucket: _Bucket<State>, type: Int?) -> _Bucket<State>? {
    let holes = bucket.slots.count - bucket.live
    guard holes > 16, holes > bucket.live else { return nil }
    var result = _Bucket<State>()
    result.slots.reserveCapacity(bucket.live * 2)
    for case let entry? in bucket.slots {
      let newIndex = result.slots.count
      result.slots.append(entry)
      switch positions[entry.id] {
      case .typed(let types, var indices)?:
        if let type, let k = types.firstIndex(of: type) {
          indices[k] = newIndex
          positions[entry.id] = .typed(types: types, indices: indices)
        }
      case .all?:
        positions[entry.id] = .all(newIndex)
      case nil:
        break
      }
    }
    result.live = bucket.live
    return result
  }
}
