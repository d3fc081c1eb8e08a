import CSReduxKit

/// Tests a store the way a feature's story reads: send an action, say what it changes, receive
/// each action its effects dispatch, and finish with nothing left over.
///
/// ```swift
/// @Test func loads() async {
///   let clock = TestClock()
///   let test = TestStore(catalogStore(clock: clock))
///   await test.send(Catalog.load())  // a thunk: it changes no state itself
///   await test.receive(CatalogAction.loadStarted) { $0.isLoading = true }
///   await clock.advance(by: .milliseconds(100))
///   await test.receive(CatalogAction.loaded) {
///     $0.isLoading = false
///     $0.items = ["Tea"]
///   }
///   await test.finish()
/// }
/// ```
///
/// A test store watches an existing `Store` of any kind: any reducer, finish
/// called at once or later, any middleware, effects. It subscribes when it is made and
/// records every action the store commits, then each step accounts for them in order:
///
/// - ``send(_:timeout:isolation:fileID:filePath:line:column:_:)`` dispatches an action and checks the
///   state committed for it: the closure turns the state before into the state expected after.
///   A `Thunk` (an effect included) may be sent too: it changes no state itself,
///   and what it dispatches is received.
/// - ``receive(_:timeout:isolation:fileID:filePath:line:column:_:)`` takes the next action that reached
///   the reducer by another way than `send`: from an effect, a thunk, a middleware, a follow
///   link or a subscriber's nested dispatch; ``receive(_:payload:timeout:isolation:fileID:filePath:line:column:_:)``
///   also checks its payload.
/// - ``finish(timeout:isolation:fileID:filePath:line:column:)`` waits for the effects started since the
///   test store was made, then fails on any that still run and on any action not received.
///
/// **Exhaustive by default.** Every committed action must be sent or received, in order, and
/// every effect must have returned by `finish`: an action the test forgot fails, naming it as
/// the store names it, and so does an effect left running, with its identity and where it was
/// started. A test store released without `finish` reports what was left at that moment. Set
/// ``exhaustivity`` to ``Exhaustivity/off`` to check only what the test names.
///
/// **Failures are recorded, not thrown**: as an `Issue` at the step's line when a Swift
/// Testing test runs, with `XCTFail` otherwise; the test goes on to its next step. No step
/// sleeps: each waits on the store's own callbacks, up to ``timeout``.
public final class TestStore<State: StateProtocol & Equatable>: Sendable {
  /// How much a test must account for.
  public enum Exhaustivity: Sendable, Hashable {
    /// Every action the store commits must be sent or received, in order, and every effect
    /// must have returned by ``TestStore/finish(timeout:isolation:fileID:filePath:line:column:)``.
    case on
    /// Only what the test names is checked: `receive` skips the actions before the one it
    /// names, `send` skips those not received, and `finish` waits for the store's queue
    /// alone and complains about nothing left over.
    case off
  }

  /// The store under test.
  public let store: Store<State>

  private struct Settings: Sendable {
    var exhaustivity = Exhaustivity.on
    var timeout: Duration
    var isFinished = false
  }

  private let settings: _Locked<Settings>
  let log: TestStoreLog<State>
  private let subscription: Subscription
  /// The store's action names, for messages.
  let actionNames: ActionTypes
  /// Effects numbered from here on were started while this test store watched.
  let effectMark: UInt64
  /// Where the test store was made, for what its release reports.
  private let site: CallSite

  /// Starts watching `store`: every action it commits from now on must be sent or received.
  ///
  /// - Parameters:
  ///   - store: The store under test, made the way the app makes it (with test dependencies).
  ///   - timeout: How long each step waits at most for the store; see ``timeout``.
  ///   - fileID: The caller's file, for failures at release; leave the default.
  ///   - filePath: The caller's file path, for failures at release; leave the default.
  ///   - line: The caller's line, for failures at release; leave the default.
  ///   - column: The caller's column, for failures at release; leave the default.
  public init(
    _ store: Store<State>, timeout: Duration = .seconds(3), fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.store = store
    self.actionNames = store.declaredActions
    self.settings = _Locked(Settings(timeout: timeout))
    self.site = CallSite(fileID, filePath, line, column)
    let log = TestStoreLog(initial: store.state)
    self.log = log
    self.effectMark = store.effectMark
    let (subscription, initial) = store.subscribeReadingState { action, state in
      log.append((action: action, state: state))
    }
    log.withLock { $0.initial = initial }
    self.subscription = subscription
    if let clock = store.effectDependencies.clock as? TestClock { clock.watch(store) }
  }

  deinit {
    subscription.cancel()
    let (exhaustivity, isFinished) = settings.withLock { ($0.exhaustivity, $0.isFinished) }
    guard exhaustivity == .on, !isFinished else { return }
    let unreceived = log.unasserted
    let running = runningSinceMark
    guard !unreceived.isEmpty || !running.isEmpty else { return }
    var message =
      "the test store of '\(store.name)' was released without await finish(), leaving "
    var parts: [String] = []
    if !unreceived.isEmpty { parts.append(notReceived(unreceived)) }
    if !running.isEmpty { parts.append(stillRunning(running)) }
    message += parts.joined(separator: "; and ")
    site.error(.unexpectedActions, message).record()
  }

  /// How much a test must account for: ``Exhaustivity/on`` unless the test says otherwise.
  public var exhaustivity: Exhaustivity {
    get { settings.withLock { $0.exhaustivity } }
    set { settings.withLock { $0.exhaustivity = newValue } }
  }

  /// How long a step waits at most: for the store to go idle before a `send`, for the action
  /// sent to be committed, for an action to receive, for the effects at `finish`. Three
  /// seconds unless given; failures name it.
  public var timeout: Duration {
    get { settings.withLock { $0.timeout } }
    set { settings.withLock { $0.timeout = newValue } }
  }

  /// The store's last committed state, read when you ask.
  public var state: State { store.state }

  // MARK: - Helpers for the steps

  /// The effects started while the test store watched that still run.
  var runningSinceMark: [RunningEffect] {
    store.runningEffects(from: effectMark)
  }

  func markFinished() {
    settings.withLock { $0.isFinished = true }
  }

  /// `N received actions not asserted: …`, one line per action.
  func notReceived(_ entries: [StoreUpdate<State>]) -> String {
    let noun = entries.count == 1 ? "1 received action" : "\(entries.count) received actions"
    return "\(noun) not asserted with receive:\n"
      + entries.map { "  \(actionNames.text(for: $0.action))" }.joined(separator: "\n")
  }

  /// `N effects still running: …`, each with its identity and where it was started.
  func stillRunning(_ effects: [RunningEffect]) -> String {
    let noun = effects.count == 1 ? "1 effect" : "\(effects.count) effects"
    return "\(noun) still running:\n"
      + effects.map { "  \($0.description)" }.joined(separator: "\n")
  }
}
