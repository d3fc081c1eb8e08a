import CSReduxKit
import CSReduxKitCore
import Dispatch
import Foundation
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// The counter state most tests use.
package struct Counter: StateProtocol, Equatable {
  package var value = 0
  /// Every action's type, in the order the reducer applied them.
  package var applied: [Int] = []

  package init(value: Int = 0, applied: [Int] = []) {
    self.value = value
    self.applied = applied
  }
}

package enum CounterAction: Int, CaseIterable {
  case increment = 1
  case add = 2
  case reset = 3
}

/// Adds the action's `Int` payload (or 1) and records the action type.
package func counterReducer() -> Reducer<Counter> {
  Reducer { action, state, finish in
    var state = state
    state.value += (action.data as? Int) ?? 1
    state.applied.append(action.type)
    finish(state)
  }
}

/// Adds the action's `Int` payload (or 1) without recording anything: constant cost per action.
package func valueOnlyReducer() -> Reducer<Counter> {
  Reducer { action, state, finish in
    var state = state
    state.value += (action.data as? Int) ?? 1
    finish(state)
  }
}

/// The counter reducer, finishing later on a background queue.
package func asyncCounterReducer(on queue: DispatchQueue = .global()) -> Reducer<Counter> {
  Reducer { action, state, finish in
    queue.async {
      var state = state
      state.value += (action.data as? Int) ?? 1
      state.applied.append(action.type)
      finish(state)
    }
  }
}

/// A value behind the library's lock box, for results gathered on several threads.
package typealias Locked = _Locked

extension _Locked {
  /// A copy of the value.
  package var current: Value { withLock { $0 } }
}

extension _Locked where Value: RangeReplaceableCollection {
  package func append(_ element: Value.Element) { withLock { $0.append(element) } }
}

/// How long a wait may take before the test fails instead of hanging: a bound against hangs
/// only, never a way to wait for work.
///
/// It must outlast the slowest healthy run. A task or continuation an `async` test awaits runs
/// only when a pool thread takes it from the queue, behind every test that started before it;
/// under TSan on a busy 2-core machine (load average 16 and more) that took up to 90 s.
package let hangBound: Double = 300

/// A one-shot latch: `wait` returns once `open` has been called (or fails the test after a
/// generous deadline, so a broken store can never hang the suite).
package final class Latch: @unchecked Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  private let count: Locked<Int>

  package init(count: Int = 1) { self.count = Locked(count) }

  package func open() {
    let reachedZero = count.withLock { value -> Bool in
      value -= 1
      return value == 0
    }
    if reachedZero { semaphore.signal() }
  }

  /// Blocks the calling thread until the latch opens, also in an `async` context: for a test on
  /// the main actor that must hold the main thread on purpose (never on the cooperative pool).
  @discardableResult
  package func waitBlocking(
    seconds: Double = hangBound, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    wait(seconds: seconds, sourceLocation: sourceLocation)
  }

  /// Blocks the calling thread until the latch opens; for code on threads of its own.
  @discardableResult
  package func wait(
    seconds: Double = hangBound, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    let opened = semaphore.wait(timeout: .now() + seconds) == .success
    #expect(opened, "latch not opened within \(seconds) s", sourceLocation: sourceLocation)
    return opened
  }

  /// Suspends until the latch opens, blocking a thread of its own instead of the test's: the
  /// form every test uses (see `offThePool`).
  @discardableResult
  package func wait(
    seconds: Double = hangBound, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Bool {
    let opened = await offThePool { [semaphore] in
      semaphore.wait(timeout: .now() + seconds) == .success
    }
    #expect(opened, "latch not opened within \(seconds) s", sourceLocation: sourceLocation)
    return opened
  }
}

/// The diagnostics of a store whose reducer holds `finish` while the test does other work: on a
/// loaded machine that can outlast the store's 5-second watchdog, whose report is expected
/// there and dropped. Every other report is printed as usual, so it still shows.
package let ignoringReducerTimeouts: StoreDiagnostic.Handler = { diagnostic in
  guard diagnostic.kind != .reducerDidNotFinish else { return }
  StoreDiagnostic.printToStandardError(diagnostic)
}

