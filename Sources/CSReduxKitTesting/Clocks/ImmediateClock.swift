import CSReduxKit

/// A clock whose sleeps return at once, moving its time forward by what they asked for: for
/// tests of effects that sleep (a debounce, a retry delay) whose timing they do not check.
///
/// ```swift
/// let store = SearchStore(dependencies: EffectDependencies { $0.clock = ImmediateClock() })
/// ```
///
/// A sleep throws `CancellationError` when its task is cancelled, as a real clock's does.
public final class ImmediateClock: Clock, Sendable {
  /// A point in the immediate clock's time, which is the test clock's instant.
  public typealias Instant = TestClock.Instant

  private let current = _Locked(Instant())

  /// A clock at its start.
  public init() {}

  /// The clock's time: the sum of every sleep so far.
  public var now: Instant { current.withLock { $0 } }

  /// Zero.
  public var minimumResolution: Duration { .zero }

  /// Returns at once, after moving the clock to `deadline` if it is later.
  ///
  /// - Parameters:
  ///   - deadline: When the sleep would end.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { if $0 < deadline { $0 = deadline } }
    await Task.yield()
    try Task.checkCancellation()
  }
}
