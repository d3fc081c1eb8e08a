/// The error ``Store/waitUntilIdle(timeout:includingEffects:)-6qhsk`` and its blocking form
/// ``Store/waitUntilIdle(timeout:includingEffects:)-25lp4`` throw when the store did not go
/// idle: a readable message that names the store and what still ran.
///
/// ```text
/// the store 'Profile' did not go idle within 5.0 seconds: a reducer has not called finish,
/// or actions keep coming, or an effect has not returned; effects still running: effect
/// "load" started by action 3 (load)
/// ```
///
/// A cancelled `async` wait throws `CancellationError` instead.
public struct IdleWaitError: Error, CustomStringConvertible, Sendable {
  /// Why the wait ended before the store was idle.
  public enum Kind: Sendable, Hashable {
    /// The store was still busy when the timeout passed.
    case timedOut
    /// The blocking wait was called on the thread that runs the store's queue (from its
    /// reducer, a middleware, a subscriber or a completion), where it could never end; it
    /// threw at once.
    case calledFromInsideStore
  }

  /// Why the wait ended.
  public let kind: Kind
  /// The name of the store that was waited for.
  public let storeName: String
  /// For ``Kind/timedOut``: the effects that still ran when the timeout passed, oldest first;
  /// empty when none ran or the wait did not include effects.
  public let runningEffects: [RunningEffect]
  /// The readable explanation.
  public let description: String

  /// A timeout: `running` are the effects still running then; `blockedMainThread` says
  /// that the wait blocked the main thread, which is then the likely cause.
  init(
    timedOutIn storeName: String, after timeout: Duration, running: [RunningEffect],
    blockedMainThread: Bool
  ) {
    self.kind = .timedOut
    self.storeName = storeName
    self.runningEffects = running
    if blockedMainThread {
      description =
        "the store '\(storeName)' did not go idle within \(timeout) while this wait blocked "
        + "the main thread: a reducer that finishes on the main queue (DispatchQueue.main or "
        + "the main actor) cannot run until the wait returns. Use the async waitUntilIdle "
        + "there, or call this from another thread" + Self.stillRunning(running)
    } else {
      description =
        "the store '\(storeName)' did not go idle within \(timeout): a reducer has not called "
        + "finish, or actions keep coming" + Self.stillRunning(running)
    }
  }

  /// A blocking wait called on the thread that runs the store's queue.
  init(calledInside storeName: String) {
    self.kind = .calledFromInsideStore
    self.storeName = storeName
    self.runningEffects = []
    description =
      "waitUntilIdle was called on the thread that runs the store '\(storeName)' (from its "
      + "reducer, a middleware, a subscriber or a completion): the store cannot go idle "
      + "before that call returns, so the wait could never end. Wait from another thread or "
      + "task, or run the code in whenIdle"
  }

  /// `, or an effect has not returned; effects still running: …` naming each, or nothing
  /// when none runs.
  package static func stillRunning(_ running: [RunningEffect]) -> String {
    guard !running.isEmpty else { return "" }
    return ", or an effect has not returned; effects still running: "
      + running.map(\.description).joined(separator: "; ")
  }
}
