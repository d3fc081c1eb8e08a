/// Where a store's run loop is, and which thread runs its queue: the one value that says
/// whether the store is busy, whether a turn or a notification round is in flight, and who is
/// inside the reducer's call.
///
/// | event (on thread `t`) | from | to |
/// |---|---|---|
/// | `start` | idle, or notifying(t) | reducing(t) |
/// | `reducerReturned` | reducing(t) | awaitingFinish |
/// | `resume` | awaitingFinish | finishing(t) |
/// | `commit` | reducing(t) or finishing(t) | notifying(t) |
/// | `closeRound` | notifying(t) | notifying(t), until the next `start` or `goIdle` |
/// | `goIdle` | notifying | idle |
///
/// `resume` on thread `u` also leaves reducing(t) for a reducer that handed its `finish` to
/// another thread, which called it before the reducer's thread got back to the lock; the
/// reducer's `reducerReturned` then finds the queue in other hands and changes nothing, as it
/// does in any phase whose queue another thread runs.
///
/// The transitions (`start`, `reducerReturned`, `resume`, `commit`, `goIdle`) are the only
/// writes; each checks itself against `after(_:thread:)` in debug builds, and stops with the
/// phase and the event named when the event is illegal there.
@usableFromInline
package enum _StorePhase: Equatable, Sendable, CustomStringConvertible {
  /// Nobody runs the queue: the next `admit` takes it.
  case idle
  /// `thread` is inside the reducer's call (or has just come back from it) and runs the queue.
  case reducing(thread: UInt)
  /// The reducer returned without calling `finish`: whoever calls it runs the queue.
  case awaitingFinish
  /// `thread` called an awaited `finish` and commits the outcome.
  case finishing(thread: UInt)
  /// `thread` runs the round of the action it committed; subscriber changes are deferred.
  case notifying(thread: UInt)

  /// What happens to a phase, on the thread that makes it happen.
  @usableFromInline
  package enum Event: String, Sendable {
    /// A turn starts: the store was idle, or the round before it closes.
    case start
    /// The reducer returned without calling `finish`.
    case reducerReturned
    /// An awaited `finish` was called.
    case resume
    /// The turn's outcome is committed and its round opens.
    case commit
    /// The round closes (the next turn starts, or the store goes idle, after it).
    case closeRound
    /// The round closed with nothing left to run.
    case goIdle
  }

  /// The phase `event` on `thread` leads to, or `nil` when `event` is illegal in this phase.
  /// The transitions' table: the mutating transitions check themselves against it in debug
  /// builds.
  @usableFromInline
  package func after(_ event: Event, thread: UInt) -> _StorePhase? {
    switch (event, self) {
    case (.start, .idle):
      return .reducing(thread: thread)
    case (.start, .notifying(let owner)) where owner == thread:
      return .reducing(thread: thread)
    case (.reducerReturned, .reducing(let owner)) where owner == thread:
      return .awaitingFinish
    case (.reducerReturned, _) where runner != thread:
      return self  // another thread finished the action meanwhile and runs the queue
    case (.resume, .awaitingFinish):
      return .finishing(thread: thread)
    case (.resume, .reducing(let owner)) where owner != thread:
      return .finishing(thread: thread)
    case (.commit, .reducing(let owner)) where owner == thread,
      (.commit, .finishing(let owner)) where owner == thread:
      return .notifying(thread: thread)
    case (.closeRound, .notifying(let owner)) where owner == thread:
      return self
    case (.goIdle, .notifying):
      return .idle
    default:
      return nil
    }
  }

  // MARK: Transitions

  /// idle or notifying(thread) → reducing(thread).
  @inlinable @inline(__always)
  mutating func start(thread: UInt) {
    check(.start, thread: thread, leadsTo: .reducing(thread: thread))
    self = .reducing(thread: thread)
  }

  /// reducing(thread) → awaitingFinish; any phase whose queue another thread runs stays.
  @inlinable
  mutating func reducerReturned(thread: UInt) {
    let next: _StorePhase = self == .reducing(thread: thread) ? .awaitingFinish : self
    check(.reducerReturned, thread: thread, leadsTo: next)
    self = next
  }

  /// awaitingFinish (or reducing on another thread) → finishing(thread).
  @inlinable
  mutating func resume(thread: UInt) {
    check(.resume, thread: thread, leadsTo: .finishing(thread: thread))
    self = .finishing(thread: thread)
  }

  /// reducing(thread) or finishing(thread) → notifying(thread).
  @inlinable @inline(__always)
  mutating func commit(thread: UInt) {
    check(.commit, thread: thread, leadsTo: .notifying(thread: thread))
    self = .notifying(thread: thread)
  }

  /// Checks that the round `thread` closes is its own; the phase stays until the next turn
  /// starts or the store goes idle.
  @inlinable @inline(__always)
  func closeRound(thread: UInt) {
    check(.closeRound, thread: thread, leadsTo: self)
  }

  /// notifying → idle.
  @inlinable @inline(__always)
  mutating func goIdle() {
    check(.goIdle, thread: runner, leadsTo: .idle)
    self = .idle
  }

  /// Stops a debug build when `event` is illegal in this phase, or when a transition's own
  /// result disagrees with the table; does nothing in a release build.
  @inlinable @inline(__always)
  func check(_ event: Event, thread: UInt, leadsTo next: _StorePhase) {
    #if DEBUG
      guard let expected = after(event, thread: thread) else {
        preconditionFailure("CSReduxKit engine: \(event) in phase \(self)")
      }
      precondition(
        expected == next,
        "CSReduxKit engine: \(event) in phase \(self) led to \(next), not \(expected)")
    #endif
  }

  // MARK: What the phase says

  /// Whether an action is being reduced or notified, or is waiting for `finish`.
  @inlinable
  package var isBusy: Bool {
    if case .idle = self { return false }
    return true
  }

  /// Whether a turn is in flight: from the call of its reducer to the commit of its outcome.
  @inlinable
  package var hasTurnInFlight: Bool {
    switch self {
    case .reducing, .awaitingFinish, .finishing: return true
    case .idle, .notifying: return false
    }
  }

  /// Whether a notification round is running.
  @inlinable
  package var isNotifying: Bool {
    if case .notifying = self { return true }
    return false
  }

  /// The thread inside the reducer's call, while one runs synchronously; 0 otherwise.
  @inlinable
  package var reducerThread: UInt {
    if case .reducing(let thread) = self { return thread }
    return 0
  }

  /// The thread running the queue; 0 when idle or awaiting `finish`.
  @inlinable
  package var runner: UInt {
    switch self {
    case .reducing(let thread), .finishing(let thread), .notifying(let thread): return thread
    case .idle, .awaitingFinish: return 0
    }
  }

  @usableFromInline
  package var description: String {
    switch self {
    case .idle: return "idle"
    case .reducing(let thread): return "reducing(\(thread))"
    case .awaitingFinish: return "awaitingFinish"
    case .finishing(let thread): return "finishing(\(thread))"
    case .notifying(let thread): return "notifying(\(thread))"
    }
  }
}
