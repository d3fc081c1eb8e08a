import CSReduxKit

extension TestStore {
  /// Takes the next action the store committed that no step accounted for, checks that it is
  /// of type `type`, and checks the state committed for it like `send`.
  ///
  /// ```swift
  /// await test.receive(CatalogAction.loaded) { $0.items = ["Tea"] }
  /// ```
  ///
  /// The action may come from an effect, a thunk, a middleware, a follow link or a nested
  /// dispatch; the step waits for it up to `timeout`. In exhaustive mode a next action of
  /// another type fails, naming both, and counts as received; with ``Exhaustivity/off`` the
  /// actions before the first one of type `type` are skipped.
  ///
  /// - Parameters:
  ///   - type: The action's case: a raw value of the module's action enum, or an
  ///     `EnumAction`'s `Kind`.
  ///   - timeout: How long to wait for the action; ``timeout`` when `nil`.
  ///   - isolation: The caller's actor, which the step runs on; leave the default.
  ///   - fileID: The caller's file, for failures; leave the default.
  ///   - filePath: The caller's file path, for failures; leave the default.
  ///   - line: The caller's line, for failures; leave the default.
  ///   - column: The caller's column, for failures; leave the default.
  ///   - changes: Turns a copy of the state before the action into the state expected after
  ///     it; leave it out when the action should change nothing.
  public func receive<Kind: RawRepresentable>(
    _ type: Kind, timeout: Duration? = nil, isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ changes: (inout State) throws -> Void = { _ in }
  ) async where Kind.RawValue == Int {
    await receive(
      type.rawValue, expecting: "action \(actionNames.label(for: type.rawValue))",
      timeout: timeout, at: CallSite(fileID, filePath, line, column), changes: changes
    ) { _ in true }
  }

  /// Takes the next action the store committed that no step accounted for, checks that it is
  /// of type `type` with the payload `payload`, and checks the state committed for it like
  /// `send`.
  ///
  /// ```swift
  /// await test.receive(CounterAction.add, payload: 2) { $0.count = 2 }
  /// ```
  ///
  /// It works like ``receive(_:timeout:isolation:fileID:filePath:line:column:_:)``; an action of the
  /// right type with another payload is a wrong action.
  ///
  /// - Parameters:
  ///   - type: The action's case.
  ///   - payload: The action's `data`, compared with `==`.
  ///   - timeout: How long to wait for the action; ``timeout`` when `nil`.
  ///   - isolation: The caller's actor, which the step runs on; leave the default.
  ///   - fileID: The caller's file, for failures; leave the default.
  ///   - filePath: The caller's file path, for failures; leave the default.
  ///   - line: The caller's line, for failures; leave the default.
  ///   - column: The caller's column, for failures; leave the default.
  ///   - changes: Turns a copy of the state before the action into the state expected after
  ///     it.
  public func receive<Kind: RawRepresentable, Payload: Equatable & Sendable>(
    _ type: Kind, payload: Payload, timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ changes: (inout State) throws -> Void = { _ in }
  ) async where Kind.RawValue == Int {
    let expected = actionNames.text(for: Action(type: type.rawValue, data: payload))
    await receive(
      type.rawValue, expecting: expected, timeout: timeout,
      at: CallSite(fileID, filePath, line, column), changes: changes
    ) { action in
      action.data as? Payload == payload
    }
  }

  /// The steps of every `receive`.
  private func receive(
    _ type: Int, expecting expected: String, timeout: Duration?,
    isolation: isolated (any Actor)? = #isolation, at site: CallSite,
    changes: (inout State) throws -> Void, matches: (any ActionProtocol) -> Bool
  ) async {
    let timeout = timeout ?? self.timeout
    var from = 0
    while true {
      guard let (index, entry) = await nextUnasserted(from: from, timeout: timeout) else {
        var message = "expected to receive \(expected) within \(timeout), but nothing came"
        let running = runningSinceMark
        message += running.isEmpty ? "; no effect is running" : "; " + stillRunning(running)
        site.error(.timedOut, message).record()
        return
      }
      let action = entry.action
      let isMatch = !(action is RejectedAction) && action.type == type && matches(action)
      guard isMatch else {
        if exhaustivity == .off {
          log.assert(index)
          from = index + 1
          continue
        }
        log.assert(index)
        site.error(
          .unexpectedActions,
          "expected to receive \(expected), but the next action was "
            + actionNames.text(for: action)
        ).record()
        return
      }
      log.assert(index)
      compare(
        "the state after receiving \(actionNames.text(for: action)) is not the expected one",
        before: log.state(before: index), actual: entry.state, changes: changes, at: site)
      return
    }
  }

  /// The first entry at `from` or after that no step accounted for, waiting for it.
  private func nextUnasserted(
    from: Int, timeout: Duration
  ) async -> (index: Int, entry: StoreUpdate<State>)? {
    var from = from
    while true {
      switch log.firstUnasserted(from: from) {
      case .success(let found): return found
      case .failure(let count): from = max(from, count.value)
      }
      guard await log.waitForEntry(at: from, timeout: timeout) else { return nil }
    }
  }
}
