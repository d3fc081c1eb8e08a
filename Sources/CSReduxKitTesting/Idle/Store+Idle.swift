import CSReduxKit
import Foundation

extension Store {
  /// Suspends until the store is idle and no effect is running, or throws once `timeout` has
  /// passed.
  ///
  /// The core `waitUntilIdle()` waits for ever; a test should not. Use this after
  /// dispatching to a reducer that finishes later, or after starting an effect (an `async`
  /// `Thunk`), before reading the state:
  ///
  /// ```swift
  /// store.dispatch(Action(CounterAction.add, data: 2))
  /// try await store.waitUntilIdle(timeout: .seconds(5))
  /// #expect(store.state.value == 2)
  /// ```
  ///
  /// Idle means no action reduced, notified or queued, at one moment; see
  /// `whenIdle(_:)`. Unlike the core `waitUntilIdle()`, this also waits for the store's
  /// effects by default, since a test checks what the work it started did; pass
  /// `includingEffects: false` when the test leaves an effect running on purpose (a timer).
  /// Cancelling the calling task ends the wait like a timeout.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait.
  ///   - includingEffects: Whether to wait for the store's effects as well.
  ///   - fileID: The caller's file, for the error; leave the default.
  ///   - filePath: The caller's file path, for the error; leave the default.
  ///   - line: The caller's line, for the error; leave the default.
  ///   - column: The caller's column, for the error; leave the default.
  /// - Throws: ``StoreExpectationError`` of kind ``StoreExpectationError/Kind/timedOut`` when
  ///   the store was still busy after `timeout`; its message names the effects still running.
  public final func waitUntilIdle(
    timeout: Duration, includingEffects: Bool = true, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    let idle = OneShot<Void>()
    let running = EffectsAtExpiry(self)
    whenIdle(includingEffects: includingEffects) { idle.fulfill(()) }
    guard await idle.value(within: timeout, atExpiry: running.record) != nil else {
      throw _notIdle(
        timeout, running: running.effects, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
  }

  /// Blocks the calling thread until the store is idle and no effect is running, or throws
  /// once `timeout` has passed; the form for synchronous tests, such as XCTest methods that
  /// are not `async`.
  ///
  /// It waits like the `async` form. The calling thread is blocked while it waits, so a
  /// reducer that finishes on that thread (on the main queue, for a test running on the main
  /// thread) cannot finish until the wait times out: use the `async` form there. A wait on the
  /// main thread that times out says so, naming the blocked main thread as the likely cause.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait.
  ///   - includingEffects: Whether to wait for the store's effects as well.
  ///   - fileID: The caller's file, for the error; leave the default.
  ///   - filePath: The caller's file path, for the error; leave the default.
  ///   - line: The caller's line, for the error; leave the default.
  ///   - column: The caller's column, for the error; leave the default.
  /// - Throws: ``StoreExpectationError`` of kind ``StoreExpectationError/Kind/timedOut`` when
  ///   the store was still busy after `timeout`; its message names the effects still running.
  public final func waitUntilIdle(
    timeout: Duration, includingEffects: Bool = true, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws {
    let idle = OneShot<Void>()
    whenIdle(includingEffects: includingEffects) { idle.fulfill(()) }
    guard idle.value(within: timeout) != nil else {
      guard Thread.isMainThread || isOnMainQueue() else {
        throw _notIdle(timeout, fileID: fileID, filePath: filePath, line: line, column: column)
      }
      // The wait held the main thread: work queued on the main queue (a reducer that
      // finishes there) could not run, which is the likely cause, so the message says so.
      throw StoreExpectationError(
        .timedOut,
        "the store '\(name)' did not go idle within \(timeout) while this wait blocked the "
          + "main thread: a reducer that finishes on the main queue (DispatchQueue.main or "
          + "the main actor) cannot run until the wait returns. Use the async "
          + "waitUntilIdle(timeout:) there, or call this from another thread",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  func _notIdle(
    _ timeout: Duration, running: [RunningEffect]? = nil, fileID: String,
    filePath: StaticString, line: UInt, column: UInt
  ) -> StoreExpectationError {
    StoreExpectationError(
      .timedOut,
      "the store '\(name)' did not go idle within \(timeout): a reducer has not called "
        + "finish, or actions keep coming" + _effectsStillRunning(running),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// `, or an effect has not returned; effects still running: …` naming each, or nothing
  /// when none runs; `running` is what ran when the wait expired (`nil`: read them now).
  func _effectsStillRunning(_ running: [RunningEffect]? = nil) -> String {
    let running = running ?? runningEffects
    guard !running.isEmpty else { return "" }
    return ", or an effect has not returned; effects still running: "
      + running.map(\.description).joined(separator: "; ")
  }
}
