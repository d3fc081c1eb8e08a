import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
  /// skipped is applied in order and awaited: a `StateReplacedAction` entry replaces the state
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
    await store.send(StateReplacedAction(state: initialState, reason: "replay start"))
    var applied = 0
    for (index, entry) in entries.enumerated() where !entry.isSkipped {
      let state: State
      if let replacement = entry.action as? StateReplacedAction {
        state = await store.send(
          StateReplacedAction(state: entry.state, reason: replacement.reason)
        ).state
      } else if let placeholder = entry.action.data as? UnexportedPayload {
        // The payload was not exported: the recorded state stands in for the action.
        await store.send(
          StateReplacedAction(
            state: entry.state,
            reason: "entry #\(entry.sequenceNumber): \(placeholder); its recorded state "
              + "stands in"))
        applied += 1
        continue
      } else {
        state = await store.send(entry.dispatchedAction).state
      }
      applied += 1
      let wasRejected = lastDelivered.withLock { $0 } is RejectedAction
      guard state == entry.state, wasRejected == entry.isRejected else {
        throw ReplayMismatch(
          index: index, sequenceNumber: entry.sequenceNumber,
          action: entry.dispatchedAction, actions: store.declaredActions,
          recordedRejected: entry.isRejected, replayedRejected: wasRejected,
          difference: StateDifference(from: entry.state, to: state))
      }
    }
    return applied
  }
}
