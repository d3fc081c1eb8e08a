import CSReduxKitCore
import CSReduxKitPersistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes an ``ActionRecording`` as JSON Lines and reads it back, when the state is `Codable`
/// and each action type's payload has a registered `Codable` type.
///
/// Actions keep their `Int` type and untyped payload; the codec learns, per action type, what
/// the payload is:
///
/// ```swift
/// var codec = ActionLogCodec<TodoState>(actionNames: ActionTypeNames(TodoAction.self))
/// codec.register(TodoAction.add, payload: String.self)
/// codec.register(TodoAction.delete, payload: Int.self)
/// codec.register(TodoAction.clear)  // no payload
/// let text = try codec.encode(log.recording)
/// let recording = try codec.decode(text)
/// ```
///
/// ## Format
///
/// One JSON object per line, keys sorted. The first line is a header:
/// `{"entryCount":2,"format":"csreduxkit-action-log","initialState":{…},"store":"TodoStore","version":1}`;
/// then one line per entry: `{"durationNanoseconds":1250,"name":"add","payload":"Buy milk",`
/// `"rejected":false,"sequence":0,"skipped":false,"state":{…},"time":1795000000.25,"type":0}`.
/// A rejected entry adds `"error"` (the error's description); a ``StateReplacedAction`` entry
/// has the reserved type and a `"reason"` instead of a payload.
///
/// ## Errors
///
/// Decoding checks the whole text before returning anything: an unknown action type, a payload
/// that does not decode as its registered type, a line that is not JSON, a missing field, a
/// state that does not decode, or fewer entries than the header announced (a truncated file)
/// each throw an ``ActionLogImportError`` naming the line and the reason.
public struct ActionLogCodec<State: StateProtocol & Codable>: Sendable {
  /// The format marker in the header line.
  public static var format: String { "csreduxkit-action-log" }
  /// The format version this codec writes and reads.
  public static var version: Int { 1 }

  /// Names written next to the action types, for people reading the file.
  public let actionNames: ActionTypeNames
  var payloads: [Int: _PayloadCoder] = [:]

  /// Creates a codec with no action types registered.
  ///
  /// - Parameter actionNames: Names to write next to the action types.
  public init(actionNames: ActionTypeNames = .none) {
    self.actionNames = actionNames
  }

  /// Registers an action type whose payload is a `Payload`.
  ///
  /// - Parameters:
  ///   - type: The action type.
  ///   - payload: The payload's type.
  public mutating func register<Payload: Codable & Sendable>(
    _ type: Int, payload: Payload.Type
  ) {
    payloads[type] = _PayloadCoder(
      typeName: String(describing: Payload.self),
      encode: { value, container in
        guard let value = value as? Payload else {
          throw _PayloadMismatch(found: value.map { "\(Swift.type(of: $0))" } ?? "none")
        }
        try container.encode(value, forKey: .payload)
      },
      decode: { container in try container.decode(Payload.self, forKey: .payload) })
  }

  /// Registers an action type that carries no payload.
  ///
  /// - Parameter type: The action type.
  public mutating func register(_ type: Int) {
    payloads[type] = _PayloadCoder(
      typeName: "no payload",
      encode: { value, _ in
        if let value { throw _PayloadMismatch(found: "\(Swift.type(of: value))") }
      },
      decode: { _ in nil })
  }

  /// Registers an action type, given as a case of an `Int`-backed enum, whose payload is a
  /// `Payload`.
  ///
  /// - Parameters:
  ///   - type: The case whose raw value is the action type.
  ///   - payload: The payload's type.
  public mutating func register<T: RawRepresentable, Payload: Codable & Sendable>(
    _ type: T, payload: Payload.Type
  ) where T.RawValue == Int {
    register(type.rawValue, payload: payload)
  }

  /// Registers an action type, given as a case of an `Int`-backed enum, that carries no payload.
  ///
  /// - Parameter type: The case whose raw value is the action type.
  public mutating func register<T: RawRepresentable>(_ type: T) where T.RawValue == Int {
    register(type.rawValue)
  }

  // MARK: - Encoding

