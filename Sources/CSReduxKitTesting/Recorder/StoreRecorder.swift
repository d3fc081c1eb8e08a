import CSReduxKit
import Foundation

/// Records every `(action, state)` a store notifies, in order, so that a test can assert the
/// exact sequence.
///
/// ```swift
/// let recorder = StoreRecorder(store)
/// store.dispatch(Action(CounterAction.add, data: 2))
/// try await recorder.waitForEntries(count: 1, timeout: .seconds(5))
/// #expect(recorder.actionTypes == [CounterAction.add.rawValue])
/// #expect(recorder.states.map(\.value) == [2])
/// ```
///
/// The recorder is an ordinary subscriber: it sees what every subscriber sees, nested
/// dispatches in the order the store commits them, `RejectedAction`s for actions the reducer
/// did not apply and `StateReplacedAction`s for replaced states (even with a type filter). It
/// starts with the first action committed after it was created.
///
/// - Reading: ``entries``, ``actions``, ``actionTypes`` and ``states`` are snapshots, safe from
///   any thread.
/// - Waiting: `waitForEntries(count:timeout:)` and `nextEntry(timeout:)` suspend (or, in their
///   synchronous forms, block) until the store notified enough, without polling, and throw a
///   readable ``StoreExpectationError`` after the timeout.
/// - Exhaustive checks: `nextEntry(timeout:)` reads the entries one by one;
///   `expectNoMoreActions(timeout:)` then fails if the store notified anything not read.
/// - Lifetime: the recorder holds the store weakly; it stops recording when it is released, when
///   ``cancel()`` is called, or when the store is freed.
public final class StoreRecorder<State: StateProtocol>: @unchecked Sendable {
  /// One notification: an action and the state committed for it.
  public typealias Entry = StoreUpdate<State>

  private let log = RecorderLog<State>()
  private let subscription: Subscription
  private weak var store: Store<State>?
  /// The store's action names, for the actions a message lists.
  private let declaredActions: ActionTypes

  /// Starts recording every notification of `store` that `types` lets through.
  ///
  /// - Parameters:
  ///   - store: The store to record; held weakly.
  ///   - types: The actions to record: every type (the default), a list of types such as
  ///     `[1, 2]`, or enum cases such as `.cases(TodoAction.add)`. A `StateReplacedAction` is
  ///     recorded whatever the filter, as the store delivers it to every subscriber.
  public init(_ store: Store<State>, types: ActionFilter = .all) {
    let log = self.log
    self.subscription = store.subscribe(to: types) { action, state in
      log.append((action: action, state: state))
    }
    self.store = store
    self.declaredActions = store.declaredActions
  }

  deinit {
    subscription.cancel()
  }

  // MARK: - Reading

  /// Every recorded notification, in the order the store committed them.
  public var entries: [Entry] { log.withLock { $0.entries } }

  /// The recorded actions, in order.
  public var actions: [any ActionProtocol] { entries.map(\.action) }

  /// The recorded actions' types, in order; a `RejectedAction` has its action's type.
  public var actionTypes: [Int] { entries.map(\.action.type) }

  /// The recorded states, in order.
  public var states: [State] { entries.map(\.state) }

  /// How many notifications were recorded.
  public var count: Int { log.withLock { $0.entries.count } }

  /// How many entries were read: by `nextEntry(timeout:)`, or returned by
  /// `waitForEntries(count:timeout:)`.
  public var readCount: Int { log.withLock { $0.readCount } }

  /// Whether the recorder stopped recording: ``cancel()`` was called or the store went away.
  public var isCancelled: Bool { subscription.isCancelled }

  /// Stops recording; what was recorded stays readable. Calling it again has no effect.
  public func cancel() {
    subscription.cancel()
  }

  /// Forgets every recorded entry, to record a test's next step on its own.
  public func removeAll() {
    log.withLock {
      $0.entries.removeAll()
      $0.readCount = 0
    }
  }

  // MARK: - Waiting

