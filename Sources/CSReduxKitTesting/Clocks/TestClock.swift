import CSReduxKit

/// A clock whose time moves only when the test says so: an effect's
/// `try await context.dependencies.clock.sleep(for: .milliseconds(300))` returns when the test
/// advances the clock past its deadline, in no wall time.
///
/// ```swift
/// let clock = TestClock()
/// let test = TestStore(SearchStore(dependencies: EffectDependencies { $0.clock = clock }))
/// await test.send(SearchStore.search("te"))
/// await clock.advance(by: .milliseconds(300))
/// await test.receive(SearchAction.results) { $0.results = ["tea"] }
/// await test.finish()
/// ```
///
/// - Time starts at zero (``Instant/offset``) and moves only through ``advance(by:)``,
///   ``advance(to:)`` and ``run(limit:)``; each wakes the sleepers whose deadline it passes, in the
///   order of their deadlines, setting ``now`` to each deadline in turn.
/// - A sleeper whose task is cancelled (its effect was cancelled, a search superseded by a
///   newer one) wakes at once with `CancellationError`, whatever the time: a cancelled effect
///   ends without the test advancing the clock.
/// - An advance when nobody sleeps first waits, without polling, for an effect that is
///   starting to reach its sleep: `send` returns once an effect has started, perhaps before
///   its task ran. It stops waiting as soon as a sleeper comes, or once the stores that
///   ``TestStore``s watch with this clock are idle with no effect running. After waking sleepers, an advance yields to the tasks it
///   woke several times, so that an effect usually reaches its next step (a dispatch, another
///   sleep) before the advance returns; a
///   ``TestStore/receive(_:timeout:isolation:fileID:filePath:line:column:_:)`` waits for the actions it
///   dispatches in any case.
public final class TestClock: Clock, Sendable {
  /// A point in the test clock's time: how far it is from the clock's start.
  public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
    /// The time since the clock's start.
    public var offset: Duration

    /// The instant `offset` after the clock's start.
    ///
    /// - Parameter offset: The time since the clock's start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant `duration` after this one.
    ///
    /// - Parameter duration: How far to move; negative moves back.
    /// - Returns: The later (or earlier) instant.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The time from this instant to `other`.
    ///
    /// - Parameter other: The other instant.
    /// - Returns: `other` minus this instant.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// `TestClock.Instant(0.3 seconds)`.
    public var description: String { "TestClock.Instant(\(offset))" }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct Inner {
    var now = Instant()
    var sleepers: [Sleeper] = []
    var nextID: UInt64 = 0
    /// Advances waiting for a sleeper, woken when one is registered.
    var sleeperWatchers: [OneShot<Void>] = []
    /// For each store a test store watches that sleeps on this clock: calls its argument
    /// once the store is idle and runs no effect (when nothing more can come to sleep).
    var stores: [@Sendable (@escaping @Sendable () -> Void) -> Void] = []
  }

  private let inner = _Locked(Inner())

  /// A clock at its start, with nobody sleeping.
  public init() {}

  /// The clock's time: where the last advance left it.
  public var now: Instant { inner.withLock { $0.now } }

  /// Zero: the test clock is exact.
  public var minimumResolution: Duration { .zero }

  /// How many sleeps wait for the clock to move: for a test that checks that an effect is
  /// waiting, or that a cancelled one stopped.
  public var sleeperCount: Int { inner.withLock { $0.sleepers.count } }

