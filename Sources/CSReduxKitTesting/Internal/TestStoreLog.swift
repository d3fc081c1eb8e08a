import CSReduxKit

/// What a ``TestStore`` saw its store notify, which of it a test asserted, and the waiters for
/// more, behind one lock.
final class TestStoreLog<State: StateProtocol>: Sendable {
  struct Inner {
    /// Every notification since the test store was made, in commit order.
    var entries: [StoreUpdate<State>] = []
    /// For each entry, whether a `send` or a `receive` accounted for it (or skipped it).
    var asserted: [Bool] = []
    /// The state before the first entry.
    var initial: State
    var waiters: [(count: Int, signal: OneShot<Void>)] = []
  }

  private let inner: _Locked<Inner>

  init(initial: State) {
    inner = _Locked(Inner(initial: initial))
  }

  func withLock<R>(_ body: (inout Inner) throws -> R) rethrows -> R {
    try inner.withLock(body)
  }

  func append(_ entry: StoreUpdate<State>) {
    let ready = withLock { inner in
      inner.entries.append(entry)
      inner.asserted.append(false)
      let count = inner.entries.count
      let ready = inner.waiters.filter { $0.count <= count }.map(\.signal)
      inner.waiters.removeAll { $0.count <= count }
      return ready
    }
    for signal in ready { signal.fulfill(()) }
  }

  /// How many entries there are.
  var count: Int { withLock { $0.entries.count } }

  /// The state before entry `index`: the state of the entry before it, or the initial one.
  func state(before index: Int) -> State {
    withLock { index == 0 ? $0.initial : $0.entries[index - 1].state }
  }

  /// The first entry no step accounted for, at `from` or after; when there is none yet, how
  /// many entries there are. Both are read under one lock, so an entry that arrives meanwhile
  /// is either found or counted after: a wait for the next entry never skips it.
  func firstUnasserted(
    from: Int
  ) -> Result<(index: Int, entry: StoreUpdate<State>), EntryCount> {
    withLock { inner in
      let count = inner.entries.count
      guard from < count, let index = inner.asserted[from...].firstIndex(of: false) else {
        return .failure(EntryCount(value: count))
      }
      return .success((index, inner.entries[index]))
    }
  }

  /// How many entries there were when no unasserted one was found.
  struct EntryCount: Error {
    let value: Int
  }

  /// Every entry no step accounted for, in order.
  var unasserted: [StoreUpdate<State>] {
    withLock { inner in
      inner.entries.indices.filter { !inner.asserted[$0] }.map { inner.entries[$0] }
    }
  }

  /// Marks entry `index` as accounted for.
  func assert(_ index: Int) {
    withLock { $0.asserted[index] = true }
  }

  /// Marks every entry before `end` as accounted for; returns those that were not.
  @discardableResult
  func assertAll(before end: Int) -> [StoreUpdate<State>] {
    withLock { inner in
      var newly: [StoreUpdate<State>] = []
      for index in 0..<min(end, inner.entries.count) where !inner.asserted[index] {
        inner.asserted[index] = true
        newly.append(inner.entries[index])
      }
      return newly
    }
  }

  /// Waits up to `timeout` until more than `index` entries are recorded; returns whether they
  /// are.
  func waitForEntry(at index: Int, timeout: Duration) async -> Bool {
    let signal: OneShot<Void>? = withLock { inner in
      guard inner.entries.count <= index else { return nil }
      let signal = OneShot<Void>()
      inner.waiters.append((index + 1, signal))
      return signal
    }
    guard let signal else { return true }
    if await signal.value(within: timeout) != nil { return true }
    withLock { $0.waiters.removeAll { $0.signal === signal } }
    return count > index
  }
}
