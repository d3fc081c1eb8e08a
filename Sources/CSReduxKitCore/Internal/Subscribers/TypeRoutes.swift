/// The subscribers filtered on each action type, by type: an array indexed by the type for
/// small non-negative types (a module's enum raw values), a dictionary for the rest. Routing an
/// action of a small type then hashes nothing and reads one slot of one array.
///
/// - Complexity: lookups are O(1); the array grows to the largest small type subscribed to.
@usableFromInline
struct _TypeRoutes<State: StateProtocol> {
  /// Types below this go to the array (at most 64 KB of it).
  @inlinable static var denseLimit: Int { 4_096 }

  /// The bucket of each type in `0..<dense.count`; an empty bucket when none is in use.
  @usableFromInline var dense: ContiguousArray<_Bucket<State>> = []
  /// The buckets of the other types.
  @usableFromInline var sparse: [Int: _Bucket<State>] = [:]
  /// How many types have a bucket in use.
  @usableFromInline var count = 0

  init() {}

  @inlinable
  var isEmpty: Bool { count == 0 }

  @inlinable
  static func isDense(_ type: Int) -> Bool {
    UInt(bitPattern: type) < UInt(denseLimit)
  }

  /// The slots of the bucket for a type at or past the end of `dense`, or `nil` when no
  /// subscriber is filtered on it. Routing reads a small type's bucket from `dense` itself
  /// (see `collect`); this lookup stays out of line, so that the dispatch path it sits on
  /// inlines no dictionary code.
  @inlinable @inline(never)
  func sparseSlots(for type: Int) -> ContiguousArray<_Subscriber<State>?>? {
    guard !Self.isDense(type), !sparse.isEmpty else { return nil }
    return sparse[type]?.slots
  }

  /// Removes and returns the bucket for `type`, so that it can be changed without a copy; put
  /// it back with `put(_:for:)`. `nil` when there is none.
  @inlinable
  mutating func take(_ type: Int) -> _Bucket<State>? {
    if Self.isDense(type) {
      guard type < dense.count, !dense[type].isEmpty else { return nil }
      count -= 1
      return swap(dense: type, with: _Bucket())
    }
    guard let bucket = sparse.removeValue(forKey: type) else { return nil }
    count -= 1
    return bucket
  }

  /// Stores `bucket` as the bucket for `type`; an empty bucket is dropped, so that routing to
  /// its type costs nothing again.
  @inlinable
  mutating func put(_ bucket: _Bucket<State>, for type: Int) {
    guard !bucket.isEmpty else { return }
    count += 1
    if Self.isDense(type) {
      if type >= dense.count {
        dense.append(contentsOf: repeatElement(_Bucket(), count: type + 1 - dense.count))
      }
      _ = swap(dense: type, with: bucket)
    } else {
      sparse[type] = bucket
    }
  }

  @inlinable
  mutating func swap(dense type: Int, with bucket: _Bucket<State>) -> _Bucket<State> {
    var bucket = bucket
    Swift.swap(&dense[type], &bucket)
    return bucket
  }

  /// Every bucket in use.
  @inlinable
  var buckets: [_Bucket<State>] {
    dense.filter { !$0.isEmpty } + sparse.values
  }
}
