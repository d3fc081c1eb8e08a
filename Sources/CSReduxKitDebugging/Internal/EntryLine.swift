import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

struct EntryLine<State: StateProtocol & Codable>: Codable {
  static var payloadsKey: CodingUserInfoKey {
    // A literal key: the initializer fails only for an empty string.
    CodingUserInfoKey(rawValue: "csreduxkit.payloads").unsafelyUnwrapped
  }

  let entry: ActionLogEntry<State>
  let name: String?
  let payload: PayloadForm
  /// The unknown action type of an entry read with ``UnknownActionTypePolicy/skip``.
  let skippedType: Int?

  init(entry: ActionLogEntry<State>, name: String?, payload: PayloadForm) {
    self.entry = entry
    self.name = name
    self.payload = payload
    self.skippedType = nil
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: EntryKey.self)
    let action = entry.dispatchedAction
    try container.encode(entry.sequenceNumber, forKey: .sequence)
    try container.encode(action.type, forKey: .type)
    try container.encodeIfPresent(name, forKey: .name)
    try container.encode(entry.state, forKey: .state)
    try container.encode(entry.timestamp.timeIntervalSince1970, forKey: .time)
    let (seconds, attoseconds) = entry.reducerDuration.components
    try container.encode(
      seconds * 1_000_000_000 + attoseconds / 1_000_000_000, forKey: .durationNanoseconds)
    try container.encode(entry.isRejected, forKey: .rejected)
    try container.encode(entry.isSkipped, forKey: .skipped)
    // No `error` for a reducer that let `finish` go: the import gives a RejectedAction with no
    // error again, so an export of an import is the same text.
    if let error = (entry.action as? RejectedAction)?.error {
      try container.encode("\(error)", forKey: .error)
    }
    if let replacement = action as? StateReplacedAction {
      try container.encode(replacement.reason, forKey: .reason)
    }
    switch payload {
    case .none: break
    case .null: try container.encodeNil(forKey: .payload)
    case .coded(let coder): try coder.encode(action.data, &container)
    case .placeholder(let placeholder):
      try container.encode(
        UnexportedPayloadLine(type: placeholder.typeName, summary: placeholder.summary),
        forKey: .unexportedPayload)
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: EntryKey.self)
    let type = try container.decode(Int.self, forKey: .type)
    let state = try container.decode(State.self, forKey: .state)
    let action: any ActionProtocol
    var skipped: Int?
    if type == StateReplacedAction.type {
      action = StateReplacedAction(
        state: state, reason: try container.decode(String.self, forKey: .reason))
    } else {
      let table = decoder.userInfo[Self.payloadsKey] as? PayloadTable
      let coder = table?.payloads[type]
      let payload: (any Sendable)?
      if let placeholder = try container.decodeIfPresent(
        UnexportedPayloadLine.self, forKey: .unexportedPayload)
      {
        payload = UnexportedPayload(typeName: placeholder.type, summary: placeholder.summary)
      } else if coder?.hasPayload != false, container.contains(.payload),
        try container.decodeNil(forKey: .payload)
      {
        payload = nil  // the action carried no payload
      } else if let coder {
        do {
          payload = try coder.decode(container)
        } catch {
          throw ActionLogImportError(
            line: 0,
            reason: "the payload of action type \(type) does not decode as \(coder.typeName): "
              + DecodingReason.explain(error, what: "payload"))
        }
      } else if table?.unknownActionTypes == .skip {
        skipped = type
        payload = nil
      } else {
        throw ActionLogImportError(
          line: 0,
          reason: "unknown action type \(type); register it with register(_:payload:) or "
            + "register(_:) on the codec, or import with unknownActionTypes: .skip")
      }
      let plain = Action(type: type, data: payload)
      if skipped != nil {
        action = StateReplacedAction(
          state: state,
          reason: "action type \(type) is unknown to the codec; its recorded state stands in")
      } else if try container.decode(Bool.self, forKey: .rejected) {
        let message = try container.decodeIfPresent(String.self, forKey: .error)
        action = RejectedAction(plain, error: message.map { RecordedError(description: $0) })
      } else {
        action = plain
      }
    }
    let nanoseconds = try container.decode(Int64.self, forKey: .durationNanoseconds)
    self.entry = ActionLogEntry(
      action: action, state: state,
      timestamp: Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .time)),
      reducerDuration: .nanoseconds(nanoseconds),
      sequenceNumber: try container.decode(Int.self, forKey: .sequence),
      isSkipped: try container.decode(Bool.self, forKey: .skipped))
    self.name = try container.decodeIfPresent(String.self, forKey: .name)
    self.payload = .none
    self.skippedType = skipped
  }
}
