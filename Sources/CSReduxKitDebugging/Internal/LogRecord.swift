import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One entry as an ``ActionLog`` keeps it: what ``ActionLogEntry`` shows, plus what the log
/// counts (its state's bytes, whether it keeps its state), in one ring slot.
///
/// The timestamp is seconds since the reference date, a plain number: the log dates entries from
/// the store's commit time and a wall-clock anchor (see `LogInner.timestamp(committedAt:)`), and
/// makes the `Date` only when the entries are read.
@usableFromInline
struct LogRecord<State: StateProtocol>: Sendable {
  @usableFromInline var action: any ActionProtocol
  @usableFromInline var state: State
  @usableFromInline var timestamp: Double
  @usableFromInline var nanoseconds: UInt64
  @usableFromInline var sequenceNumber: Int
  /// The bytes counted for `state` that the state kept before it does not hold (see
  /// `SizeEstimate`); 0 when the entry does not keep it.
  @usableFromInline var size: Int
  /// All the bytes counted for `state`, shared ones included: its count once it is the log's
  /// initial state, with no state kept before it.
  @usableFromInline var total: Int
  /// Whether the entry keeps its state; one that does not is recomputed when read.
  @usableFromInline var isKept: Bool
  @usableFromInline var isSkipped = false
  @usableFromInline var isRejected: Bool

  @inlinable
  init(
    action: any ActionProtocol, state: State, timestamp: Double, nanoseconds: UInt64,
    sequenceNumber: Int, size: (added: Int, total: Int), isKept: Bool, isRejected: Bool
  ) {
    self.action = action
    self.state = state
    self.timestamp = timestamp
    self.nanoseconds = nanoseconds
    self.sequenceNumber = sequenceNumber
    self.size = size.added
    self.total = size.total
    self.isKept = isKept
    self.isRejected = isRejected
  }

  /// The action as it was dispatched: ``action`` without its ``RejectedAction`` wrapper.
  @usableFromInline
  var dispatchedAction: any ActionProtocol {
    (action as? RejectedAction)?.action ?? action
  }

  /// Whether the entry is a wholesale replacement of the state rather than a reduced action.
  var isStateReplacement: Bool { action.type == StateReplacedAction.type }

  /// Whether the action's payload is an ``UnexportedPayload`` placeholder.
  var hasUnexportedPayload: Bool { action.data is UnexportedPayload }

  /// The entry as the log shows it.
  var entry: ActionLogEntry<State> {
    var entry = ActionLogEntry(
      action: action, state: state, timestamp: Date(timeIntervalSinceReferenceDate: timestamp),
      reducerDuration: .nanoseconds(Int64(clamping: nanoseconds)),
      sequenceNumber: sequenceNumber, isSkipped: isSkipped)
    // A recomputation may have rejected the action, or applied a rejected one.
    entry.isRejected = isRejected
    return entry
  }
}
