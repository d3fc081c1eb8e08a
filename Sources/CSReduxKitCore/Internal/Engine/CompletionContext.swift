import _CSReduxKitShims

/// Tells a completion what became of its action, without changing the completion's type.
///
/// A completion is called synchronously by the store, so the store sets the calling thread's
/// context around the call, and a completion that wants the outcome (``Store/sendReportingOutcome(_:)``)
/// reads it first thing. Every call site sets it, `applied` included, and puts the previous
/// one back, so a completion that dispatches to another store never sees a stale outcome.
@usableFromInline
package final class _CompletionContext: Sendable {
  @usableFromInline let outcome: ActionOutcome

  @usableFromInline
  init(_ outcome: ActionOutcome) {
    self.outcome = outcome
  }

  /// The outcome of the action whose completion is running on this thread; `applied` when
  /// the store set none.
  package static var current: ActionOutcome {
    guard let context = csrk_completion_context() else { return .applied }
    return Unmanaged<_CompletionContext>.fromOpaque(context).takeUnretainedValue().outcome
  }

  /// Runs `body` (a completion call) with `outcome` as the thread's context; no allocation
  /// for `applied`.
  @inlinable
  static func with(_ outcome: ActionOutcome?, _ body: () -> Void) {
    guard let outcome, !outcome.isApplied else {
      let previous = csrk_set_completion_context(nil)
      body()
      csrk_set_completion_context(previous)
      return
    }
    let context = _CompletionContext(outcome)
    withExtendedLifetime(context) {
      let previous = csrk_set_completion_context(
        UnsafeRawPointer(Unmanaged.passUnretained(context).toOpaque()))
      body()
      csrk_set_completion_context(previous)
    }
  }
}

extension ActionOutcome {
  @usableFromInline
  var isApplied: Bool {
    if case .applied = self { return true }
    return false
  }
}
