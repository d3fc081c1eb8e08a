import CSReduxKit
import Foundation

extension Store where State: Equatable {
  /// Dispatches `action` and checks that the state it commits is exactly the state before it
  /// with `changes` applied.
  ///
  /// ```swift
  /// try await store.expect(dispatching: Action(CounterAction.add, data: 2)) {
  ///   $0.value = 2
  /// }
  /// ```
  ///
  /// In order, it:
  /// 1. waits until the store is idle, so that earlier actions cannot mix in;
  /// 2. dispatches `action` and waits for the state committed for it, after its subscribers;
  /// 3. builds the expected state: the state the reducer started from, passed through
  ///    `changes`;
  /// 4. compares it with the committed state using `==`;
  /// 5. when `exhaustive`, waits until the store is idle again and the effects started since
  ///    `action` was dispatched have returned, and checks that the store committed nothing but
  ///    `action`: no follow-up dispatched by a subscriber, a middleware, a thunk or an effect,
  ///    nothing from another thread. Effects started before are not waited for.
  ///
  /// A mismatch throws an error whose description names the action and lists the difference
  /// field by field, expected → actual (see `StateDifference` in `CSReduxKit`):
  ///
  /// ```text
  /// CounterTests/CounterTests.swift:12: the state after action 2 (add) with payload 2 is not the expected one (expected → actual):
  ///   .value: 3 → 2
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to dispatch.
  ///   - exhaustive: Whether the store must commit nothing but `action` until it is idle again.
  ///     Pass `false` to allow follow-ups, and check them with a ``StoreRecorder``.
  ///   - timeout: How long each of the waits may take.
  ///   - fileID: The caller's file, for the error; leave the default.
  ///   - filePath: The caller's file path, for the error; leave the default.
  ///   - line: The caller's line, for the error; leave the default.
  ///   - column: The caller's column, for the error; leave the default.
  ///   - changes: Changes a copy of the state from before `action` into the expected state;
  ///     leave it out when `action` should change nothing.
  /// - Returns: The state committed for `action`.
  /// - Throws: ``StoreExpectationError``: ``StoreExpectationError/Kind/stateMismatch``,
  ///   ``StoreExpectationError/Kind/rejected`` when the reducer failed the action,
  ///   ``StoreExpectationError/Kind/dropped`` when a middleware dropped it,
  ///   ``StoreExpectationError/Kind/thunkDispatched`` for a thunk (its message lists the
  ///   actions that followed it; test a thunk with ``TestStore``),
  ///   ``StoreExpectationError/Kind/unexpectedActions`` for follow-ups in exhaustive mode, or
  ///   ``StoreExpectationError/Kind/timedOut``; or what `changes` threw.
  @discardableResult
  public final func expect(
    dispatching action: any ActionProtocol, exhaustive: Bool = true,
    timeout: Duration = .seconds(5), fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    changes: (inout State) throws -> Void = { _ in }
  ) async throws -> State {
    try await _expect(
      action, exhaustive: exhaustive, timeout: timeout,
      at: CallSite(fileID, filePath, line, column)
    ) { probe, outcome, at in
      try probe.check(outcome, changes: changes, at: at)
    }
  }

  /// Dispatches `action` and checks that the state it commits is exactly the state before it
  /// with `changes` applied, blocking the calling thread while it waits; the form for
  /// synchronous tests.
  ///
  /// It works like the `async` form; see ``expect(dispatching:exhaustive:timeout:fileID:filePath:line:column:changes:)``.
  /// The calling thread is blocked while it waits, so a reducer that finishes on that thread
  /// (on the main queue, for a test running on the main thread) cannot finish until the wait
  /// times out: use the `async` form there.
  ///
  /// - Parameters:
  ///   - action: The action to dispatch.
  ///   - exhaustive: Whether the store must commit nothing but `action` until it is idle again.
  ///   - timeout: How long each of the waits may take.
  ///   - fileID: The caller's file, for the error; leave the default.
  ///   - filePath: The caller's file path, for the error; leave the default.
  ///   - line: The caller's line, for the error; leave the default.
  ///   - column: The caller's column, for the error; leave the default.
  ///   - changes: Changes a copy of the state from before `action` into the expected state.
  /// - Returns: The state committed for `action`.
  /// - Throws: ``StoreExpectationError``, or what `changes` threw.
  @discardableResult
  @available(*, noasync, message: "use the async form, which suspends instead")
  public final func expect(
    dispatching action: any ActionProtocol, exhaustive: Bool = true,
    timeout: Duration = .seconds(5), fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    changes: (inout State) throws -> Void = { _ in }
  ) throws -> State {
    try _expect(
      action, exhaustive: exhaustive, timeout: timeout,
      at: CallSite(fileID, filePath, line, column)
    ) { probe, outcome, at in
      try probe.check(outcome, changes: changes, at: at)
    }
  }
}

