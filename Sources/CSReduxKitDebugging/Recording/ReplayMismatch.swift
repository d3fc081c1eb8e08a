import CSReduxKitCore

/// Why a replay stopped: the first entry whose replayed state or outcome differs from the
/// recording.
public struct ReplayMismatch: Error, CustomStringConvertible {
  /// The entry's position in the recording.
  public let index: Int
  /// The entry's ``ActionLogEntry/sequenceNumber``.
  public let sequenceNumber: Int
  /// The action of that entry, as dispatched.
  public let action: any ActionProtocol
  /// Whether the recording says the reducer rejected the action.
  public let recordedRejected: Bool
  /// Whether the reducer rejected it in the replay.
  public let replayedRejected: Bool
  /// How the replayed state differs from the recorded one, field by field; `nil` when only the
  /// outcome differs.
  public let difference: StateDifference?
  let actionLabel: String

  init(
    index: Int, sequenceNumber: Int, action: any ActionProtocol,
    actions declaredActions: ActionTypes,
    recordedRejected: Bool, replayedRejected: Bool, difference: StateDifference?
  ) {
    self.index = index
    self.sequenceNumber = sequenceNumber
    self.action = action
    self.recordedRejected = recordedRejected
    self.replayedRejected = replayedRejected
    self.difference = difference
    self.actionLabel = declaredActions.label(for: action.type)
  }

  /// What differs, starting `replay differs at entry 3 (action 1 (add)):`, then one line per
  /// differing field as `recorded → replayed`.
  public var description: String {
    var lines = ["replay differs at entry \(index) (action \(actionLabel)):"]
    if recordedRejected != replayedRejected {
      lines.append(
        recordedRejected
          ? "  the recording says the reducer rejected it; the replay applied it"
          : "  the recording says the reducer applied it; the replay rejected it")
    }
    if let difference {
      lines.append("  the state differs (recorded → replayed):")
      lines.append(difference.description)
    }
    return lines.joined(separator: "\n")
  }
}
