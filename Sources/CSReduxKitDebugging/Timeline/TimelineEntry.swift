import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One entry of a ``Timeline``: an action one of its stores committed, in the timeline's
/// global order, with its cause.
public struct TimelineEntry: Sendable {
  /// The entry's global number: entries of all the stores, in the order the timeline recorded
  /// their commits.
  public let sequence: Int
  /// The name of the store that committed the action.
  public let storeName: String
  /// The entry's number among its store's entries: 0, 1, 2, …
  public let index: Int
  /// The action as the store's subscribers received it: a `RejectedAction` when the reducer
  /// did not apply it, a `StateReplacedAction` for a replacement.
  public let action: any ActionProtocol
  /// The store's state after the entry; cast it to the store's state type.
  public internal(set) var state: any Sendable
  /// The entry during whose handling the action was dispatched, when the library knows it.
  /// For an action an effect dispatched, the entry that started the effect (kind
  /// ``TimelineCause/Kind/effect``), which ``effect`` names.
  public let cause: TimelineCause?
  /// The ``TimelineEffect/number`` of the effect that dispatched the action, when one did:
  /// the effect's start is the action's cause. `nil` for any other action.
  public let effect: Int?
  /// Whether the reducer did not apply the action.
  public internal(set) var isRejected: Bool
  /// Whether the entry is toggled off (see ``Timeline/setSkipped(_:sequence:)``).
  public internal(set) var isSkipped: Bool
  /// When the entry was recorded.
  public let timestamp: Date
  /// From the reducer's call to the commit.
  public let reducerDuration: Duration
  /// How long the store's middleware chain held the action before it reached the store's
  /// queue, for a store with middleware; `nil` for a store without, for an action an effect
  /// dispatched, and in a file that does not record it.
  public let middlewareDuration: Duration?
  /// What a redaction policy withheld from the entry, as the file marks it (`"payload"`,
  /// `"payload.password"`, `"state.token"`); empty for a live timeline's entries.
  public let redactedFields: [String]

  init(
    sequence: Int, storeName: String, index: Int, action: any ActionProtocol,
    state: any Sendable, cause: TimelineCause?, isRejected: Bool, isSkipped: Bool,
    timestamp: Date, reducerDuration: Duration, redactedFields: [String] = [],
    effect: Int? = nil, middlewareDuration: Duration? = nil
  ) {
    self.effect = effect
    self.middlewareDuration = middlewareDuration
    self.sequence = sequence
    self.storeName = storeName
    self.index = index
    self.action = action
    self.state = state
    self.cause = cause
    self.isRejected = isRejected
    self.isSkipped = isSkipped
    self.timestamp = timestamp
    self.reducerDuration = reducerDuration
    self.redactedFields = redactedFields
  }

  /// The action as it was dispatched: ``action`` without its `RejectedAction` wrapper.
  public var dispatchedAction: any ActionProtocol {
    (action as? RejectedAction)?.action ?? action
  }

  /// Whether a redaction policy withheld the payload, whole or a field of it: replay takes
  /// the recorded state in place of the action.
  public var hasRedactedPayload: Bool {
    redactedFields.contains { $0 == "payload" || $0.hasPrefix("payload.") }
  }
}
