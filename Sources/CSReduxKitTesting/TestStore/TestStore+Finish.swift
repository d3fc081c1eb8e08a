import CSReduxKit

extension TestStore {
  /// Ends an exhaustive test: waits for the effects started since the test store was made,
  /// then fails on each that still runs and on each committed action no step received.
  ///
  /// ```swift
  /// await test.finish()
  /// ```
  ///
  /// The failure names each action as the store names it, and each effect with its identity
  /// and where it was started:
  ///
  /// ```text
  /// 1 received action not asserted with receive:
  ///   action 2 (loaded) with payload ["Tea"]
  /// ```
  ///
  /// With ``Exhaustivity/off`` it waits for the store's queue alone and fails on nothing
  /// left over. Call it once, at the end of the test.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for the effects; ``timeout`` when `nil`.
  ///   - isolation: The caller's actor, which the step runs on; leave the default.
  ///   - fileID: The caller's file, for failures; leave the default.
  ///   - filePath: The caller's file path, for failures; leave the default.
  ///   - line: The caller's line, for failures; leave the default.
  ///   - column: The caller's column, for failures; leave the default.
  public func finish(
    timeout: Duration? = nil, isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID, filePath, line, column)
    let timeout = timeout ?? self.timeout
    defer { markFinished() }
    guard exhaustivity == .on else {
      if !(await queueIsEmpty(within: timeout)) {
        site.error(
          .timedOut, "the store '\(store.name)' did not go idle within \(timeout)"
        ).record()
      }
      return
    }
    let idle = OneShot<Void>()
    store.whenIdle(includingEffectsFrom: effectMark) { idle.fulfill(()) }
    let isIdle = await idle.value(within: timeout) != nil
    let running = isIdle ? [] : runningSinceMark
    if !running.isEmpty {
      site.error(
        .effectsStillRunning,
        "after \(timeout), " + stillRunning(running)
          + "\n(cancel them in the test, or let them return)"
      ).record()
    } else if !isIdle {
      site.error(
        .timedOut,
        "the store '\(store.name)' did not go idle within \(timeout): a reducer has not "
          + "called finish, or actions keep coming"
      ).record()
    }
    let unreceived = log.unasserted
    if !unreceived.isEmpty {
      site.error(.unexpectedActions, notReceived(unreceived)).record()
      log.assertAll(before: log.count)
    }
  }
}
