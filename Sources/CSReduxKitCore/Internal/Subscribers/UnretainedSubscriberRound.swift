/// The subscriber round's unretained calls: the one place of the core that reads references
/// without retaining them, to call subscribers without touching reference counts.
///
/// Invariants, for everything in this file:
///
/// - A notification round reads one of the table's buckets in place, through a buffer pointer
///   taken at the commit (`collect`): the bucket of subscribers to every action or, when that
///   one is empty, the bucket filtered on the action's type. The round owns the table's
///   buckets from the commit to the round's end (`_StoreCore.isNotifying`): every change to
///   them, a store that goes away included (`removeAll(deferred:)`), waits until the round
///   ends, so that memory stays allocated and unchanged while the round reads it.
/// - The filtered bucket the round merges with the bucket to every action is read in place
///   too, under the same ownership. The one list the table makes for a round (every filtered
///   subscriber once, for a replaced state) is owned by the round's extras
///   (`takeRoundExtras`), which the round keeps alive until its last subscriber returned.
/// - A strong reference and an unretained one have the same layout, and so do their optionals
///   (one pointer, `nil` as zero): an array of references is read as an array of unretained
///   ones by rebinding its memory, never by copying it.

/// The subscribers to notify for one action, in subscription order: the ones that take every
/// action merged with the ones filtered on this action's type. The table defers its own
/// changes while a round runs, so the round reads the first bucket in place and holding the
/// second never forces a copy.
@usableFromInline
struct _UnretainedSubscriberRound<State: StateProtocol> {
  /// The entries of the table's bucket of subscribers to every action (or, when it is empty,
  /// of the bucket filtered on the action's small type), read in place: neither the bucket nor
  /// its array is retained. The round owns the table's buckets from its commit to its end
  /// (`isNotifying`): every change to them, including a store that goes away
  /// (`removeAll(deferred:)`), waits for the round to end, so this memory stays allocated and
  /// unchanged while the round reads it. Retaining the array instead costs two atomic
  /// operations per dispatch. Empty when there is no such bucket: an empty buffer rather than
  /// an optional one, whose case the round would keep and test in a byte of its own.
  @usableFromInline var all = UnsafeBufferPointer<Unmanaged<_Subscriber<State>>?>(
    start: nil, count: 0)
  /// The entries of the bucket filtered on the action's type, read in place like `all`, when
  /// it is merged with `all` or its type is large or negative; for a replaced state, every
  /// filtered subscriber once, from the list the round's extras own. Unretained, so that a
  /// round has nothing to release when it ends.
  @usableFromInline var typed = UnsafeBufferPointer<Unmanaged<_Subscriber<State>>?>(
    start: nil, count: 0)
  /// Readers of the state to wake: they waited while it was lent to an in-place reduction.
  @usableFromInline var readersToWake = 0
  /// Whether the round has extras: late completions, deferred dispatches, or the list of
  /// every filtered subscriber for a replaced state. They stay in the core until the round
  /// takes them (`takeRoundExtras`), so that a round is plain values with nothing to destroy.
  @usableFromInline var hasExtras = false

  @inlinable
  init() {}

  /// Whether the round has nobody to call: no subscriber, no late completion and no deferred
  /// dispatch.
  @inlinable
  var isSilent: Bool {
    all.isEmpty && typed.isEmpty && !hasExtras
  }

  /// Calls each active subscriber with `action` and `state`, ordered by subscription id.
  ///
  /// The table's buckets (and the list's filtered array) hold the entries for the whole round,
  /// so the entries are read as unretained references: no reference count changes per
  /// subscriber.
  ///
  /// Always inlined: compiled on its own, the optimizer turns `action` into a generic
  /// parameter and then boxes it back into an existential for the subscribers, a copy of the
  /// action per round.
  @inlinable @inline(__always)
  func notify(_ action: any ActionProtocol, _ state: State) {
    guard !typed.isEmpty else {
      for entry in all {
        guard let entry else { continue }
        Self.call(entry, action, state)
      }
      return
    }
    var i = 0
    var j = 0
    while true {
      while i < all.count, all[i] == nil { i += 1 }
      while j < typed.count, typed[j] == nil { j += 1 }
      let next: Unmanaged<_Subscriber<State>>
      switch (i < all.count ? all[i] : nil, j < typed.count ? typed[j] : nil) {
      case (let a?, let b?):
        if Self.id(a) < Self.id(b) {
          next = a
          i += 1
        } else {
          next = b
          j += 1
        }
      case (let a?, nil):
        next = a
        i += 1
      case (nil, let b?):
        next = b
        j += 1
      case (nil, nil):
        return
      }
      Self.call(next, action, state)
    }
  }

  @inlinable @inline(__always)
  static func id(_ entry: Unmanaged<_Subscriber<State>>) -> UInt64 {
    entry._withUnsafeGuaranteedRef { $0.id }
  }

  /// Calls an active subscriber, borrowing the entry the list holds.
  @inlinable @inline(__always)
  static func call(
    _ entry: Unmanaged<_Subscriber<State>>, _ action: any ActionProtocol, _ state: State
  ) {
    entry._withUnsafeGuaranteedRef { entry in
      if entry.isActive { entry.body(action, state) }
    }
  }
}

extension _SubscriberTable {
  /// Fills `list` with the subscribers for an action of type `type` whose turn is of `kind`:
  /// those to every action, read in place, and those filtered on its type; for a replaced
  /// state, every filtered subscriber once, whatever its filter.
  ///
  /// Mutating, though it changes nothing: called on the core's table in place, it reads the
  /// fields it needs where they are, where a borrowed call copied the whole table first.
  @inlinable @inline(__always)
  mutating func collect(
    for kind: _Turn<State>.Kind, type: Int, into list: inout _UnretainedSubscriberRound<State>
  ) {
    if !all.slots.isEmpty { list.all = Self.inPlace(all.slots) }
    guard !byType.isEmpty else { return }
    switch kind {
    case .replace:
      collectEveryFiltered(into: &list)
    case .reduce:
      // A small type's bucket is found right here; only a large or negative type's lookup is a
      // call (the whole lookup out of line made a filtered dispatch dearer: docs/performance.md,
      // "1,000 subscribers on other types").
      if UInt(bitPattern: type) < UInt(byType.dense.count) {
        guard !byType.dense[type].isEmpty else { return }
        guard list.all.isEmpty else {
          list.typed = Self.inPlace(byType.dense[type].slots)
          return
        }
        // With nobody subscribed to every action, the type's bucket alone is the round: no
        // merge.
        list.all = Self.inPlace(byType.dense[type].slots)
      } else if let slots = byType.sparseSlots(for: type) {
        // The dictionary holds the bucket's array for the whole round, as `dense` does.
        list.typed = Self.inPlace(slots)
      }
    }
  }

  /// The entries of one of the table's buckets as unretained references, read where the
  /// bucket keeps them. The pointer escapes its closure on purpose: see the invariants above
  /// for why it stays valid while the round runs.
  @inlinable @inline(__always)
  static func inPlace(
    _ slots: ContiguousArray<_Subscriber<State>?>
  ) -> UnsafeBufferPointer<Unmanaged<_Subscriber<State>>?> {
    slots.withUnsafeBufferPointer { entries in
      entries.withMemoryRebound(to: Unmanaged<_Subscriber<State>>?.self) { $0 }
    }
  }
}
