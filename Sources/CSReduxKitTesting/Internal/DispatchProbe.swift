import CSReduxKit
import CSReduxKitCore

/// Dispatches one action for the expectation helpers and records what the store notified from
/// just before the dispatch until the probe stops: the state the reducer started from, the
/// notification for the action, and anything else.
///
/// It tells the action's own notification apart without comparing actions: a dispatch's
/// completion runs right after that action's subscribers and before the next commit, so the
/// last notification recorded when the completion runs is the action's.
final class DispatchProbe<State: StateProtocol>: Sendable {
  /// What the store did with the action.
  struct Outcome: Sendable {
    /// The state the reducer started from.
    let before: State
    /// The action's notification, or `nil` when a middleware dropped it.
    let committed: StoreUpdate<State>?
    /// The state the completion received.
    let state: State
    /// What became of the action.
    let outcome: ActionOutcome

    /// Whether the action was a thunk, which the store ran instead of committing.
    var isThunk: Bool {
      switch outcome {
      case .thunkRan, .effectStarted: true
      default: false
      }
    }
  }

  let action: any ActionProtocol
  /// The action as messages name it, with the store's action names.
  let actionText: String
  /// The store's action names, for the other actions a message lists.
  let declaredActions: ActionTypes
  let outcome = OneShot<Outcome>()
  private struct Inner: Sendable {
    var notifications: [StoreUpdate<State>] = []
    var initial: State
    var completedAt: Int?
    var subscription: Subscription?
  }

  private let inner: _Locked<Inner>

  /// Subscribes to `store`, then dispatches `action` to it.
  init(_ store: Store<State>, _ action: any ActionProtocol) {
    self.action = action
    self.declaredActions = store.declaredActions
    self.actionText = store.declaredActions.text(for: action)
    self.inner = _Locked(Inner(initial: store.state))
    let subscription = store.subscribe { [inner] action, state in
      inner.withLock { $0.notifications.append((action: action, state: state)) }
    }
    inner.withLock { inner in
      // Read after subscribing: a commit in between is both in `initial` and recorded.
      inner.initial = store.state
      inner.subscription = subscription
    }
    store.dispatch(
      action,
      reportingOutcome: { [self] state, outcome in
        complete(with: state, outcome)
      })
  }

  private func complete(with state: State, _ outcome: ActionOutcome) {
    // Only an action the reducer saw, applied or rejected, has a notification of its own.
    let isCommitted: Bool
    switch outcome {
    case .applied, .failed: isCommitted = true
    default: isCommitted = false
    }
    let (recorded, before) = inner.withLock { inner in
      let recorded = inner.notifications
      if isCommitted { inner.completedAt = recorded.count }
      return (recorded, recorded.count >= 2 ? recorded[recorded.count - 2].state : inner.initial)
    }
    self.outcome.fulfill(
      Outcome(
        before: before, committed: isCommitted ? recorded.last : nil, state: state,
        outcome: outcome))
  }

  /// Stops recording.
  func stop() {
    let subscription = inner.withLock { $0.subscription }
    subscription?.cancel()
  }

  // MARK: - Checks

  /// Compares the committed state with the state before, changed by `changes`.
  func check(
    _ outcome: Outcome, changes: (inout State) throws -> Void, at site: CallSite
  ) throws -> State where State: Equatable {
    guard let committed = outcome.committed else { throw dropped(outcome, at: site) }
    if let rejection = committed.action as? RejectedAction {
      throw site.error(
        .rejected, "\(actionText) was rejected, so the state did not change: \(reason(rejection))")
    }
    var expected = outcome.before
    try changes(&expected)
    if let mismatch = stateMismatch(
      "the state after \(actionText) is not the expected one", expected: expected,
      actual: outcome.state, at: site)
    {
      throw mismatch
    }
    return outcome.state
  }

  /// Checks that the action's notification is a rejection.
  func checkRejected(_ outcome: Outcome, at site: CallSite) throws -> RejectedAction {
    guard let committed = outcome.committed else { throw dropped(outcome, at: site) }
    guard let rejection = committed.action as? RejectedAction else {
      var message = "\(actionText) was applied, not rejected"
      if let difference = StateDifference(from: outcome.before, to: outcome.state) {
        message += "; it changed the state (before → after):\n\(difference)"
      }
      throw site.error(.notRejected, message)
    }
    return rejection
  }

  /// Checks that the store notified nothing but the action since the probe subscribed.
  func checkNothingElse(at site: CallSite) throws {
    let others = inner.withLock { inner in
      var others = inner.notifications
      if let completedAt = inner.completedAt, completedAt > 0 { others.remove(at: completedAt - 1) }
      return others
    }
    guard !others.isEmpty else { return }
    let noun = others.count == 1 ? "action" : "actions"
    throw site.error(
      .unexpectedActions,
      "besides \(actionText), the store committed \(others.count) \(noun) nobody expected (pass "
        + "exhaustive: false to allow them, and check them with a StoreRecorder):\n"
        + others.map { "  \(declaredActions.text(for: $0.action))" }.joined(separator: "\n"))
  }

  /// The error for an action whose completion did not come in time.
  func notCommitted(_ timeout: Duration, at site: CallSite) -> StoreExpectationError {
    site.error(
      .timedOut,
      "\(actionText) was not committed within \(timeout): its reducer has not called finish")
  }

  private func dropped(_ outcome: Outcome, at site: CallSite) -> StoreExpectationError {
    let why =
      switch outcome.outcome {
      case .dropped(.feedbackLimit): "the store's nested dispatch limit dropped it"
      case .dropped(.effectCancelled): "the effect that dispatched it was cancelled"
      default: "a middleware did not pass it on"
      }
    return site.error(
      .dropped, "\(actionText) never reached the reducer (\(why)): nothing was committed")
  }

  /// The error for a thunk: it ran (or started an effect), the reducer never saw it, and the
  /// store committed `followed` after it (read once the store is idle).
  func thunkRan(_ outcome: Outcome, at site: CallSite) -> StoreExpectationError {
    let followed = inner.withLock { $0.notifications }
    let ran = outcome.outcome == .thunkRan ? "it ran" : "it started an effect"
    var message =
      "\(actionText) is a thunk: \(ran), and a thunk never reaches the reducer, so no state "
      + "was committed for it to compare. "
    if followed.isEmpty {
      message += "The store committed nothing after it."
    } else {
      let noun = followed.count == 1 ? "this action" : "these \(followed.count) actions"
      message +=
        "The store committed \(noun) after it:\n"
        + followed.map { "  \(declaredActions.text(for: $0.action))" }.joined(separator: "\n")
    }
    message += "\nTest a thunk with TestStore: send it, then receive each action it dispatches."
    return site.error(.thunkDispatched, message)
  }

  private func reason(_ rejection: RejectedAction) -> String {
    guard let error = rejection.error else { return "the reducer let finish go without calling it" }
    return "the reducer failed with \(error)"
  }
}
