import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One action an ``ActionLog`` recorded: the action as the store's subscribers received it, the
/// state committed for it, when, and how long its reducer took.
public struct ActionLogEntry<State: StateProtocol>: Sendable {
  /// The action as subscribers received it: a ``RejectedAction`` when the reducer did not apply
  /// it, a ``StateReplacedAction`` when the state was replaced wholesale.
  public let action: any ActionProtocol
  /// The state committed for the action.
  public internal(set) var state: State
  /// When the store notified the action.
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
  ///   - action: The action; a ``RejectedAction`` marks the entry rejected.
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
    self.isRejected = action is RejectedAction
  }

  /// The action as it was dispatched: ``action`` without its ``RejectedAction`` wrapper.
  public var dispatchedAction: any ActionProtocol {
    (action as? RejectedAction)?.action ?? action
  }

  /// Whether the entry is a wholesale replacement of the state rather than a reduced action.
  public var isStateReplacement: Bool { action.type == StateReplacedAction.type }

  /// Whether the entry's payload is an ``UnexportedPayload`` placeholder: the action cannot be
  /// dispatched again as it was, so replay and recomputation take its recorded state instead.
  public var hasUnexportedPayload: Bool { action.data is UnexportedPayload }
}

/// A finished recording: the state before the first entry, and the entries in order.
///
/// Take one from a live log with ``ActionLog/recording``, or import one with
/// ``ActionLogCodec/decode(_:)``. Replay it into a fresh store with
/// ``replay(into:)`` to check that the reducer still produces the same states.
public struct ActionRecording<State: StateProtocol>: Sendable {
  /// The state before the first entry.
  public var initialState: State
  /// The entries, oldest first.
  public var entries: [ActionLogEntry<State>]
  /// The name of the store that was recorded.
  public var storeName: String

  /// Creates a recording.
  ///
  /// - Parameters:
  ///   - initialState: The state before the first entry.
  ///   - entries: The entries, oldest first.
  ///   - storeName: The name of the store recorded.
  public init(initialState: State, entries: [ActionLogEntry<State>], storeName: String) {
    self.initialState = initialState
    self.entries = entries
    self.storeName = storeName
  }

  /// The state the store held after entry `index`, or the initial state for `-1`.
  ///
  /// - Parameter index: An entry's position, or `-1`.
  /// - Returns: The state committed for that entry.
  public func state(after index: Int) -> State {
    index < 0 ? initialState : entries[index].state
  }
}

extension ActionRecording where State: Equatable {
  /// Replays the recording into `store` and checks that every state matches the recorded one.
  ///
  /// The store's state is first replaced with ``initialState``; then each entry that is not
  /// skipped is applied in order and awaited: a ``StateReplacedAction`` entry replaces the state
  /// again, and so does an entry whose payload is an ``UnexportedPayload`` (it cannot be
  /// dispatched as it was; its outcome is not compared), any other is dispatched as it was
  /// originally dispatched. After each, the committed
  /// state is compared (`==`) with the recorded one, and so is whether the reducer rejected it.
  ///
  /// Use a fresh store with the same reducer and no middleware that changes actions: the log
  /// recorded actions after the recorded store's middleware, so they must not go through
  /// middleware again. Nothing else should dispatch to `store` meanwhile.
  ///
  /// - Parameter store: The store to replay into.
  /// - Returns: How many entries were applied.
  /// - Throws: ``ReplayMismatch`` for the first entry whose state or outcome differs.
  @discardableResult
  public func replay(into store: Store<State>) async throws(ReplayMismatch) -> Int {
    let lastDelivered = _Locked<(any ActionProtocol)?>(nil)
    let subscription = store.subscribe { action, _ in lastDelivered.withLock { $0 = action } }
    defer { subscription.cancel() }
    _ = await store.send(StateReplacedAction(state: initialState, reason: "replay start"))
    var applied = 0
    for (index, entry) in entries.enumerated() where !entry.isSkipped {
      let state: State
      if let replacement = entry.action as? StateReplacedAction {
        state = await store.send(
          StateReplacedAction(state: entry.state, reason: replacement.reason))
      } else if let placeholder = entry.action.data as? UnexportedPayload {
        // The payload was not exported: the recorded state stands in for the action.
        _ = await store.send(
          StateReplacedAction(
            state: entry.state,
            reason: "entry #\(entry.sequenceNumber): \(placeholder); its recorded state "
              + "stands in"))
        applied += 1
        continue
      } else {
        state = await store.send(entry.dispatchedAction)
      }
      applied += 1
      let wasRejected = lastDelivered.withLock { $0 } is RejectedAction
      guard state == entry.state, wasRejected == entry.isRejected else {
        throw ReplayMismatch(
          index: index, sequenceNumber: entry.sequenceNumber,
          action: entry.dispatchedAction, actionNames: store.actionNames,
          recordedRejected: entry.isRejected, replayedRejected: wasRejected,
          difference: StateDifference(from: entry.state, to: state))
      }
    }
    return applied
  }
}

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
    index: Int, sequenceNumber: Int, action: any ActionProtocol, actionNames: ActionTypeNames,
    recordedRejected: Bool, replayedRejected: Bool, difference: StateDifference?
  ) {
    self.index = index
    self.sequenceNumber = sequenceNumber
    self.action = action
    self.recordedRejected = recordedRejected
    self.replayedRejected = replayedRejected
    self.difference = difference
    self.actionLabel = actionNames.label(for: action.type)
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
