import Dispatch

/// The deliveries on their way to main-actor subscribers, in one FIFO for the whole process.
///
/// A store calls its subscribers for one commit at a time, in commit order, on the committing
/// thread. A main-actor subscription's plain subscriber only appends a delivery here, so the
/// FIFO holds deliveries in commit order whatever the threads. Then:
///
/// - on the main queue (the main actor's executor: the main thread, or the thread serving the
///   main queue after `dispatchMain()`), the FIFO is drained at once, before the subscriber
///   call returns, so the main-actor subscriber has run when a `dispatch` made on the main
///   actor returns, and deliveries from other threads queued before it are made first;
/// - elsewhere, a drain is scheduled on the main queue, at most one at a time.
///
/// Every delivery is popped under the lock, so it is made exactly once, by whichever drain
/// pops it. A drain never runs inside another one: a delivery that dispatches on the main
/// actor appends its own deliveries, and the drain already running makes them next, in
/// order, instead of recursing.
///
/// One FIFO rather than one per store: it needs no room in the store, and deliveries of
/// different stores keep the order in which their commits happened.
final class _MainActorDeliveries: Sendable {
  static let shared = _MainActorDeliveries()

  private struct Core: Sendable {
    var pending = _FIFO<@MainActor @Sendable () -> Void>()
    /// A drain is running on the main queue.
    var isDraining = false
    /// A drain is scheduled on the main queue and has not started.
    var isScheduled = false
  }

  private let core = _Locked(Core())

  /// Queues `delivery` after every delivery queued before it, and has it made: now when the
  /// caller is on the main queue, or soon through it.
  func append(_ delivery: @escaping @MainActor @Sendable () -> Void) {
    let isMain = isOnMainQueue()
    let schedule = core.withLock { core -> Bool in
      core.pending.append(delivery)
      guard !isMain, !core.isScheduled else { return false }
      core.isScheduled = true
      return true
    }
    if isMain {
      unsafeRunOnMainQueueAsMainActor { drain() }
    } else if schedule {
      DispatchQueue.main.async {
        unsafeRunOnMainQueueAsMainActor {
          self.core.withLock { $0.isScheduled = false }
          self.drain()
        }
      }
    }
  }

  /// Makes the pending deliveries in order, unless a drain is running already (this is a
  /// delivery dispatching again): that drain makes them.
  @MainActor
  private func drain() {
    let isOuter = core.withLock { core -> Bool in
      guard !core.isDraining else { return false }
      core.isDraining = true
      return true
    }
    guard isOuter else { return }
    // A drain started on the main queue may run inside a recorded store's round. Each
    // delivery binds the cause it carries; one that carries none must not take that round's.
    if _TraceContext.current != nil {
      _TraceContext.$current.withValue(nil) { deliverPending() }
    } else {
      deliverPending()
    }
  }

  @MainActor
  private func deliverPending() {
    while true {
      let next = core.withLock { core -> (@MainActor @Sendable () -> Void)? in
        guard let delivery = core.pending.popFirst() else {
          core.isDraining = false
          return nil
        }
        return delivery
      }
      guard let next else { return }
      next()
    }
  }
}
