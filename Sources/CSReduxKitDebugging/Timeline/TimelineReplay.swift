import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Replays a ``TimelineSession`` into fresh stores, in global order, and checks every
/// recorded state: the app's `replay --check`.
///
/// ```swift
/// var replay = TimelineReplay()
/// replay.add(Store(state: AccountState(), reducer: accountReducer, name: "Account"),
///   codec: accountCodec)
/// replay.add(Store(state: TodoState(), reducer: todoReducer, name: "Todos"),
///   codec: todoCodec)
/// try await replay.check(session)
/// ```
///
/// Each store starts from its recorded initial state; then each entry that is not skipped is
/// sent to its store and awaited, and the committed state is compared with the recorded one
/// (`==`), as is whether the reducer rejected it. A `StateReplacedAction` entry, one whose
/// payload was not exported and one whose payload a redaction withheld are reset points: the
/// recorded state stands in for the action. An entry whose state has withheld fields is
/// compared after withholding the same fields from the replayed state.
///
/// Use fresh stores with the same reducers, no middleware that changes actions, and nothing
/// wired between them (no coordinator, no subscriber that dispatches): the session holds the
/// actions that caused ones caused too, and replays each of them itself.
public struct TimelineReplay: Sendable {
  var lanes: [String: ReplayLane] = [:]

  /// Creates a replay with no stores.
  public init() {}

  /// Adds the store that replays the session's store of the same name.
  ///
  /// - Parameters:
  ///   - store: A fresh store with the recorded store's reducer and name.
  ///   - codec: The store's codec, for comparing redacted states.
  public mutating func add<State: StateProtocol & Codable & Equatable>(
    _ store: Store<State>, codec: ActionLogCodec<State>
  ) {
    lanes[store.name] = ReplayLane(store: store)
  }

  /// Replays `session` and checks it.
  ///
  /// - Parameter session: The session, read by ``TimelineCodec`` or taken from
  ///   ``Timeline/session``.
  /// - Returns: How many entries were replayed.
  /// - Throws: ``TimelineReplayMismatch`` for the first entry whose state or outcome differs,
  ///   naming its store and entry, or for a store of the session that was not added.
  @discardableResult
  public func check(_ session: TimelineSession) async throws(TimelineReplayMismatch) -> Int {
    for store in session.stores {
      guard let lane = lanes[store.name] else {
        throw TimelineReplayMismatch(
          storeName: store.name, sequence: nil, index: nil,
          reason: "no store named \"\(store.name)\" was added to the replay")
      }
      guard await lane.start(store.initialState) else {
        throw TimelineReplayMismatch(
          storeName: store.name, sequence: nil, index: nil,
          reason: "its initial state is not a state of the store added")
      }
    }
    var replayed = 0
    for entry in session.entries where !entry.isSkipped {
      guard let lane = lanes[entry.storeName] else {
        throw TimelineReplayMismatch(
          storeName: entry.storeName, sequence: entry.sequence, index: entry.index,
          reason: "no store named \"\(entry.storeName)\" was added to the replay")
      }
      let stateFields = entry.redactedFields.compactMap { mark in
        mark.hasPrefix("state.") ? String(mark.dropFirst("state.".count)) : nil
      }
      if let reason = await lane.replay(entry, stateFields) {
        throw TimelineReplayMismatch(
          storeName: entry.storeName, sequence: entry.sequence, index: entry.index,
          reason: reason)
      }
      replayed += 1
    }
    return replayed
  }
}

/// One store of a replay, with what needs its state type.
struct ReplayLane: Sendable {
  let start: @Sendable (any Sendable) async -> Bool
  /// Replays the entry; returns why it differs, or `nil`.
  let replay: @Sendable (TimelineEntry, [String]) async -> String?

  init<State: StateProtocol & Codable & Equatable>(store: Store<State>) {
    start = { state in
      guard let state = state as? State else { return false }
      _ = await store.send(StateReplacedAction(state: state, reason: "replay start"))
      return true
    }
    let declaredActions = store.declaredActions
    replay = { entry, withheld in
      guard let recorded = entry.state as? State else {
        return "its recorded state is not a \(State.self)"
      }
      let isReset =
        entry.action.type == StateReplacedAction.type || entry.hasRedactedPayload
        || entry.dispatchedAction.data is UnexportedPayload
      if isReset {
        await store.send(
          StateReplacedAction(
            state: recorded,
            reason: "entry #\(entry.sequence): its recorded state stands in"))
        return nil
      }
      let result = await store.send(entry.dispatchedAction)
      let state = result.state
      let outcome = result.outcome
      let wasRejected: Bool
      if case .failed = outcome { wasRejected = true } else { wasRejected = false }
      let label = declaredActions.label(for: entry.dispatchedAction.type)
      if wasRejected != entry.isRejected {
        return "action \(label): "
          + (entry.isRejected
            ? "the recording says the reducer rejected it; the replay applied it"
            : "the recording says the reducer applied it; the replay rejected it")
      }
      if withheld.isEmpty {
        guard state != recorded else { return nil }
        let difference = StateDifference(from: recorded, to: state).map { "\n\($0)" } ?? ""
        return "action \(label): the state differs (recorded → replayed):\(difference)"
      }
      // Withheld fields cannot be compared: both states are compared without them.
      guard let mine = try? Self.withholding(withheld, from: state),
        let theirs = try? Self.withholding(withheld, from: recorded)
      else { return "action \(label): the states do not encode" }
      return mine == theirs
        ? nil
        : "action \(label): the state differs outside its redacted fields "
          + "(\(withheld.joined(separator: ", ")))"
    }
  }

  static func withholding<State: Encodable>(_ fields: [String], from state: State) throws
    -> JSONValue
  {
    let value = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(state))
    guard var object = value.fields else { return value }
    for field in fields { object[field] = object[field]?.blank }
    return .object(object)
  }
}

/// Why a timeline replay stopped: the first store and entry that differ.
public struct TimelineReplayMismatch: Error, Sendable, CustomStringConvertible {
  /// The store of the entry that differs.
  public let storeName: String
  /// The entry's global number, `nil` when the store itself is the problem.
  public let sequence: Int?
  /// The entry's index in its store.
  public let index: Int?
  /// What differs, in words.
  public let reason: String

  init(storeName: String, sequence: Int?, index: Int?, reason: String) {
    self.storeName = storeName
    self.sequence = sequence
    self.index = index
    self.reason = reason
  }

  /// `"replay differs at entry #5 (Todos entry 2): …"`.
  public var description: String {
    guard let sequence, let index else { return "replay cannot check \(storeName): \(reason)" }
    return "replay differs at entry #\(sequence) (\(storeName) entry \(index)): \(reason)"
  }
}
