import Dispatch

/// Waiting until the store is idle: one property, one callback, one `async` wait and one
/// blocking wait, which all mean the same by idle.
///
/// Idle means no action reduced, notified or queued and, unless `includingEffects: false` is
/// passed, no effect (the work of an `async` ``Thunk``, cancelled or not) that has not
/// returned, at one moment. Another thread may dispatch right after; idleness is a moment, not
/// a state the store promises to keep.
extension Store {
  /// Whether the store is idle: no action is reduced, notified or queued, and no effect runs.
  ///
  /// It answers like the waits' default (`includingEffects: true`): a store whose effect is
  /// still loading is not idle. ``runningEffects`` lists the effects.
  ///
  /// - Complexity: O(1): three locks.
  public final var isIdle: Bool {
    // Effects, then the queue, then the effects again: an effect that ended had dispatched
    // its last action before, so the queue read after covers that action; and when no effect
    // started or ended between the two looks, both held when the queue was read.
    guard let generation = engine.effects.generationIfNone(from: 0) else { return false }
    guard engine.inner.withLock({ !$0.isBusy }) else { return false }
    return engine.effects.generationIfNone(from: 0) == generation
  }

  /// Calls `body` once the store is idle: no action reduced, notified or queued and, when
  /// `includingEffects`, no effect running.
  ///
  /// When the store is idle already, `body` runs at once, on the calling thread. Otherwise it
  /// runs on the thread that empties the queue (after the last action's subscribers and
  /// completion ran) or that ends the last effect. If a reducer never calls `finish`, or an
  /// effect never returns (a loop that ignores cancellation), `body` is never called; the
  /// first case is reported as ``StoreDiagnostic/Kind/reducerDidNotFinish``.
  ///
  /// Pass `includingEffects: false` for a store that runs an effect for as long as a screen is
  /// shown (a timer, a live feed), to learn when its queue alone is empty.
  ///
  /// - Parameters:
  ///   - includingEffects: Whether to wait for the store's effects as well.
  ///   - body: Called once.
  public final func whenIdle(
    includingEffects: Bool = true, _ body: @escaping @Sendable () -> Void
  ) {
    if includingEffects {
      engine.whenIdle(includingEffectsFrom: 0, body)
    } else {
      engine.whenIdle(body)
    }
  }

  /// Suspends until the store is idle (see ``whenIdle(includingEffects:_:)``), or throws once
  /// `timeout` has passed or the calling task is cancelled.
  ///
  /// Wait after dispatching to a reducer that finishes later, or after starting an effect,
  /// before reading the state:
  ///
  /// ```swift
  /// store.dispatch(loadProfile)
  /// try await store.waitUntilIdle()
  /// ```
  ///
  /// By default the wait includes the store's effects, since the code that waits usually
  /// checks what the work it started did; pass `includingEffects: false` when an effect runs
  /// on purpose for as long as the store does (a timer).
  ///
  /// Cancelling the calling task ends the wait at once with `CancellationError`: the task
  /// resumes, and the store keeps only a small callback that it releases the next time it is
  /// idle, or when it is freed.
  ///
  /// The default timeout is long enough for a loaded CI machine and short enough that a store
  /// that never goes idle fails a test within a minute.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait at most.
  ///   - includingEffects: Whether to wait for the store's effects as well.
  /// - Throws: ``IdleWaitError`` of kind ``IdleWaitError/Kind/timedOut`` when the store was
  ///   still busy after `timeout` (its message names the effects still running then);
  ///   `CancellationError` when the calling task was cancelled first.
  public final func waitUntilIdle(
    timeout: Duration = .seconds(30), includingEffects: Bool = true
  ) async throws {
    let idle = OneShot<Void>()
    let running = EffectsAtExpiry(self)
    whenIdle(includingEffects: includingEffects) { [weak idle] in idle?.fulfill(()) }
    guard await idle.value(within: timeout, atExpiry: running.record) != nil else {
      try Task.checkCancellation()
      throw IdleWaitError(
        timedOutIn: name, after: timeout,
        running: includingEffects ? running.effects ?? [] : [], blockedMainThread: false)
    }
  }

  /// Blocks the calling thread until the store is idle (see
  /// ``whenIdle(includingEffects:_:)``), or throws once `timeout` has passed; the form for
  /// code that cannot suspend, such as an XCTest method that is not `async`.
  ///
  /// It waits like the `async` form. Called on the thread that runs this store's queue (from
  /// its reducer, a middleware, a subscriber or a completion), it could never end, since the
  /// store cannot go idle before that call returns: it throws at once instead. A reducer that
  /// finishes on the thread this wait blocks (the main queue, for a wait on the main thread)
  /// cannot finish before the timeout; a wait on the main thread that times out says so. From
  /// `async` code (an effect's work, an `async` test) this form does not compile: the `async`
  /// form suspends instead of holding a thread of the cooperative pool.
  ///
  /// - Parameters:
  ///   - timeout: How long to block at most.
  ///   - includingEffects: Whether to wait for the store's effects as well.
  /// - Throws: ``IdleWaitError``: ``IdleWaitError/Kind/timedOut`` when the store was still
  ///   busy after `timeout`, ``IdleWaitError/Kind/calledFromInsideStore`` at once when called
  ///   on the thread that runs this store's queue.
  @available(*, noasync, message: "use the async waitUntilIdle, which suspends instead")
  public final func waitUntilIdle(
    timeout: Duration = .seconds(30), includingEffects: Bool = true
  ) throws {
    let thread = _currentThreadID()
    let insideStore = engine.inner.withLock { core in
      core.isBusy && (core.drainThread == thread || core.reducerThread == thread)
    }
    guard !insideStore else { throw IdleWaitError(calledInside: name) }
    let idle = OneShot<Void>()
    whenIdle(includingEffects: includingEffects) { [weak idle] in idle?.fulfill(()) }
    guard idle.value(within: timeout) != nil else {
      throw IdleWaitError(
        timedOutIn: name, after: timeout, running: includingEffects ? runningEffects : [],
        blockedMainThread: isOnMainQueue())
    }
  }
}
