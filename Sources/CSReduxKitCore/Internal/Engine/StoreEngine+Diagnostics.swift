import Dispatch

/// Reports about the store's own misuse and loops.
extension _StoreEngine {
  @usableFromInline
  func reportFeedbackLoop(types: [Int]) {
    var counts: [Int: Int] = [:]
    for type in types { counts[type, default: 0] += 1 }
    let named = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(4)
      .map { actionNames.label(for: $0.key) }.joined(separator: ", ")
    report(
      .feedbackLoop, actionType: types.last,
      "more than \(nestedDispatchLimit) actions were dispatched back into the store by its own "
        + "subscribers, completions or reducer before it could go idle (most recent types: "
        + "\(named)); the loop was stopped and further ones are dropped until the store is idle. "
        + "Dispatch only when something changed (for example with subscribe(select:)), or raise "
        + "nestedDispatchLimit.")
  }

  @usableFromInline
  func report(
    _ kind: StoreDiagnostic.Kind, actionType: Int?, _ message: String, error: (any Error)? = nil
  ) {
    reporter.report(kind, actionType: actionType, message, error: error)
  }
}
