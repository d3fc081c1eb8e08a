import Dispatch

/// Reports about the store's own misuse and loops.
extension _StoreEngine {
  @usableFromInline
  func reportFeedbackLoop(types: [Int]) {
    var counts: [Int: Int] = [:]
    for type in types { counts[type, default: 0] += 1 }
    let named = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(4)
      .map { declaredActions.label(for: $0.key) }.joined(separator: ", ")
    report(
      .feedbackLoop, actionType: types.last,
      "more than \(nestedDispatchLimit) actions were dispatched back into the store by its own "
        + "subscribers, completions or reducer before it could go idle (most recent types: "
        + "\(named)); the loop was stopped and further ones are dropped until the store is idle. "
        + "Dispatch only when something changed (for example with subscribe(select:)), or raise "
        + "nestedDispatchLimit.")
  }

  /// The reducer failed the action (`finish.fail`, or a throw in an in-place reducer).
  func reportReducerFailed(type: Int, error: any Error) {
    if let foreign = error as? ForeignActionError {
      report(foreign.kind, actionType: type, foreign.description, error: foreign)
      return
    }
    report(
      .reducerFailed, actionType: type,
      "the reducer failed: \(error). The state was left unchanged. Check the action's "
        + "payload and the state it applies to.", error: error)
  }

  /// The reducer let `finish` go without calling it.
  func reportFinishReleased(type: Int) {
    report(
      .finishReleasedWithoutCall, actionType: type,
      "the reducer let finish go without calling it; the action completed with the state "
        + "unchanged. Call finish on every path, with the same state when nothing changes.")
  }

  @usableFromInline
  func reportDispatchFromReducer(actionType: Int, reducingType: Int) {
    report(
      .dispatchFromReducer, actionType: actionType,
      "dispatched from inside the reducer of action \(declaredActions.label(for: reducingType)); "
        + "it was queued and runs next. Reducers should be pure: dispatch from a subscriber, "
        + "a completion or middleware instead.")
  }

  @usableFromInline
  func report(
    _ kind: StoreDiagnostic.Kind, actionType: Int?, _ message: String, error: (any Error)? = nil
  ) {
    reporter.report(kind, actionType: actionType, message, error: error)
  }
}
