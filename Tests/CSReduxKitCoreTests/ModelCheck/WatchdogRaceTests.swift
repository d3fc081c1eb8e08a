import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Foundation
import Testing

/// A window the model check hit (seeds 1926 plain under load, 1881 and 1012 under TSan): the
/// reducer of an asynchronous action A publishes `awaiting` before `awaitFinish` takes the
/// store's lock. If another thread finishes A in that gap, drains the queue and parks a slow
/// action S (whose own `awaitFinish` arms the timer), a late `awaitFinish(A)` that pointed the
/// watchdog back at A's finished box would make the timer stop without reporting S, and a store
/// whose reducer relies on the report would wait forever. `awaitFinish` therefore watches only a
/// box that is still awaiting; the targeted loop below exercises the window.
@Suite("ModelBased: watchdog race (regression for a model-check finding)", .serialized)
struct ModelBasedWatchdogRaceTests {
  @Test("a slow reducer right after an asynchronous one is always reported as not finished")
  func slowAfterAsyncIsReported() async {
    let run = await stressRun { Self.countUnreportedSlowActions() }
    #expect(run.drained, "the store did not drain")
    #expect(run.misses == 0)
    #expect(run.extraReports == 0, "one report per slow action, no more")
  }

  /// What the targeted loop saw.
  struct Run {
    /// Slow actions reported, finished and drained.
    var completed = 0
    /// Slow actions that were never reported while they waited: the watchdog lost them.
    var misses = 0
    /// Reports beyond the first for a slow action, or with no slow action waiting.
    var extraReports = 0
    var drained = true
  }

  /// Runs the targeted loop; stops at the first slow action that is never reported.
  ///
  /// A lost action is one the watchdog will never report, however long it waits; a late report
  /// is only a loaded machine (the timer needs a free dispatch worker thread and the store's
  /// lock, which three busy threads below contend for). So the wait for each report is the hang
  /// bound, not the timeout: a fixed deadline of a few seconds fails a healthy store when the
  /// machine is busy, and would not tell a lost action from a slow one. How many reports came
  /// late is printed, never asserted.
  static func countUnreportedSlowActions() -> Run {
    var run = Run()
    let iterations = Int(ModelBasedTests.environment("WATCHDOG_RACE_ITERATIONS") ?? 1_000)
    // The waiting slow action's `finish`, and which round of the loop it belongs to: a report
    // counts for the round whose action waits when it arrives.
    let parked = Locked<(round: Int, finish: Finish<ModelState>)?>(nil)
    let round = Locked(0)
    let reportsPerRound = Locked<[Int?: Int]>([:])
    let reports = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    let queue = DispatchQueue(label: "watchdog-race", attributes: .concurrent)
    let store = Store(
      state: ModelState(),
      reducer: Reducer<ModelState> { action, state, finish in
        if action.type == Program.slowType {
          parked.withLock { $0 = (round.current, finish) }
          started.signal()
        } else if action.type == 1 {
          queue.async { finish(state) }
        } else {
          finish(state)
        }
      },
      reducerTimeout: .milliseconds(1),
      diagnostics: { diagnostic in
        if diagnostic.kind == .reducerDidNotFinish, diagnostic.actionType == Program.slowType {
          // The watchdog counts from the start of the turn, so on a loaded machine the report
          // may come before the slow reducer has parked its `finish`: the round, not the
          // parked action, says whose report it is. The loop starts a round only after the
          // previous slow action was reported and finished, and each turn is reported once.
          let waiting: Int? = round.current
          let first = reportsPerRound.withLock { counts in
            counts[waiting, default: 0] += 1
            return counts[waiting] == 1 && waiting != nil
          }
          if first { reports.signal() }
        }
      })
    // Busy threads make it likelier that the reducer's thread is preempted in the gap.
    let stop = Locked(false)
    let load = DispatchGroup()
    for _ in 0..<3 {
      load.enter()
      Thread { [weak store] in
        runAtLowerPriority()  // not inherited on Apple platforms
        while !stop.current { _ = store?.isIdle }
        load.leave()
      }.start()
    }
    var late = 0
    var slowest: UInt64 = 0
    for index in 0..<iterations {
      round.withLock { $0 = index }
      store.dispatch(Action(type: 1))
      store.dispatch(Action(type: Program.slowType))
      guard started.wait(timeout: .now() + hangBound) == .success else {
        run.drained = false
        break
      }
      let waitStarted = DispatchTime.now().uptimeNanoseconds
      guard reports.wait(timeout: .now() + hangBound) == .success else {
        run.misses += 1
        break
      }
      let waited = DispatchTime.now().uptimeNanoseconds - waitStarted
      slowest = max(slowest, waited)
      if waited > 2_000_000_000 { late += 1 }
      let finish = parked.withLock { parked in
        defer { parked = nil }
        return parked?.finish
      }
      finish?(store.state)
      let drained = DispatchSemaphore(value: 0)
      store.dispatch(Action(type: 2)) { _ in drained.signal() }
      guard drained.wait(timeout: .now() + hangBound) == .success else {
        run.drained = false
        break
      }
      run.completed += 1
    }
    stop.withLock { $0 = true }
    load.wait()
    // A correct store reports each slow action once, while it waits (the loop finishes it only
    // after the report): any other report is extra. One delivered after its action was
    // finished may count for a later round or go unseen, so this check can miss an extra
    // report, never fail a correct store.
    run.extraReports = reportsPerRound.withLock { counts in
      counts.reduce(0) { sum, entry in sum + (entry.key == nil ? entry.value : entry.value - 1) }
    }
    print(
      "WatchdogRace: \(run.misses) of \(iterations) slow actions never reported; "
        + "\(late) reported after more than 2 s, the slowest after \(slowest / 1_000_000) ms")
    return run
  }

  /// The store made a box spare through isKnownUniquelyReferenced after a late second finish
  /// read its action type on another thread: no happens-before, so TSan reported a race between
  /// `_FinishBox.begin` and `_FinishBox.finish`. Fixed: the action type is an atomic word.
  @Test("a finish box reused after a late second finish is not raced (run under TSan)")
  func lateSecondFinishAndBoxReuse() async {
    let queue = DispatchQueue(label: "late-second-finish", attributes: .concurrent)
    let log = DiagnosticLog()
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { _, state, finish in
        finish(state)
        queue.async { finish(state) }  // the second call reads the box on another thread
      }, diagnostics: log.handler)
    let reported = log.latch(for: .finishCalledTwice, count: 2_000)
    for _ in 0..<2_000 { store.dispatch(Action(type: 1)) }
    await reported.wait()
    #expect(log.kinds.count == 2_000)
  }
}
