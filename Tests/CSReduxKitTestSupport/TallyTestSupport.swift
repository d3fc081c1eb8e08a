import CSReduxKit
import CSReduxKitTesting
import Dispatch
import Foundation
import Testing

/// The state most tests use: a number and a list of notes.
package struct Tally: StateProtocol, Equatable {
  package var value = 0
  package var notes: [String] = []

  package init(value: Int = 0, notes: [String] = []) {
    self.value = value
    self.notes = notes
  }
}

package enum TallyAction: Int, CaseIterable {
  /// Adds the `Int` payload; a payload of another type is rejected.
  case add = 1
  /// Appends the `String` payload to the notes.
  case note = 2
  /// Always rejected.
  case fail = 3
}

package struct TallyError: Error, CustomStringConvertible {
  package init() {}

  package var description: String { "tally refused" }
}

/// Applies `TallyAction`s in place.
package let tallyReducer = InPlaceReducer<Tally> { action, state in
  switch TallyAction(rawValue: action.type) {
  case .add: state.value += try action.payload(as: Int.self)
  case .note: state.notes.append(try action.payload(as: String.self))
  case .fail: throw TallyError()
  case nil: break
  }
}

/// The tally reducer, finishing later on a background queue.
package let asyncTallyReducer = Reducer<Tally> { action, state, finish in
  DispatchQueue.global().async {
    tallyReducer.execute(action: action, state: state, finish: finish)
  }
}

/// A store whose reducer finishes asynchronously; its diagnostics (rejections) are dropped.
package func asyncTallyStore() -> Store<Tally> {
  Store(state: Tally(), reducer: asyncTallyReducer, name: "AsyncTally", diagnostics: { _ in })
}

/// A reducer that holds every action (its `finish` callback parked) until ``release()``, for
/// the timeout tests; afterwards it applies actions like the tally reducer.
package final class Parking: Sendable {
  package init() {}

  private let parked = Locked<(holding: Bool, finishes: [@Sendable () -> Void])>((true, []))

  package var reducer: Reducer<Tally> {
    Reducer { [parked] action, state, finish in
      let held = parked.withLock { parked -> Bool in
        guard parked.holding else { return false }
        parked.finishes.append {
          tallyReducer.execute(action: action, state: state, finish: finish)
        }
        return true
      }
      if !held { tallyReducer.execute(action: action, state: state, finish: finish) }
    }
  }

  /// A store on the parking reducer, with the reducer-timeout report turned off.
  package func store() -> Store<Tally> {
    Store(
      state: Tally(), reducer: reducer, name: "Stuck", reducerTimeout: .zero,
      diagnostics: { _ in })
  }

  /// Finishes the parked actions and stops holding new ones.
  package func release() {
    let finishes = parked.withLock { parked in
      parked.holding = false
      defer { parked.finishes = [] }
      return parked.finishes
    }
    for finish in finishes { finish() }
  }
}

/// The `StoreExpectationError` that `body` throws; records an issue when it throws nothing or
/// something else.
package func expectationError(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> StoreExpectationError? {
  do {
    try await body()
    Issue.record(
      "expected a StoreExpectationError, nothing was thrown", sourceLocation: sourceLocation)
  } catch let error as StoreExpectationError {
    return error
  } catch {
    Issue.record("expected a StoreExpectationError, got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}

/// The `IdleWaitError` that `body` (a `waitUntilIdle`) throws; records an issue when it throws
/// nothing or something else.
package func idleWaitError(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> IdleWaitError? {
  do {
    try await body()
    Issue.record("expected an IdleWaitError, nothing was thrown", sourceLocation: sourceLocation)
  } catch let error as IdleWaitError {
    return error
  } catch {
    Issue.record("expected an IdleWaitError, got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}

/// The `IdleWaitError` that a synchronous `body` (the blocking `waitUntilIdle`) throws.
package func idleWaitError(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> IdleWaitError? {
  do {
    try body()
    Issue.record("expected an IdleWaitError, nothing was thrown", sourceLocation: sourceLocation)
  } catch let error as IdleWaitError {
    return error
  } catch {
    Issue.record("expected an IdleWaitError, got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}

/// A tally store whose reducer finishes on the main queue.
package func mainQueueStore() -> Store<Tally> {
  Store(
    state: Tally(),
    reducer: Reducer { action, state, finish in
      DispatchQueue.main.async {
        tallyReducer.execute(action: action, state: state, finish: finish)
      }
    }, name: "MainQueue", diagnostics: { _ in })
}

/// Runs `body` on a thread of its own and suspends until it returns or throws: how a test calls
/// a blocking form (`waitUntilIdle()` without `await`, …) without blocking a thread of
/// the cooperative pool. Swift Testing runs every test on that pool, one thread per core; a
/// test that blocks one stalls the other tests' tasks.
@discardableResult @_disfavoredOverload
package func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await offThePool { Result { try body() } }.get()
}

/// The `StoreExpectationError` that a synchronous `body` throws.
package func expectationError(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> StoreExpectationError? {
  do {
    try body()
    Issue.record(
      "expected a StoreExpectationError, nothing was thrown", sourceLocation: sourceLocation)
  } catch let error as StoreExpectationError {
    return error
  } catch {
    Issue.record("expected a StoreExpectationError, got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}

/// Runs `body` and returns the messages of the issues it recorded, which do not fail the test:
/// for tests of what a `TestStore` reports. An empty result means `body` recorded nothing.
package func recordedIssues(_ body: () async -> Void) async -> [String] {
  let messages = Locked<[String]>([])
  await withKnownIssue(isIntermittent: true) {
    await body()
  } matching: { issue in
    messages.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
    return true
  }
  return messages.current
}
