import CSReduxKit
import Dispatch
import Testing

/// The state of a small feature module, for tests of several stores together.
package struct Module: StateProtocol, Equatable {
  /// The module's own value.
  package var value = 0
  /// A copy of another module's value, kept by a follow.
  package var mirror = 0
  /// Changed by ``ModuleAction/note`` only: a part no follow selects.
  package var note = ""

  package init(value: Int = 0, mirror: Int = 0, note: String = "") {
    self.value = value
    self.mirror = mirror
    self.note = note
  }
}

package enum ModuleAction: Int, CaseIterable {
  /// Adds the `Int` payload (or 1) to `value`.
  case add = 10
  /// Sets `value` to the `Int` payload.
  case setValue = 11
  /// Sets `mirror` to the `Int` payload.
  case setMirror = 12
  /// Sets `note` to the `String` payload.
  case note = 13
  /// Back to the initial state.
  case reset = 14
}

/// The module's reducer; `finishOn` makes it finish later on that queue.
package func moduleReducer(finishOn queue: DispatchQueue? = nil) -> Reducer<Module> {
  Reducer { action, state, finish in
    var state = state
    switch ModuleAction(rawValue: action.type) {
    case .add: state.value += (action.data as? Int) ?? 1
    case .setValue: state.value = (action.data as? Int) ?? state.value
    case .setMirror: state.mirror = (action.data as? Int) ?? state.mirror
    case .note: state.note = (action.data as? String) ?? state.note
    case .reset: state = Module()
    case nil: break
    }
    if let queue {
      queue.async { [state] in finish(state) }
    } else {
      finish(state)
    }
  }
}

/// A module store named `name`.
package func moduleStore(
  _ name: String, finishOn queue: DispatchQueue? = nil,
  diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void = { _ in }
) -> Store<Module> {
  Store(
    state: Module(), reducer: moduleReducer(finishOn: queue), name: name,
    actions: ActionTypes(ModuleAction.self), diagnostics: diagnostics)
}

/// A latch an async test can await with a deadline, so a broken implementation fails instead
/// of hanging. The deadline is a bound, never a way to wait for work.
package final class AsyncLatch: Sendable {
  private struct Core {
    package var remaining: Int
    package var isOpen = false
    package var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    package var nextID = 0
  }

  private let core: Locked<Core>

  package init(count: Int = 1) { core = Locked(Core(remaining: count)) }

  /// Counts down; the latch opens when the count reaches zero.
  package func open() {
    let waiters = core.withLock { core -> [CheckedContinuation<Bool, Never>] in
      core.remaining -= 1
      guard core.remaining == 0 else { return [] }
      core.isOpen = true
      defer { core.waiters.removeAll() }
      return Array(core.waiters.values)
    }
    for waiter in waiters { waiter.resume(returning: true) }
  }

  package var isOpen: Bool { core.withLock { $0.isOpen } }

  /// Returns `true` once the latch is open, `false` (and records an issue) after `seconds`.
  @discardableResult
  package func wait(seconds: Double = hangBound, sourceLocation: SourceLocation = #_sourceLocation)
    async
    -> Bool
  {
    let opened = await withCheckedContinuation { continuation in
      let id = core.withLock { core -> Int? in
        if core.isOpen { return nil }
        core.nextID += 1
        core.waiters[core.nextID] = continuation
        return core.nextID
      }
      guard let id else {
        continuation.resume(returning: true)
        return
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [core] in
        // Resume only if `open()` has not taken the continuation yet.
        let timedOut = core.withLock { $0.waiters.removeValue(forKey: id) }
        timedOut?.resume(returning: false)
      }
    }
    #expect(opened, "latch not opened within \(seconds) s", sourceLocation: sourceLocation)
    return opened
  }
}

/// Runs `body` on `count` threads (see `onThreads`) and suspends until they finish, with a
/// deadline, so a deadlock fails the test instead of hanging it; blocks no pool thread.
@discardableResult
package func onThreadsBounded(
  _ count: Int, seconds: Double = hangBound, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable (Int) -> Void
) async -> Bool {
  let finished = await onThreads(count, deadline: seconds, body)
  #expect(finished, "threads not finished within \(seconds) s", sourceLocation: sourceLocation)
  return finished
}

/// Collects the first `count` elements of `sequence`, giving up after `seconds` (the consuming
/// task is cancelled, which ends the iteration), so a sequence that stalls fails the test.
package func collect<S: AsyncSequence & Sendable>(
  _ count: Int, from sequence: S, seconds: Double = hangBound
) async -> [S.Element] where S.Element: Sendable {
  let task = Task {
    var elements: [S.Element] = []
    do {
      for try await element in sequence {
        elements.append(element)
        if elements.count == count { break }
      }
    } catch {}
    return elements
  }
  DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { task.cancel() }
  return await task.value
}
