import CSReduxKit

extension Store {
  /// Waits up to `timeout` for the store's effects to return, and throws, naming each, if some
  /// are still running: the way a test requires that it leaves nothing running.
  ///
  /// ```swift
  /// store.dispatch(loadProfile)
  /// try await store.expectNoRunningEffects()
  /// #expect(store.state.profile != nil)
  /// ```
  ///
  /// It waits like `waitUntilIdle()`: until the store is idle and no effect (the work of
  /// a `Thunk.effect`, cancelled or not) has work that has not returned. Pass a `timeout` of
  /// zero to check without waiting. The error lists each effect still running with its
  /// identity and the thunk that started it, where it was created:
  ///
  /// ```text
  /// SearchTests.swift:31: 1 effect still running in the store 'Search' after 5.0 seconds: effect SearchID() started by Thunk(id: SearchID(), cancelInFlight, SearchFeature.swift:12)
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long the effects may take to return.
  ///   - fileID: The caller's file, for the error; leave the default.
  ///   - filePath: The caller's file path, for the error; leave the default.
  ///   - line: The caller's line, for the error; leave the default.
  ///   - column: The caller's column, for the error; leave the default.
  /// - Throws: ``StoreExpectationError`` of kind
  ///   ``StoreExpectationError/Kind/effectsStillRunning`` when an effect still runs after
  ///   `timeout`, or ``StoreExpectationError/Kind/timedOut`` when the effects returned but an
  ///   action has not finished.
  public final func expectNoRunningEffects(
    timeout: Duration = .seconds(5), fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws {
    let done = OneShot<Void>()
    let running = EffectsAtExpiry(self)
    whenIdle(includingEffects: true) { done.fulfill(()) }
    guard await done.value(within: timeout, atExpiry: running.record) != nil else {
      throw _stillRunning(
        timeout, at: CallSite(fileID, filePath, line, column), running: running.effects)
    }
  }

  /// Blocks the calling thread up to `timeout` for the store's effects to return, and throws,
  /// naming each, if some are still running; the form for synchronous tests.
  ///
  /// It works like the `async` form; see ``expectNoRunningEffects(timeout:fileID:filePath:line:column:)-3a8w0``.
  /// The calling thread is blocked while it waits: never call it from an `async` context.
  ///
  /// - Parameters:
  ///   - timeout: How long the effects may take to return.
  ///   - fileID: The caller's file, for the error; leave the default.
  ///   - filePath: The caller's file path, for the error; leave the default.
  ///   - line: The caller's line, for the error; leave the default.
  ///   - column: The caller's column, for the error; leave the default.
  /// - Throws: ``StoreExpectationError`` of kind
  ///   ``StoreExpectationError/Kind/effectsStillRunning`` or
  ///   ``StoreExpectationError/Kind/timedOut``.
  @available(*, noasync, message: "use the async form, which suspends instead")
  public final func expectNoRunningEffects(
    timeout: Duration = .seconds(5), fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws {
    let done = OneShot<Void>()
    whenIdle(includingEffects: true) { done.fulfill(()) }
    guard done.value(within: timeout) != nil else {
      throw _stillRunning(timeout, at: CallSite(fileID, filePath, line, column))
    }
  }

  func _stillRunning(
    _ timeout: Duration, at: CallSite, running: [RunningEffect]? = nil
  ) -> StoreExpectationError {
    let running = running ?? runningEffects
    guard !running.isEmpty else {
      return at.error(
        .timedOut,
        "the effects of the store '\(name)' returned, but the store did not go idle within "
          + "\(timeout): a reducer has not called finish, or actions keep coming")
    }
    let count = running.count == 1 ? "1 effect" : "\(running.count) effects"
    return at.error(
      .effectsStillRunning,
      "\(count) still running in the store '\(name)' after \(timeout): "
        + running.map(\.description).joined(separator: "; "))
  }
}
