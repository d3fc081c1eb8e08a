import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An effect a recorded store ran (the work of a `Thunk` made with `Thunk.effect`): where it
/// was created, what started it, how it ended, in the timeline's global order.
///
/// The entries it dispatched name it in ``TimelineEntry/effect``; their
/// ``TimelineEntry/cause`` is the effect's own ``cause``, of kind
/// ``TimelineCause/Kind/effect``. A timeline never runs an effect again: replay applies the
/// actions it dispatched as recorded.
///
/// ```swift
/// for effect in timeline.effects {
///   let outcome = effect.end.map { "\($0.outcome)" } ?? "running"
///   print(effect.number, effect.origin ?? "?", outcome)
/// }
/// ```
public struct TimelineEffect: Sendable, Hashable {
  /// The effect's number: effects of all the stores, in the order they started, from 0.
  public let number: Int
  /// The name of the store that ran it.
  public let storeName: String
  /// Its identity as `String(reflecting:)` writes it, when it was started with one.
  public let id: String?
  /// Where its thunk was created: `Feature/Search.swift:42`.
  public let origin: String?
  /// The entry during whose handling it started, and how it was started (a subscriber, a
  /// middleware, another effect's dispatch is ``TimelineCause/Kind/effect``); `nil` when it
  /// was started from outside every recorded store (a button).
  public let cause: TimelineCause?
  /// The ``TimelineEntry/sequence`` of the last entry recorded before it started (one less
  /// than the first entry's when it started before all of them): where it starts in the
  /// global order.
  public let startedAfter: Int
  /// When it started.
  public let startTime: Date
  /// How it ended; `nil` while it runs.
  public let end: End?

  /// How an effect ended, and where in the global order.
  public struct End: Sendable, Hashable {
    /// Finished, failed or cancelled.
    public let outcome: Outcome
    /// The ``TimelineEntry/sequence`` of the last entry recorded before it ended.
    public let after: Int
    /// When its work returned.
    public let time: Date

    /// Creates an end.
    ///
    /// - Parameters:
    ///   - outcome: How it ended.
    ///   - after: The sequence number of the last entry recorded before it ended.
    ///   - time: When its work returned.
    public init(outcome: Outcome, after: Int, time: Date) {
      self.outcome = outcome
      self.after = after
      self.time = time
    }
  }

  /// How an effect's work ended.
  public enum Outcome: Sendable, Hashable, CustomStringConvertible {
    /// Its work returned.
    case finished
    /// Its work threw, and the effect was not cancelled: the error's description.
    case failed(error: String)
    /// It was cancelled (its work may have returned normally after): by whom, when known.
    case cancelled(Cancellation?)

    /// `finished`, `failed: …`, `cancelled by a newer effect (#3)`, …
    public var description: String {
      switch self {
      case .finished: "finished"
      case .failed(let error): "failed: \(error)"
      case .cancelled(let cancellation):
        "cancelled" + (cancellation.map { " \($0)" } ?? "")
      }
    }

    /// The outcome's name in a timeline file: `"finished"`, `"failed"` or `"cancelled"`.
    public var name: String {
      switch self {
      case .finished: "finished"
      case .failed: "failed"
      case .cancelled: "cancelled"
      }
    }
  }

  /// Who cancelled an effect.
  public struct Cancellation: Sendable, Hashable, CustomStringConvertible {
    /// How an effect was cancelled.
    public enum Reason: Sendable, Hashable, CaseIterable {
      /// A newer effect with the same identity started with `cancelInFlight: true`.
      case newerEffect
      /// Its store went away.
      case storeGone
      /// A call of `cancelEffects(id:)` or `cancelAllEffects()`, on the store or on an
      /// effect's context.
      case cancelCall

      /// The reason's name in a timeline file: `"newerEffect"`, `"storeGone"`, `"cancelCall"`.
      public var name: String {
        switch self {
        case .newerEffect: "newerEffect"
        case .storeGone: "storeGone"
        case .cancelCall: "cancelCall"
        }
      }

      /// The reason named `name` in a timeline file, or `nil` for a name this version does
      /// not know.
      ///
      /// - Parameter name: A reason's ``name``.
      public init?(name: String) {
        guard let reason = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = reason
      }
    }

    /// How it was cancelled.
    public let reason: Reason
    /// The effect that cancelled it: the newer effect, or the effect whose context made the
    /// call.
    public let effect: Int?
    /// The entry during whose handling the cancelling call was made, when it was not made by
    /// an effect.
    public let cause: TimelineCause?

    /// Creates a cancellation.
    ///
    /// - Parameters:
    ///   - reason: How it was cancelled.
    ///   - effect: The effect that cancelled it, if one did.
    ///   - cause: The entry during whose handling the call was made, if any.
    public init(reason: Reason, effect: Int? = nil, cause: TimelineCause? = nil) {
      self.reason = reason
      self.effect = effect
      self.cause = cause
    }

    /// `by a newer effect (#3)`, `as its store went away`, `by a call during #5 (subscriber)`.
    public var description: String {
      let by = effect.map { " (effect #\($0))" } ?? cause.map { " during \($0)" } ?? ""
      switch reason {
      case .newerEffect: return "by a newer effect" + by
      case .storeGone: return "as its store went away"
      case .cancelCall: return "by a call" + by
      }
    }
  }

  init(
    number: Int, storeName: String, id: String?, origin: String?, cause: TimelineCause?,
    startedAfter: Int, startTime: Date, end: End?
  ) {
    self.number = number
    self.storeName = storeName
    self.id = id
    self.origin = origin
    self.cause = cause
    self.startedAfter = startedAfter
    self.startTime = startTime
    self.end = end
  }
}
