import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One action an ``ActionLog`` recorded: the action as the store's subscribers received it, the
/// state committed for it, when, and how long its reducer took.
public struct ActionLogEntry<State: StateProtocol>: Sendable {
  /// The action as subscribers received it: a `RejectedAction` when the reducer did not apply
  /// it, a `StateReplacedAction` when the state was replaced wholesale.
  public let action: any ActionProtocol
  /// The state committed for the action.
  public internal(set) var state: State
  /// When the store committed the action. A log dates its entries from the store's clock and
  /// a wall-clock reading it takes again whenever an entry comes more than a millisecond after
  /// the last reading, so entries in a dense burst share one reading.
  public let timestamp: Date
  /// From the reducer's call to the commit, including any asynchronous work before `finish`.
  public let reducerDuration: Duration
  /// A number that grows by one for each entry the log records, kept when older entries drop
  /// out of a full log; for display and for matching entries across an export.
  public let sequenceNumber: Int
  /// Whether the entry is toggled off: its action is left out when the log recomputes the
  /// states after it and when it is replayed. See ``ActionLog/setSkipped(_:at:completion:)``.
  public internal(set) var isSkipped: Bool
  /// Whether the reducer did not apply the action (the state stayed as before).
  public internal(set) var isRejected: Bool

  /// Creates an entry; logs make their own, this is for tools that build recordings.
  ///
  /// - Parameters:
  ///   - action: The action; a `RejectedAction` marks the entry rejected.
  ///   - state: The state committed for it.
  ///   - timestamp: When it was notified.
  ///   - reducerDuration: How long its reducer took.
  ///   - sequenceNumber: Its number in the recording.
  ///   - isSkipped: Whether it is toggled off.
  public init(
    action: any ActionProtocol, state: State, timestamp: Date, reducerDuration: Duration,
    sequenceNumber: Int, isSkipped: Bool = false
  ) {
    self.action = action
    self.state = state
    self.timestamp = timestamp
    self.reducerDuration = reducerDuration
    self.sequenceNumber = sequenceNumber
    self.isSkipped = isSkipped
    // The dynamic type compared directly: a cast from an existential (`is`) costs more than
    // recording the whole entry, and a struct's type has no subtypes.
    self.isRejected = type(of: action) == RejectedAction.self
  }

  /// The action as it was dispatched: ``action`` without its `RejectedAction` wrapper.
  public var dispatchedAction: any ActionProtocol {
    (action as? RejectedAction)?.action ?? action
  }

  /// Whether the entry is a wholesale replacement of the state rather than a reduced action.
  public var isStateReplacement: Bool { action.type == StateReplacedAction.type }

  /// Whether the entry's payload is an ``UnexportedPayload`` placeholder: the action cannot be
  /// dispatched again as it was, so replay and recomputation take its recorded state instead.
  public var hasUnexportedPayload: Bool { action.data is UnexportedPayload }
}
