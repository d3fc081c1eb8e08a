/// Sends a store's diagnostics: its name, its action names and its diagnostics closure.
///
/// A separate object so that finish callbacks can report misuse (a second call, long after the
/// action completed) without holding the store's engine, which would keep it alive in a cycle
/// through a reducer that kept its callbacks.
@usableFromInline
final class _Reporter: Sendable {
  let storeName: String
  let declaredActions: ActionTypes
  let diagnostics: @Sendable (StoreDiagnostic) -> Void

  @usableFromInline
  init(
    storeName: String, actions declaredActions: ActionTypes,
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void
  ) {
    self.storeName = storeName
    self.declaredActions = declaredActions
    self.diagnostics = diagnostics
  }

  func report(
    _ kind: StoreDiagnostic.Kind, actionType: Int?, _ message: String, error: (any Error)? = nil
  ) {
    diagnostics(
      StoreDiagnostic(
        kind: kind, storeName: storeName, actionType: actionType,
        actionName: actionType.flatMap { declaredActions[$0] }, message: message, error: error))
  }

  @usableFromInline
  func reportFinishCalledTwice(actionType: Int?, child: String?) {
    let who = child.map { "child reducer '\($0)' called finish" } ?? "finish was called"
    report(
      .finishCalledTwice, actionType: actionType,
      "\(who) again after it had completed; the extra call was ignored. "
        + "Call finish exactly once per action.")
  }
}