extension Store {
  /// Dispatches `action` and checks that the reducer rejects it and the state stays as it was.
  ///
  /// ```swift
  /// let rejection = try await store.expectRejection(of: Action(CounterAction.add, data: "two"))
  /// #expect(rejection.error is PayloadError)
  /// ```
  ///
  /// It waits like ``Store/expect(dispatching:exhaustive:timeout:fileID:filePath:line:column:changes:)-6kkzc``.
  ///
  /// - Parameters:
  ///   - action: The action to dispatch.
  ///   - exhaustive: Whether the store must commit nothing but `action` until it is idle again.
  ///   - timeout: How long each of the waits may take.
  ///   - fileID: The caller's file, for the error; leave the default.
  ///   - filePath: The caller's file path, for the error; leave the default.
  ///   - line: The caller's line, for the error; leave the default.
  ///   - column: The caller's column, for the error; leave the default.
  /// - Returns: The `RejectedAction` the subscribers received, with the reducer's error.
  /// - Throws: ``StoreExpectationError``: ``StoreExpectationError/Kind/notRejected`` when the
  ///   action was applied, ``StoreExpectationError/Kind/dropped``,
  ///   ``StoreExpectationError/Kind/unexpectedActions`` or
  ///   ``StoreExpectationError/Kind/timedOut``.
  @discardableResult
  public final func expectRejection(
    of action: any ActionProtocol, exhaustive: Bool = true, timeout: Duration = .seconds(5),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async throws -> RejectedAction {
    try await _expect(
      action, exhaustive: exhaustive, timeout: timeout,
      at: CallSite(fileID, filePath, line, column)
    ) { probe, outcome, at in
      try probe.checkRejected(outcome, at: at)
    }
  }

  /// Dispatches `action` and checks that the reducer rejects it, blocking the calling thread
  /// while it waits; the form for synchronous tests.
  ///
  /// - Parameters:
  ///   - action: The action to dispatch.
  ///   - exhaustive: Whether the store must commit nothing but `action` until it is idle again.
  ///   - timeout: How long each of the waits may take.
  ///   - fileID: The caller's file, for the error; leave the default.
  ///   - filePath: The caller's file path, for the error; leave the default.
  ///   - line: The caller's line, for the error; leave the default.
  ///   - column: The caller's column, for the error; leave the default.
  /// - Returns: The `RejectedAction` the subscribers received, with the reducer's error.
  /// - Throws: ``StoreExpectationError``.
  @discardableResult
  @available(*, noasync, message: "use the async form, which suspends instead")
  public final func expectRejection(
    of action: any ActionProtocol, exhaustive: Bool = true, timeout: Duration = .seconds(5),
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) throws -> RejectedAction {
    try _expect(
      action, exhaustive: exhaustive, timeout: timeout,
      at: CallSite(fileID, filePath, line, column)
    ) { probe, outcome, at in
      try probe.checkRejected(outcome, at: at)
    }
  }

  // MARK: The steps every expectation takes

  /// Waits until the store is idle, dispatches `action` through a probe, hands what was
  /// committed to `check`, and in exhaustive mode waits for idle again and checks that nothing
  /// else was committed.
  func _expect<Checked>(
    _ action: any ActionProtocol, exhaustive: Bool, timeout: Duration, at: CallSite,
    check: (DispatchProbe<State>, DispatchProbe<State>.Outcome, CallSite) throws -> Checked
  ) async throws -> Checked {
    try await waitUntilIdle(timeout: timeout, at: at, before: action)
    let mark = effectMark
    let probe = DispatchProbe(self, action)
    defer { probe.stop() }
    guard let outcome = await probe.outcome.value(within: timeout) else {
      throw probe.notCommitted(timeout, at: at)
    }
    if outcome.isThunk {
      try await waitUntilIdle(timeout: timeout, at: at, after: action, effectsFrom: mark)
      throw probe.thunkRan(outcome, at: at)
    }
    let checked = try check(probe, outcome, at)
    if exhaustive {
      try await waitUntilIdle(timeout: timeout, at: at, after: action, effectsFrom: mark)
      try probe.checkNothingElse(at: at)
    }
    return checked
  }

  /// The blocking form of `_expect`, for the synchronous helpers.
  func _expect<Checked>(
    _ action: any ActionProtocol, exhaustive: Bool, timeout: Duration, at: CallSite,
    check: (DispatchProbe<State>, DispatchProbe<State>.Outcome, CallSite) throws -> Checked
  ) throws -> Checked {
    try waitUntilIdle(timeout: timeout, at: at, before: action)
    let mark = effectMark
    let probe = DispatchProbe(self, action)
    defer { probe.stop() }
    guard let outcome = probe.outcome.value(within: timeout) else {
      throw probe.notCommitted(timeout, at: at)
    }
    if outcome.isThunk {
      try waitUntilIdle(timeout: timeout, at: at, after: action, effectsFrom: mark)
      throw probe.thunkRan(outcome, at: at)
    }
    let checked = try check(probe, outcome, at)
    if exhaustive {
      try waitUntilIdle(timeout: timeout, at: at, after: action, effectsFrom: mark)
      try probe.checkNothingElse(at: at)
    }
    return checked
  }

  // MARK: Waits with their own messages

  func waitUntilIdle(
    timeout: Duration, at: CallSite, before action: any ActionProtocol
  ) async throws {
    let idle = OneShot<Void>()
    whenIdle(includingEffects: false) { idle.fulfill(()) }
    guard await idle.value(within: timeout) != nil else {
      throw at.error(.timedOut, notIdleBefore(action, timeout))
    }
  }

  func waitUntilIdle(timeout: Duration, at: CallSite, before action: any ActionProtocol) throws {
    let idle = OneShot<Void>()
    whenIdle(includingEffects: false) { idle.fulfill(()) }
    guard idle.value(within: timeout) != nil else {
      throw at.error(.timedOut, notIdleBefore(action, timeout))
    }
  }

  func waitUntilIdle(
    timeout: Duration, at: CallSite, after action: any ActionProtocol, effectsFrom mark: UInt64
  ) async throws {
    let idle = OneShot<Void>()
    let running = EffectsAtExpiry(self)
    whenIdle(includingEffectsFrom: mark) { idle.fulfill(()) }
    guard await idle.value(within: timeout, atExpiry: running.record) != nil else {
      throw at.error(.timedOut, notIdleAfter(action, timeout, running: running.effects))
    }
  }

  func waitUntilIdle(
    timeout: Duration, at: CallSite, after action: any ActionProtocol, effectsFrom mark: UInt64
  ) throws {
    let idle = OneShot<Void>()
    whenIdle(includingEffectsFrom: mark) { idle.fulfill(()) }
    guard idle.value(within: timeout) != nil else {
      throw at.error(.timedOut, notIdleAfter(action, timeout))
    }
  }

  func notIdleBefore(_ action: any ActionProtocol, _ timeout: Duration) -> String {
    "\(declaredActions.text(for: action)) was not dispatched: the store '\(name)' was still busy with earlier actions "
      + "after \(timeout) (a reducer has not called finish)"
  }

  func notIdleAfter(
    _ action: any ActionProtocol, _ timeout: Duration, running: [RunningEffect]? = nil
  ) -> String {
    "after \(declaredActions.text(for: action)), the store '\(name)' did not go idle within \(timeout): an action that "
      + "followed it has not finished"
      + IdleWaitError.stillRunning(running ?? runningEffects)
  }
}
