/// What a dispatching thread reads, without the core's lock, to tell whether the store is busy:
/// one atomic word holding the busy flag, the pending flag and the thread running the queue.
///
/// A thread that finds the store busy and is not the one running its queue puts its action in
/// the side queue (`_StoreCore.sideQueue`, behind a lock of its own) and sets the pending flag;
/// the thread running the queue moves the side queue's actions behind its own queue's in one
/// batch. So while two threads dispatch at once, the core's lock stays with the thread running
/// the queue, and the side queue's lock moves between the two cores once per batch, not twice
/// per action (see docs/performance.md, "Two threads"). A store that one thread uses never
/// touches the side queue.
///
/// The protocol, and why no action is ever left in the side queue of an idle store:
///
/// - Only a thread holding the core's lock claims an idle store (`busy` and the owner, stored
///   while the word is 0, which no other thread changes: a pusher only changes a busy word).
/// - A pusher holds the side queue's lock while it sets `pending` (compare-and-exchange from
///   the busy word it read) and appends; if the word is no longer busy, it appends nothing and
///   goes through the core's lock instead, where the store is idle or busy as the core says.
/// - The thread running the queue goes idle with one compare-and-exchange from a word without
///   `pending` to 0, under the core's lock. If a pusher set `pending` first, the exchange
///   fails and that thread takes the side queue (under both locks, clearing `pending`) and
///   runs on; if the store went idle first, the pusher's exchange fails.
/// - So the side queue holds actions only while `pending` is set, and `pending` is set only
///   while the store is busy: an idle store's side queue is empty.
///
/// Order: an action queued through the core's lock while `pending` is set first moves the side
/// queue's actions behind the queue's (`_StoreCore.takeSideQueue`), so the side queue always
/// holds the latest actions, in the order they came.
@usableFromInline
struct _QueueWord: Sendable {
  @usableFromInline let word: _AtomicWord

  /// A thread owns the queue: from the claim of an idle store until it goes idle.
  @usableFromInline static let busy = 1
  /// The side queue holds actions.
  @usableFromInline static let pending = 2

  init() {
    word = _AtomicWord(0)
  }

  /// The bits that name `thread` as the owner (the low two bits hold the flags).
  @inlinable @inline(__always)
  static func owner(_ thread: UInt) -> Int {
    Int(bitPattern: thread &<< 2)
  }

  @inlinable @inline(__always)
  func load() -> Int { word.load() }

  /// Claims an idle store for `thread`. Only under the core's lock, when the store is idle.
  @inlinable @inline(__always)
  func claim(for thread: UInt) {
    word.store(Self.owner(thread) | Self.busy)
  }

  /// Goes idle unless actions wait in the side queue; returns whether it did. Only under the
  /// core's lock, by the thread running the queue.
  @inlinable @inline(__always)
  func release() -> Bool {
    let seen = word.load()
    guard seen & Self.pending == 0 else { return false }
    return word.compareExchange(expected: seen, desired: 0) == seen
  }

  /// Names `thread` as the one running the queue, keeping the flags. Only under the core's
  /// lock, while the store is busy; a pusher may set `pending` meanwhile, hence the loop.
  @inlinable
  func hand(to thread: UInt) {
    var seen = word.load()
    while seen & ~3 != Self.owner(thread) {
      let found = word.compareExchange(
        expected: seen, desired: Self.owner(thread) | (seen & 3))
      if found == seen { return }
      seen = found
    }
  }

  /// Clears `pending`. Only under both locks, after the side queue was emptied: no other
  /// thread changes the word meanwhile.
  @inline(__always)
  func clearPending() {
    word.store(word.load() & ~Self.pending)
  }

  /// Whether `word` is busy with a queue run by another thread than `thread`.
  @inlinable @inline(__always)
  static func isBusy(_ word: Int, otherThan thread: UInt) -> Bool {
    word & busy != 0 && word & ~3 != owner(thread)
  }

  /// Sets `pending` if the word still holds `seen`, a busy word of another owner than
  /// `thread`; returns whether the store is busy with `pending` set. Only under the side
  /// queue's lock.
  @inlinable @inline(__always)
  func markPending(from seen: Int, by thread: UInt) -> Bool {
    guard Self.isBusy(seen, otherThan: thread) else { return false }
    if seen & Self.pending != 0 { return true }
    return word.compareExchange(expected: seen, desired: seen | Self.pending) == seen
  }
}