/// Collects a store's diagnostics.
package final class DiagnosticLog: @unchecked Sendable {
  package init() {}

  package let entries = Locked<[StoreDiagnostic]>([])
  private let waiters: Locked<[(kind: StoreDiagnostic.Kind, count: Int, latch: Latch)]> =
    Locked([])

  package var handler: @Sendable (StoreDiagnostic) -> Void {
    { [self] diagnostic in
      let count = entries.withLock { entries in
        entries.append(diagnostic)
        return entries.filter { $0.kind == diagnostic.kind }.count
      }
      let ready = waiters.withLock { waiting in
        let ready = waiting.filter { $0.kind == diagnostic.kind && $0.count <= count }
        waiting.removeAll { $0.kind == diagnostic.kind && $0.count <= count }
        return ready.map(\.latch)
      }
      for latch in ready { latch.open() }
    }
  }

  package var kinds: [StoreDiagnostic.Kind] { entries.current.map(\.kind) }

  /// A latch that opens once `count` reports of `kind` have been made (at once if they were).
  package func latch(for kind: StoreDiagnostic.Kind, count: Int = 1) -> Latch {
    let latch = Latch()
    let already = waiters.withLock { waiting -> Bool in
      if entries.current.filter({ $0.kind == kind }).count >= count { return true }
      waiting.append((kind, count, latch))
      return false
    }
    if already { latch.open() }
    return latch
  }
}

/// Runs `body` on `count` new threads that start together, at a lower priority (see
/// `runAtLowerPriority`); returns when all have finished, or `false` once `seconds` passed
/// first (a deadlock), leaving the threads running.
@discardableResult
package func onThreadsBlocking(
  _ count: Int, deadline seconds: Double = .infinity, _ body: @escaping @Sendable (Int) -> Void
) -> Bool {
  let start = DispatchSemaphore(value: 0)
  let done = DispatchGroup()
  for index in 0..<count {
    done.enter()
    let thread = Thread {
      runAtLowerPriority()
      start.wait()
      body(index)
      done.leave()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  for _ in 0..<count { start.signal() }
  guard seconds.isFinite else {
    done.wait()
    return true
  }
  return done.wait(timeout: .now() + seconds) == .success
}

/// Runs `onThreadsBlocking` as a stress run (see `stressRun`) and suspends until it returns;
/// the deadline counts from the start of the run.
@discardableResult
package func onThreads(
  _ count: Int, deadline seconds: Double = .infinity, _ body: @escaping @Sendable (Int) -> Void
) async -> Bool {
  await stressRun { onThreadsBlocking(count, deadline: seconds, body) }
}

/// Runs a stress test's `body` on a thread of its own, in one of the `heavyWorkSlots` and at a
/// lower priority, and suspends until it returns.
///
/// Swift Testing starts every test at once. A stress run keeps threads busy for seconds (a
/// minute or more under a sanitizer); at the same priority as the cooperative pool, a few of
/// them leave the hundreds of small tests a sliver of a 2-core machine, and those tests' waits
/// time out although nothing is wrong. At a lower priority the stress threads use what the
/// rest of the suite leaves, and the slots keep their number down.
package func stressRun<T: Sendable>(
  stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> T
) async -> T {
  await offThePool(stackSize: stackSize) {
    heavyWorkSlots.wait()
    defer { heavyWorkSlots.signal() }
    runAtLowerPriority()
    return body()
  }
}

/// Limits the stress runs that go at once to one per core. The slot is taken on the run's own
/// thread, never on the cooperative pool.
package let heavyWorkSlots = DispatchSemaphore(
  value: max(2, ProcessInfo.processInfo.activeProcessorCount))

/// Lowers the calling thread's scheduling priority for the rest of its life.
///
/// On Linux and Android the nice value belongs to the thread (`who` 0 names the calling
/// thread), and the threads it starts inherit it. On Apple platforms the thread's quality of
/// service does the same job, but the threads it starts do not inherit it (and a running
/// `Thread`'s `qualityOfService` cannot be changed): a thread that a stress run starts calls
/// this function itself, as `onThreadsBlocking`'s threads do.
package func runAtLowerPriority() {
  #if canImport(Glibc)
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
  #elseif canImport(Musl) || canImport(Android)
    _ = setpriority(PRIO_PROCESS, 0, 10)
  #elseif canImport(Darwin)
    _ = pthread_set_qos_class_self_np(QOS_CLASS_UTILITY, 0)
  #else
    Thread.current.qualityOfService = .utility
  #endif
}

/// Runs `body` on a thread of its own and suspends until it returns: how a test waits for
/// something it can only wait for by blocking (a semaphore, a latch, threads to finish).
///
/// Swift Testing runs every test, synchronous ones too, on the cooperative thread pool, which
/// has one thread per core (two on a small CI machine). A test that blocks one of them stalls
/// every other test's tasks and continuations, and a wait bounded by a deadline elsewhere then
/// times out: no test blocks a pool thread.
@discardableResult
package func offThePool<T: Sendable>(
  stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> T
) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.stackSize = stackSize
    thread.start()
  }
}

/// An object whose deallocation a test can observe through a weak reference.
package final class Tracked: Sendable {
  package let name: String
  package init(_ name: String = "tracked") { self.name = name }
}
