import CSReduxKit
import CSReduxKitCore
import Dispatch
import Foundation
import Testing

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

  @discardableResult
  package func wait(
    seconds: Double = 30, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    let opened = semaphore.wait(timeout: .now() + seconds) == .success
    #expect(opened, "latch not opened within \(seconds) s", sourceLocation: sourceLocation)
    return opened
  }
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

/// Runs `body` on `count` new threads that start together; returns when all have finished, or
/// `false` once `seconds` passed first (a deadlock), leaving the threads running.
@discardableResult
package func onThreads(
  _ count: Int, deadline seconds: Double = .infinity, _ body: @escaping @Sendable (Int) -> Void
) -> Bool {
  let start = DispatchSemaphore(value: 0)
  let done = DispatchGroup()
  for index in 0..<count {
    done.enter()
    let thread = Thread {
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

/// An object whose deallocation a test can observe through a weak reference.
package final class Tracked: Sendable {
  package let name: String
  package init(_ name: String = "tracked") { self.name = name }
}
