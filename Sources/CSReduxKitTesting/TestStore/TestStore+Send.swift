import CSReduxKit

extension TestStore {
  /// Dispatches `action` and checks that the state committed for it is the state before it
  /// with `changes` applied.
  ///
  /// ```swift
  /// await test.send(Action(CounterAction.add, data: 2)) { $0.count = 2 }
  /// ```
  ///
  /// In order, it:
  /// 1. waits until the store's queue is empty, so that earlier actions cannot mix in;
  /// 2. in exhaustive mode, fails on every action the store committed that no step received
  ///    (with ``Exhaustivity/off``, it skips them);
  /// 3. dispatches `action` and waits for its completion;
  /// 4. compares the state committed for it with the state before it passed through
  ///    `changes`, and fails with the difference, field by field (expected → actual).
  ///
  /// A `Thunk` may be sent: its work runs (or starts, for an effect) and it
  /// changes no state itself, so `changes` must change nothing. The actions it dispatches
  /// are received with `receive`, even those committed before `send` returns. An action that
  /// a middleware dropped, or that the reducer rejected, fails the step and says so.
  ///
  /// - Parameters:
  ///   - action: Any action: an ordinary one, a thunk or an effect.
  ///   - timeout: How long to wait for the store; ``timeout`` when `nil`.
  ///   - isolation: The caller's actor, which the step runs on; leave the default.
  ///   - fileID: The caller's file, for failures; leave the default.
  ///   - filePath: The caller's file path, for failures; leave the default.
  ///   - line: The caller's line, for failures; leave the default.
  ///   - column: The caller's column, for failures; leave the default.
  ///   - changes: Turns a copy of the state before `action` into the state expected after it;
  ///     leave it out when `action` should change nothing.
  public func send(
    _ action: any ActionProtocol, timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ changes: (inout State) throws -> Void = { _ in }
  ) async {
    let site = CallSite(fileID, filePath, line, column)
    let timeout = timeout ?? self.timeout
    let text = actionNames.text(for: action)
    guard await queueIsEmpty(within: timeout) else {
      site.error(
        .timedOut,
        "\(text) was not sent: the store '\(store.name)' was still busy with earlier actions "
          + "after \(timeout) (a reducer has not called finish)"
      ).record()
      return
    }
    let pending = log.assertAll(before: log.count)
    if exhaustivity == .on, !pending.isEmpty {
      site.error(
        .unexpectedActions,
        "before sending \(text), receive the actions that came first: "
          + notReceived(pending)
      ).record()
    }
    let start = log.count
    let done = OneShot<(count: Int, outcome: ActionOutcome)>()
    store.dispatch(action) { [log] _, outcome in
      done.fulfill((log.count, outcome))
    }
    guard let (count, outcome) = await done.value(within: timeout) else {
      site.error(
        .timedOut,
        "\(text) was not committed within \(timeout): its reducer has not called "
          + "finish"
      ).record()
      return
    }
    check(action, text, outcome, start: start, count: count, changes: changes, at: site)
  }

  /// Checks what became of a sent action; the action's own notification is the last one
  /// recorded when its completion ran (`count`), and `start` entries were recorded before it
  /// was dispatched.
  private func check(
    _ action: any ActionProtocol, _ text: String, _ outcome: ActionOutcome, start: Int,
    count: Int,
    changes: (inout State) throws -> Void, at site: CallSite
  ) {
    switch outcome {
    case .applied:
      log.assert(count - 1)
      compare(
        "the state after \(text) is not the expected one", before: log.state(before: count - 1),
        actual: log.withLock { $0.entries[count - 1].state }, changes: changes, at: site)
    case .failed(let error):
      log.assert(count - 1)
      let why =
        error.map { "the reducer failed with \($0)" }
        ?? "the reducer let finish go without calling it"
      site.error(.rejected, "\(text) was rejected, so the state did not change: \(why)")
        .record()
    case .thunkRan, .effectStarted:
      // A thunk is never committed: what it changes comes with the actions it dispatches.
      let ran = outcome == .thunkRan ? "ran" : "started an effect"
      let state = log.state(before: start)
      compare(
        "\(text) \(ran) and changes no state itself (receive the actions it dispatches, and "
          + "assert their changes there), yet the state expected after it differs",
        before: state, actual: state, changes: changes, at: site)
    case .dropped(let reason):
      let by =
        reason == .middleware
        ? "a middleware did not pass it on" : "it was dropped (\(reason))"
      site.error(.dropped, "\(text) never reached the reducer: \(by)").record()
    }
  }

  /// Records the difference between `before` passed through `changes` and `actual`, if any.
  func compare(
    _ header: String, before: State, actual: State, changes: (inout State) throws -> Void,
    at site: CallSite
  ) {
    var expected = before
    do {
      try changes(&expected)
    } catch {
      site.error(.stateMismatch, "the closure that changes the expected state threw \(error)")
        .record()
      return
    }
    stateMismatch(header, expected: expected, actual: actual, at: site)?.record()
  }

  /// Waits until the store's queue is empty (effects may run); returns whether it was in time.
  func queueIsEmpty(within timeout: Duration) async -> Bool {
    let idle = OneShot<Void>()
    store.whenIdle(includingEffects: false) { idle.fulfill(()) }
    return await idle.value(within: timeout) != nil
  }
}
