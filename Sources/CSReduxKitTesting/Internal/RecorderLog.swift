import CSReduxKit
import Foundation

/// A recorder's entries, its read position and its waiters, behind one lock.
final class RecorderLog<State: StateProtocol>: Sendable {
  struct Inner {
    var entries: [StoreUpdate<State>] = []
    var readCount = 0
    var waiters: [(count: Int, signal: OneShot<Void>)] = []
  }

  private let inner = _Locked(Inner())

  func withLock<R>(_ body: (inout Inner) throws -> R) rethrows -> R {
    try inner.withLock(body)
  }

  func append(_ entry: StoreUpdate<State>) {
    let ready = withLock { inner in
      inner.entries.append(entry)
      let count = inner.entries.count
      let ready = inner.waiters.filter { $0.count <= count }.map(\.signal)
      inner.waiters.removeAll { $0.count <= count }
      return ready
    }
    for signal in ready { signal.fulfill(()) }
  }

  /// A signal fulfilled once `count` entries are recorded, or `nil` when they already are.
  func signal(atCount count: Int) -> OneShot<Void>? {
    withLock { inner in
      guard inner.entries.count < count else { return nil }
      let signal = OneShot<Void>()
      inner.waiters.append((count, signal))
      return signal
    }
  }

  /// Drops a waiter that timed out.
  func forget(_ signal: OneShot<Void>) {
    withLock { $0.waiters.removeAll { $0.signal === signal } }
  }

  /// Every entry, each now read.
  func readAll() -> [StoreUpdate<State>] {
    withLock { inner in
      inner.readCount = inner.entries.count
      return inner.entries
    }
  }

  /// The first unread entry, now read; `nil` when every entry was read (after a concurrent
  /// `removeAll()`).
  func read() -> StoreUpdate<State>? {
    withLock { inner in
      guard inner.readCount < inner.entries.count else { return nil }
      let entry = inner.entries[inner.readCount]
      inner.readCount += 1
      return entry
    }
  }
}