  /// Suspends until the clock reaches `deadline`; at once when it has already; throws
  /// `CancellationError` as soon as the task is cancelled.
  ///
  /// - Parameters:
  ///   - deadline: When to wake.
  ///   - tolerance: Ignored: the test clock wakes exactly.
  /// - Throws: `CancellationError` when the task is cancelled, before or during the sleep.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = inner.withLock { inner -> UInt64 in
      inner.nextID += 1
      return inner.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let (resumeNow, watchers) = inner.withLock { inner -> (Bool, [OneShot<Void>]) in
          if deadline <= inner.now { return (true, []) }
          // Cancelled before the sleeper was registered: the handler found nothing to wake.
          if Task.isCancelled { return (true, []) }
          inner.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          defer { inner.sleeperWatchers = [] }
          return (false, inner.sleeperWatchers)
        }
        for watcher in watchers { watcher.fulfill(()) }
        if resumeNow {
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
          } else {
            continuation.resume()
          }
        }
      }
    } onCancel: {
      let sleeper = inner.withLock { inner -> Sleeper? in
        guard let index = inner.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return inner.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward by `duration`, waking in deadline order every sleeper whose
  /// deadline it reaches.
  ///
  /// - Parameter duration: How far to move; zero wakes the sleepers due now.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves the clock forward to `deadline`, waking in deadline order every sleeper whose
  /// deadline it reaches; does not move it back.
  ///
  /// - Parameter deadline: Where the clock should stand.
  public func advance(to deadline: Instant) async {
    await yieldToWokenTasks()
    await waitForASleeper()
    while true {
      let next = inner.withLock { inner -> Sleeper? in
        guard
          let index = inner.sleepers.indices.min(by: {
            (inner.sleepers[$0].deadline, inner.sleepers[$0].id)
              < (inner.sleepers[$1].deadline, inner.sleepers[$1].id)
          }),
          inner.sleepers[index].deadline <= deadline
        else {
          if inner.now < deadline { inner.now = deadline }
          return nil
        }
        let sleeper = inner.sleepers.remove(at: index)
        if inner.now < sleeper.deadline { inner.now = sleeper.deadline }
        return sleeper
      }
      guard let next else { break }
      next.continuation.resume()
      await yieldToWokenTasks()
    }
  }

  /// Advances the clock until nobody sleeps: to the last deadline, waking every sleeper in
  /// order, and those they start meanwhile.
  ///
  /// A sleeper that sleeps again forever (a timer that never stops) keeps `run` going; it
  /// stops after `limit` wakes.
  ///
  /// - Parameter limit: How many sleepers to wake at most.
  public func run(limit: Int = 10_000) async {
    await yieldToWokenTasks()
    for _ in 0..<limit {
      let deadline = inner.withLock { inner in inner.sleepers.map(\.deadline).min() }
      guard let deadline else { return }
      await advance(to: deadline)
    }
  }

  /// When nobody sleeps, waits for the effects that are starting to reach their sleep, so
  /// that an advance right after an effect started wakes it. It returns as soon as a sleeper
  /// is registered, or once every store a ``TestStore`` watches with this clock is idle with
  /// no effect running (nothing more can come to sleep), without polling; after 30 seconds at
  /// most, or 1 second when no test store uses this clock.
  private func waitForASleeper() async {
    let watcher = OneShot<Void>()
    let stores = inner.withLock { inner -> [@Sendable (@escaping @Sendable () -> Void) -> Void]? in
      guard inner.sleepers.isEmpty else { return nil }
      inner.sleeperWatchers.append(watcher)
      return inner.stores
    }
    guard let stores else { return }
    let remaining = _Locked(stores.count)
    for whenIdle in stores {
      whenIdle {
        let isLast = remaining.withLock { count -> Bool in
          count -= 1
          return count == 0
        }
        if isLast { watcher.fulfill(()) }
      }
    }
    let bound: Duration = stores.isEmpty ? .seconds(1) : .seconds(30)
    _ = await watcher.value(within: bound)
    inner.withLock { $0.sleeperWatchers.removeAll { $0 === watcher } }
  }

  /// Lets an advance know when `store`, whose effects sleep on this clock, can no longer
  /// start a sleep: when it is idle with no effect running. Called by ``TestStore``.
  func watch<State: StateProtocol>(_ store: Store<State>) {
    inner.withLock { inner in
      inner.stores.append { [weak store] done in
        guard let store else { return done() }
        store.whenIdle(includingEffects: true, done)
      }
    }
  }

  /// Gives the tasks a wake resumed the chance to run to their next suspension.
  private func yieldToWokenTasks() async {
    for _ in 0..<20 { await Task.yield() }
  }
}
