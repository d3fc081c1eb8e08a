import Dispatch

/// The reducer-timeout watchdog: one pending timer per store, looking at the turn in flight
/// while the store is busy (see `_Watchdog`).
extension _StoreEngine {
  /// The time between two looks of the watchdog: a quarter of the timeout (see `_Watchdog`).
  var watchdogPeriodNanoseconds: UInt64 {
    let (seconds, attoseconds) = reducerTimeout.components
    let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !nanoseconds.overflow else { return UInt64.max / 8 }
    let timeout = UInt64(clamping: nanoseconds.partialValue + attoseconds / 1_000_000_000)
    return max(1, timeout / UInt64(_Watchdog<State>.looksToOverdue - 1))
  }

  /// Lets the watchdog watch this engine's turns until the store goes away (`shutDown`).
  ///
  /// The timer holds the engine through a target that the store's `shutDown` empties and whose
  /// timer it cancels, so the timer never keeps the store or its machinery alive, and goes
  /// with the store. (A weak reference to the engine would move its reference count to a
  /// side table, which the engine's own documentation explains.)
  @usableFromInline
  func watchTurns() {
    guard reducerTimeout > .zero else { return }
    let period = watchdogPeriodNanoseconds
    let target = WatchdogTarget(self)
    watchdogTarget = target
    // One timer per store, set again at each arming and cancelled when the store goes (see
    // `DeadlineTimer`): a store that closes with its screen takes its timer with it.
    let arm: @Sendable () -> Void = {
      target.arm(at: DispatchTime.now().uptimeNanoseconds &+ period)
    }
    inner.withLock { core in core.watchdog.arm = arm }
  }

  func watchdogFired() {
    let (verdict, queued) = inner.withLock { core in
      let verdict = core.watchdog.look(
        turn: core.turnSerial, inFlight: core.turnInFlight, actionType: core.reducingType,
        readersWaiting: core.lending.readersWaiting)
      if case .rearm = verdict { core.watchdog.arm?() }
      return (verdict, core.queue.count + core.sideQueue.withLock { $0.count })
    }
    switch verdict {
    case .idle, .rearm:
      break
    case .overdue(let actionType, let stage, let readersWaiting):
      let who = stage.map { "child reducer '\($0)'" } ?? "the reducer"
      let readers =
        readersWaiting == 0
        ? ""
        : " \(readersWaiting) read(s) of the state on other threads are waiting for the "
          + "state lent to this reducer: a reducer that waits for one of them never finishes."
      report(
        .reducerDidNotFinish, actionType: actionType,
        "\(who) has not called finish after \(reducerTimeout); "
          + (queued == 0 ? "no later action is" : "\(queued) later action(s) are")
          + " waiting." + readers
          + " Make sure every path through the reducer calls finish exactly once.")
    }
  }
}

/// The engine as the watchdog's timer reaches it, until the store goes away, and that timer.
final class WatchdogTarget<State: StateProtocol>: Sendable {
  private struct Held {
    var engine: _StoreEngine<State>?
    /// Made at the first arming: a store that never runs an action has no timer.
    var timer: DeadlineTimer?
  }

  private let held: _Locked<Held>

  init(_ engine: _StoreEngine<State>) {
    held = _Locked(Held(engine: engine))
  }

  /// The engine, retained for the caller, or `nil` once the store is gone.
  var engine: _StoreEngine<State>? { held.withLock { $0.engine } }

  /// Has the timer look at the engine at `deadline` (uptime nanoseconds), in place of any
  /// look set before; nothing once the store is gone.
  func arm(at deadline: UInt64) {
    held.withLock { held in
      guard held.engine != nil else { return }
      if held.timer == nil {
        held.timer = DeadlineTimer { [weak self] in self?.engine?.watchdogFired() }
      }
      held.timer?.fire(at: DispatchTime(uptimeNanoseconds: deadline))
    }
  }

  /// Lets the engine go and cancels the timer: the store is gone.
  func detach() {
    let (engine, timer) = held.withLock { ($0.engine.take(), $0.timer.take()) }
    timer?.cancel()
    _ = consume engine  // released outside the lock
  }
}
