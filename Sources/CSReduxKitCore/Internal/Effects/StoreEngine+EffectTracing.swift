// What a timeline learns of a recorded store's effects: `startEffect` calls `traceEffect` only
// when the store's `traceFlag` is set, so a store nobody records pays one atomic load per
// effect it starts, and nothing per dispatch.

extension _StoreEngine {
  /// The trace of an effect about to start, when a timeline that follows effects records the
  /// store; `nil` otherwise.
  ///
  /// Its cause is what is being handled here. A thunk that came through this store's traced
  /// middleware chain is handled under a mark of its own, which never becomes an entry (a
  /// thunk does not reach the queue): the effect's cause is then that mark's cause, so that
  /// the effect names, and with the kind it was made by, the entry or call that dispatched
  /// the thunk.
  @inline(never)
  func traceEffect(_ thunk: Thunk<State>) -> EffectTrace? {
    let context = _TraceContext.current
    let found = inner.withLock {
      core -> (ObjectIdentifier, Bool, @Sendable (_EffectEvent) -> Void)? in
      guard let tracer = core.tracing.tracer, let report = tracer.effects else { return nil }
      let id = ObjectIdentifier(tracer)
      guard let context else { return (id, false, report) }
      let isThunksOwn =
        context.kind == .middleware && context.mark.tracer == id && !context.mark.isAdmitted
      return (id, isThunksOwn, report)
    }
    guard let (tracer, isThunksOwn, report) = found else { return nil }
    let cause = isThunksOwn ? context?.mark.cause : context
    return EffectTrace(
      mark: _TraceMark(tracer: tracer, cause: cause), id: thunk.id, origin: thunk.origin,
      report: report)
  }

  /// Tells the timeline how the traced effect ended: cancelled (and by whom) when its gate
  /// was closed, whatever its work did after; failed when its work threw; finished otherwise.
  func endTrace(_ trace: EffectTrace, failure: (any Error)?, cancelled: Bool) {
    let end: _EffectEnd
    if cancelled {
      end = .cancelled(effects.cancellation(of: trace))
    } else if let failure {
      end = .failed(String(describing: failure))
    } else {
      end = .finished
    }
    trace.report(.ended(trace, end, endedAt: _uptimeNanoseconds()))
  }
}