  /// Suspends until at least `count` entries were recorded, and returns all of them.
  ///
  /// Every entry returned counts as read (``readCount`` moves past it), like one returned by
  /// `nextEntry(timeout:)`: a following `expectNoMoreActions(timeout:)` complains only about
  /// actions recorded after them.
  ///
  /// - Parameters:
  ///   - count: How many entries to wait for, counted from the start (or the last
  ///     ``removeAll()``).
  ///   - timeout: How long to wait.
  ///   - fileID: The caller's file, for the error; leave the default.
  ///   - filePath: The caller's file path, for the error; leave the default.
  ///   - line: The caller's line, for the error; leave the default.
  ///   - column: The caller's column, for the error; leave the default.
  /// - Returns: Every recorded entry, `count` or more.
  /// - Throws: ``StoreExpectationError`` of kind ``StoreExpectationError/Kind/timedOut``,
  ///   listing what was recorded, when fewer entries came within `timeout`.
  @discardableResult
  public func waitForEntries(
    count: Int, timeout: Duration, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async throws -> [Entry] {
    try await waitUntilRecorded(count, timeout, fileID, filePath, line, column)
    return log.readAll()
  }

  /// Waits for `count` entries without reading them.
  private func waitUntilRecorded(
    _ count: Int, _ timeout: Duration, _ fileID: String, _ filePath: StaticString,
    _ line: UInt, _ column: UInt
  ) async throws {
    let signal = log.signal(atCount: count)
    if let signal, await signal.value(within: timeout) == nil {
      log.forget(signal)
      throw tooFew(count, timeout, fileID, filePath, line, column)
    }
  }

  /// Blocks the calling thread until at least `count` entries were recorded, and returns all
  /// of them; the form for synchronous tests.
  ///
  /// Every entry returned counts as read, as with the `async` form.
  ///
  /// - Parameters:
  ///   - count: How many entries to wait for, counted from the start (or the last
  ///     ``removeAll()``).
  ///   - timeout: How long to wait.
  ///   - fileID: The caller's file, for the error; leave the default.
  ///   - filePath: The caller's file path, for the error; leave the default.
  ///   - line: The caller's line, for the error; leave the default.
  ///   - column: The caller's column, for the error; leave the default.
  /// - Returns: Every recorded entry, `count` or more.
  /// - Throws: ``StoreExpectationError`` of kind ``StoreExpectationError/Kind/timedOut``,
  ///   listing what was recorded, when fewer entries came within `timeout`.
  @discardableResult
  @available(*, noasync, message: "use the async form, which suspends instead")
  public func waitForEntries(
    count: Int, timeout: Duration, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) throws -> [Entry] {
    try waitUntilRecorded(count, timeout, fileID, filePath, line, column)
    return log.readAll()
  }

  /// Blocks until `count` entries are recorded, without reading them.
  private func waitUntilRecorded(
    _ count: Int, _ timeout: Duration, _ fileID: String, _ filePath: StaticString,
    _ line: UInt, _ column: UInt
  ) throws {
    let signal = log.signal(atCount: count)
    if let signal, signal.value(within: timeout) == nil {
      log.forget(signal)
      throw tooFew(count, timeout, fileID, filePath, line, column)
    }
  }

  /// Returns the first entry not read yet, waiting for it if needed.
  ///
  /// Read a test's entries one by one with it, then call `expectNoMoreActions(timeout:)` to be
  /// sure nothing else happened.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for an entry.
  ///   - fileID: The caller's file, for the error; leave the default.
  ///   - filePath: The caller's file path, for the error; leave the default.
  ///   - line: The caller's line, for the error; leave the default.
  ///   - column: The caller's column, for the error; leave the default.
  /// - Returns: The next entry.
  /// - Throws: ``StoreExpectationError`` of kind ``StoreExpectationError/Kind/timedOut`` when
  ///   no new entry came within `timeout`.
  @discardableResult
  public func nextEntry(
    timeout: Duration, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws -> Entry {
    let wanted = readCount + 1
    try await waitUntilRecorded(wanted, timeout, fileID, filePath, line, column)
    guard let entry = log.read() else {
      throw tooFew(wanted, timeout, fileID, filePath, line, column)
    }
    return entry
  }

  /// Returns the first entry not read yet, blocking the calling thread until it comes; the
  /// form for synchronous tests.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for an entry.
  ///   - fileID: The caller's file, for the error; leave the default.
  ///   - filePath: The caller's file path, for the error; leave the default.
  ///   - line: The caller's line, for the error; leave the default.
  ///   - column: The caller's column, for the error; leave the default.
  /// - Returns: The next entry.
  /// - Throws: ``StoreExpectationError`` of kind ``StoreExpectationError/Kind/timedOut`` when
  ///   no new entry came within `timeout`.
  @discardableResult
  @available(*, noasync, message: "use the async form, which suspends instead")
  public func nextEntry(
    timeout: Duration, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) throws -> Entry {
    let wanted = readCount + 1
    try waitUntilRecorded(wanted, timeout, fileID, filePath, line, column)
    guard let entry = log.read() else {
      throw tooFew(wanted, timeout, fileID, filePath, line, column)
    }
    return entry
  }

  /// Waits until the store is idle, then fails if it notified anything that `nextEntry(timeout:)`
  /// has not read.
  ///
  /// The end of an exhaustive test: every action the store committed, follow-ups included,
  /// must have been read and checked.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for the store to go idle.
  ///   - fileID: The caller's file, for the error; leave the default.
  ///   - filePath: The caller's file path, for the error; leave the default.
  ///   - line: The caller's line, for the error; leave the default.
  ///   - column: The caller's column, for the error; leave the default.
  /// - Throws: ``StoreExpectationError`` of kind ``StoreExpectationError/Kind/unexpectedActions``
  ///   listing the unread entries, or ``StoreExpectationError/Kind/timedOut`` when the store
  ///   did not go idle.
  public func expectNoMoreActions(
    timeout: Duration, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async throws {
    do {
      try await store?.waitUntilIdle(timeout: timeout)
    } catch let error as IdleWaitError {
      throw StoreExpectationError(
        .timedOut, error.description, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
    try checkAllRead(fileID, filePath, line, column)
  }

  /// Blocks until the store is idle, then fails if it notified anything that `nextEntry(timeout:)`
  /// has not read; the form for synchronous tests.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for the store to go idle.
  ///   - fileID: The caller's file, for the error; leave the default.
  ///   - filePath: The caller's file path, for the error; leave the default.
  ///   - line: The caller's line, for the error; leave the default.
  ///   - column: The caller's column, for the error; leave the default.
  /// - Throws: ``StoreExpectationError`` of kind ``StoreExpectationError/Kind/unexpectedActions``
  ///   listing the unread entries, or ``StoreExpectationError/Kind/timedOut`` when the store
  ///   did not go idle.
  @available(*, noasync, message: "use the async form, which suspends instead")
  public func expectNoMoreActions(
    timeout: Duration, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) throws {
    do {
      try store?.waitUntilIdle(timeout: timeout)
    } catch let error as IdleWaitError {
      throw StoreExpectationError(
        .timedOut, error.description, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
    try checkAllRead(fileID, filePath, line, column)
  }

  // MARK: - Failures

  private func checkAllRead(
    _ fileID: String, _ filePath: StaticString, _ line: UInt, _ column: UInt
  ) throws {
    let unread = log.withLock { Array($0.entries[$0.readCount...]) }
    guard !unread.isEmpty else { return }
    let noun = unread.count == 1 ? "action" : "actions"
    throw StoreExpectationError(
      .unexpectedActions,
      "the store notified \(unread.count) \(noun) nobody read:\n" + lines(unread),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  private func tooFew(
    _ count: Int, _ timeout: Duration, _ fileID: String, _ filePath: StaticString,
    _ line: UInt, _ column: UInt
  ) -> StoreExpectationError {
    let recorded = entries
    let noun = count == 1 ? "entry" : "entries"
    var message = "waited \(timeout) for \(count) \(noun), recorded \(recorded.count)"
    message += recorded.isEmpty ? "" : ":\n" + lines(recorded)
    return StoreExpectationError(
      .timedOut, message, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// One indented line per entry's action.
  private func lines(_ entries: [Entry]) -> String {
    entries.map { "  \(declaredActions.text(for: $0.action))" }.joined(separator: "\n")
  }
}