  /// Writes `recording` as JSON Lines, one line per entry after a header line, each ending
  /// with a newline.
  ///
  /// - Parameter recording: The recording to write.
  /// - Returns: The text.
  /// - Throws: ``ActionLogExportError`` naming the first entry whose action type is not
  ///   registered, whose payload is not of the registered type, or that does not encode.
  public func encode(_ recording: ActionRecording<State>) throws(ActionLogExportError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var lines: [String] = []
    lines.reserveCapacity(recording.entries.count + 1)
    let header = _LogHeader(
      format: Self.format, version: Self.version, store: recording.storeName,
      entryCount: recording.entries.count, initialState: recording.initialState)
    do {
      lines.append(String(decoding: try encoder.encode(header), as: UTF8.self))
    } catch {
      throw ActionLogExportError(
        entryIndex: nil, reason: "the initial state does not encode: \(error)")
    }
    for (index, entry) in recording.entries.enumerated() {
      let type = entry.dispatchedAction.type
      let coder: _PayloadCoder?
      if entry.isStateReplacement {
        coder = nil
      } else {
        guard let registered = payloads[type] else {
          throw ActionLogExportError(
            entryIndex: index,
            reason: "action type \(actionNames.label(for: type)) is not registered; call "
              + "register(_:payload:) or register(_:) on the codec for it")
        }
        coder = registered
      }
      let line = _EntryLine(entry: entry, name: actionNames[type], coder: coder)
      do {
        lines.append(String(decoding: try encoder.encode(line), as: UTF8.self))
      } catch let mismatch as _PayloadMismatch {
        throw ActionLogExportError(
          entryIndex: index,
          reason: "action \(actionNames.label(for: type)) carries a payload of type "
            + "\(mismatch.found), but its registered payload type is \(coder?.typeName ?? "?")")
      } catch {
        throw ActionLogExportError(entryIndex: index, reason: "it does not encode: \(error)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Writes `recording` to a file as JSON Lines, replacing it atomically.
  ///
  /// - Parameters:
  ///   - recording: The recording to write.
  ///   - url: The file.
  /// - Throws: ``ActionLogExportError`` when an entry does not encode or the file cannot be
  ///   written.
  public func write(_ recording: ActionRecording<State>, to url: URL) throws(ActionLogExportError) {
    let text = try encode(recording)
    do {
      try _Files.replace(url, with: Data(text.utf8))
    } catch {
      throw ActionLogExportError(
        entryIndex: nil, reason: "\(url.path) was not written: \(error.what)")
    }
  }

  // MARK: - Decoding

  /// Reads a recording written by ``encode(_:)``.
  ///
  /// Nothing partial is ever returned: the whole text is checked first.
  ///
  /// - Parameter text: JSON Lines text.
  /// - Returns: The recording.
  /// - Throws: ``ActionLogImportError`` naming the first bad line and why it is bad.
  public func decode(_ text: String) throws(ActionLogImportError) -> ActionRecording<State> {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let first = lines.first else {
      throw ActionLogImportError(line: 1, reason: "the file is empty; expected a header line")
    }
    let decoder = JSONDecoder()
    decoder.userInfo[_EntryLine<State>.payloadsKey] = _PayloadTable(payloads: payloads)

    let header: _LogHeader<State>
    do {
      header = try decoder.decode(_LogHeader<State>.self, from: Data(first.utf8))
    } catch {
      throw ActionLogImportError(line: 1, reason: Self.explain(error, what: "header"))
    }
    guard header.format == Self.format else {
      throw ActionLogImportError(
        line: 1,
        reason: "not an action log: format is \"\(header.format)\", expected "
          + "\"\(Self.format)\"")
    }
    guard header.version == Self.version else {
      throw ActionLogImportError(
        line: 1,
        reason: "format version \(header.version) is not supported; this codec reads "
          + "version \(Self.version)")
    }
    var entries: [ActionLogEntry<State>] = []
    entries.reserveCapacity(lines.count - 1)
    for (offset, text) in lines.dropFirst().enumerated() {
      let number = offset + 2
      guard !text.isEmpty else {
        throw ActionLogImportError(line: number, reason: "the line is empty")
      }
      do {
        entries.append(try decoder.decode(_EntryLine<State>.self, from: Data(text.utf8)).entry)
      } catch let error as ActionLogImportError {
        throw ActionLogImportError(line: number, reason: error.reason)
      } catch {
        throw ActionLogImportError(line: number, reason: Self.explain(error, what: "entry"))
      }
    }
    guard entries.count == header.entryCount else {
      let found = entries.count
      if found < header.entryCount {
        throw ActionLogImportError(
          line: lines.count + 1,
          reason: "the file ends after \(found) entr\(found == 1 ? "y" : "ies"); the header "
            + "announced \(header.entryCount) (truncated?)")
      }
      throw ActionLogImportError(
        line: header.entryCount + 2,
        reason: "more entries than the \(header.entryCount) the header announced")
    }
    return ActionRecording(
      initialState: header.initialState, entries: entries, storeName: header.store)
  }

  /// Reads a recording from a file written by ``write(_:to:)``.
  ///
  /// - Parameter url: The file.
  /// - Returns: The recording.
  /// - Throws: ``ActionLogImportError``: line 0 when the file cannot be read or is not UTF-8.
  public func read(from url: URL) throws(ActionLogImportError) -> ActionRecording<State> {
    let contents: Data?
    do {
      contents = try _Files.read(url)
    } catch {
      throw ActionLogImportError(line: 0, reason: "\(url.path): \(error.what)")
    }
    guard let data = contents else {
      throw ActionLogImportError(line: 0, reason: "there is no file at \(url.path)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ActionLogImportError(line: 0, reason: "\(url.path) is not UTF-8 text")
    }
    return try decode(text)
  }

  /// A short reason for a decoding error: invalid JSON, a missing field, a wrong type.
  static func explain(_ error: any Error, what: String) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ keys: [any CodingKey]) -> String {
      keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "not valid JSON (a corrupt or truncated line)"
    case .dataCorrupted(let context):
      return "\(what) field \(path(context.codingPath)) is invalid: \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "\(what) has no field \(path(context.codingPath + [key]))"
    case .typeMismatch(let type, let context):
      return "\(what) field \(path(context.codingPath)) is not of type \(type)"
    case .valueNotFound(let type, let context):
      return "\(what) field \(path(context.codingPath)) is null; expected \(type)"
    @unknown default:
      return "\(error)"
    }
  }
}

/// Why an ``ActionLogCodec`` could not read a recording; nothing was read.
public struct ActionLogImportError: Error, CustomStringConvertible, Equatable {
  /// The line at fault, from 1; 0 for the file as a whole.
  public let line: Int
  /// What is wrong with it.
  public let reason: String

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - line: The line at fault, from 1; 0 for the file as a whole.
  ///   - reason: What is wrong with it.
  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }

  /// `action log, line 3: unknown action type 7; …`.
  public var description: String {
    line == 0 ? "action log: \(reason)" : "action log, line \(line): \(reason)"
  }
}

/// Why an ``ActionLogCodec`` could not write a recording; nothing was written.
public struct ActionLogExportError: Error, CustomStringConvertible, Equatable {
  /// The position of the entry at fault, or `nil` for the recording as a whole.
  public let entryIndex: Int?
  /// What is wrong.
  public let reason: String

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - entryIndex: The position of the entry at fault, or `nil` for the whole recording.
  ///   - reason: What is wrong.
  public init(entryIndex: Int?, reason: String) {
    self.entryIndex = entryIndex
    self.reason = reason
  }

  /// `cannot export entry 3: action type 7 is not registered; …`.
  public var description: String {
    guard let entryIndex else { return "cannot export the action log: \(reason)" }
    return "cannot export entry \(entryIndex): \(reason)"
  }
}

// MARK: - Lines

/// How to write and read one action type's payload.
struct _PayloadCoder: Sendable {
  let typeName: String
  let encode:
    @Sendable (
      (any Sendable)?, inout KeyedEncodingContainer<_EntryKey>
    ) throws -> Void
  let decode: @Sendable (KeyedDecodingContainer<_EntryKey>) throws -> (any Sendable)?
}

struct _PayloadMismatch: Error {
  let found: String
}

/// The registered payload coders, handed to the decoder through `userInfo`.
struct _PayloadTable: Sendable {
  let payloads: [Int: _PayloadCoder]
}

/// An error whose description is a message recorded in a file, for imported rejected entries.
struct _RecordedError: Error, CustomStringConvertible {
  let description: String
}

struct _LogHeader<State: Codable>: Codable {
  let format: String
  let version: Int
  let store: String
  let entryCount: Int
  let initialState: State
}

enum _EntryKey: String, CodingKey {
  case sequence, type, name, payload, state, time, durationNanoseconds, rejected, error
  case skipped, reason
}

struct _EntryLine<State: StateProtocol & Codable>: Codable {
  static var payloadsKey: CodingUserInfoKey {
    // A literal key: the initializer fails only for an empty string.
    CodingUserInfoKey(rawValue: "csreduxkit.payloads").unsafelyUnwrapped
  }

  let entry: ActionLogEntry<State>
  let name: String?
  let coder: _PayloadCoder?

  init(entry: ActionLogEntry<State>, name: String?, coder: _PayloadCoder?) {
    self.entry = entry
    self.name = name
    self.coder = coder
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _EntryKey.self)
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
    if let rejected = entry.action as? RejectedAction {
      try container.encode(rejected.error.map { "\($0)" } ?? "finish released", forKey: .error)
    }
    if let replacement = action as? StateReplacedAction {
      try container.encode(replacement.reason, forKey: .reason)
    } else if let coder {
      try coder.encode(action.data, &container)
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: _EntryKey.self)
    let type = try container.decode(Int.self, forKey: .type)
    let state = try container.decode(State.self, forKey: .state)
    let action: any ActionProtocol
    if type == StateReplacedAction.type {
      action = StateReplacedAction(
        state: state, reason: try container.decode(String.self, forKey: .reason))
    } else {
      guard let table = decoder.userInfo[Self.payloadsKey] as? _PayloadTable,
        let coder = table.payloads[type]
      else {
        throw ActionLogImportError(
          line: 0,
          reason: "unknown action type \(type); register it with register(_:payload:) or "
            + "register(_:) on the codec")
      }
      let payload: (any Sendable)?
      do {
        payload = try coder.decode(container)
      } catch {
        throw ActionLogImportError(
          line: 0,
          reason: "the payload of action type \(type) does not decode as \(coder.typeName): "
            + ActionLogCodec<State>.explain(error, what: "payload"))
      }
      let plain = Action(type: type, data: payload)
      if try container.decode(Bool.self, forKey: .rejected) {
        let message = try container.decodeIfPresent(String.self, forKey: .error)
        action = RejectedAction(plain, error: message.map { _RecordedError(description: $0) })
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
    self.coder = nil
  }
}
