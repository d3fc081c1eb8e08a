// What a timeline learns of the effects of a store it records: each start, each end, and who
// cancelled an effect.

/// One effect of a recorded store, as a timeline follows it from its start to its end.
///
/// Made as the effect starts, only when a timeline records the store (`traceFlag`): a store
/// nobody records makes none. Its ``mark`` is the cause of everything the effect dispatches,
/// into its own store or another: a timeline numbers the mark as an effect, never as an
/// entry, so a chain of causes that meets it names the effect and goes on to the effect's own
/// cause.
package final class EffectTrace: Sendable {
  /// The cause of the effect's dispatches; its own cause is what was being handled when the
  /// effect started (`nil` for a start from outside every recorded store).
  package let mark: _TraceMark
  /// The identity the effect was started with, if any.
  package let id: (any Hashable & Sendable)?
  /// Where its thunk was created: `File.swift:12`.
  package let origin: String?
  /// When it started (`_uptimeNanoseconds()`).
  package let startedAt: UInt64
  /// The timeline's listener, told of the start and of the end.
  let report: @Sendable (_EffectEvent) -> Void
  /// Tells the timeline that the effect started: after it was registered, before its task
  /// runs, so that the timeline numbers it before anything it dispatches is recorded.
  func reportStart() {
    report(.started(self))
  }

  /// Who cancelled it: written and read under its store's effect registry lock, by the call
  /// that closes its gate and by the end of its task.
  nonisolated(unsafe) var cancellation: _EffectCancellation?

  init(
    mark: _TraceMark, id: (any Hashable & Sendable)?, origin: String?,
    report: @escaping @Sendable (_EffectEvent) -> Void
  ) {
    self.mark = mark
    self.id = id
    self.origin = origin
    self.startedAt = _uptimeNanoseconds()
    self.report = report
  }
}

/// Who cancelled an effect.
package struct _EffectCancellation: Sendable {
  /// How the effect was cancelled.
  package enum Reason: UInt8, Sendable {
    /// A newer effect with the same identity started with `cancelInFlight`.
    case newerEffect
    /// The store went away.
    case storeGone
    /// `cancelEffects(id:)` or `cancelAllEffects()`, on the store or an effect's context.
    case call
  }

  package let reason: Reason
  /// What cancelled it: the newer effect's mark, or what was being handled where the cancelling
  /// call was made (an entry, an effect); `nil` when nothing recorded was.
  package let by: _TraceCause?

  init(_ reason: Reason, by: _TraceCause?) {
    self.reason = reason
    self.by = by
  }
}

/// How an effect ended.
package enum _EffectEnd: Sendable {
  /// Its work returned.
  case finished
  /// Its work threw, and it was not cancelled: the error's description.
  case failed(String)
  /// It was cancelled, by whom when known.
  case cancelled(_EffectCancellation?)
}

/// What a recorded store tells its timeline about its effects.
package enum _EffectEvent: Sendable {
  /// An effect started; the timeline numbers its mark.
  case started(EffectTrace)
  /// An effect's work returned, at `_uptimeNanoseconds()` `endedAt`.
  case ended(EffectTrace, _EffectEnd, endedAt: UInt64)
}
