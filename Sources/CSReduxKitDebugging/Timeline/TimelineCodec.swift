import CSReduxKitCore
import CSReduxKitPersistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a session that ``Timeline/export()`` wrote, with one ``ActionLogCodec`` per store.
///
/// ```swift
/// var codec = TimelineCodec()
/// codec.register(store: "Account", codec: accountCodec)
/// codec.register(store: "Todos", codec: todoCodec)
/// let session = try codec.decode(text)
/// ```
///
/// Decoding checks the whole text before returning anything, as ``ActionLogCodec`` does:
/// lines may end with `\n` or `\r\n`, blank lines at the end are ignored, and every problem (a
/// line that is not JSON, a store or action type the codec does not know, a payload or state
/// that does not decode, fewer entries than the header announced) throws an
/// ``ActionLogImportError`` naming the line. With ``UnknownActionTypePolicy/skip``, an entry of
/// an unknown action type keeps its recorded state as a ``StateReplacedAction``, and an entry
/// of a store the codec does not know is left out; both lines are listed in
/// ``TimelineSession/skippedLines``.
public struct TimelineCodec: Sendable {
  /// The format marker in the header line.
  public static var format: String { "csreduxkit-timeline" }
  /// The format version this codec writes and reads.
  public static var version: Int { 1 }

  /// The longest line decoding reads, in bytes without its line ending; 64 MiB by default.
  public var maximumLineLength = 64 << 20

  var stores: [String: TimelineStoreDecoder] = [:]

  /// Creates a codec that knows no store.
  public init() {}

  /// Registers how to read the entries and states of the store named `name`.
  ///
  /// - Parameters:
  ///   - name: The store's name, as the file writes it.
  ///   - codec: The store's action log codec.
  public mutating func register<State: StateProtocol & Codable>(
    store name: String, codec: ActionLogCodec<State>
  ) {
    stores[name] = TimelineStoreDecoder(codec: codec)
  }

  static var lineEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// Reads a session.
  ///
  /// - Parameters:
  ///   - text: JSON Lines text.
  ///   - unknownActionTypes: Whether an unknown action type or store fails the import or is
  ///     skipped.
  /// - Returns: The session.
  /// - Throws: ``ActionLogImportError`` naming the first bad line and why it is bad.
  /// - Complexity: O(n) in the length of the text.
  public func decode(
    _ text: String, unknownActionTypes: UnknownActionTypePolicy = .reject
  ) throws(ActionLogImportError) -> TimelineSession {
    try decode(Data(text.utf8), unknownActionTypes: unknownActionTypes)
  }

  /// Reads a session from a file.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - unknownActionTypes: Whether an unknown action type or store fails the import or is
  ///     skipped.
  /// - Returns: The session.
  /// - Throws: ``ActionLogImportError``: line 0 when the file cannot be read, otherwise the
  ///   first bad line.
  public func read(
    from url: URL, unknownActionTypes: UnknownActionTypePolicy = .reject
  ) throws(ActionLogImportError) -> TimelineSession {
    let data: Data
    do {
      data = try readImportFile(url)
    } catch {
      throw error.inTimeline
    }
    return try decode(data, unknownActionTypes: unknownActionTypes)
  }

  /// Reads a session from UTF-8 bytes.
  ///
  /// - Parameters:
  ///   - data: JSON Lines text as UTF-8 bytes.
  ///   - unknownActionTypes: Whether an unknown action type or store fails the import or is
  ///     skipped.
  /// - Returns: The session.
  /// - Throws: ``ActionLogImportError`` naming the first bad line and why it is bad.
  /// - Complexity: O(n) in the number of bytes.
  public func decode(
    _ data: Data, unknownActionTypes: UnknownActionTypePolicy = .reject
  ) throws(ActionLogImportError) -> TimelineSession {
    let limit = maximumLineLength
    let found = data.withUnsafeBytes { bytes -> Result<[Range<Int>], ActionLogImportError> in
      let lines = LogLines(bytes, maximumLength: limit)
      for (index, range) in lines.ranges.enumerated() {
        let line = UnsafeRawBufferPointer(rebasing: bytes[range])
        let isText = line.withMemoryRebound(to: UInt8.self) {
          String(validating: $0, as: UTF8.self) != nil
        }
        guard isText else {
          return .failure(
            ActionLogImportError(line: index + 1, reason: "the line is not UTF-8 text"))
        }
      }
      if let tooLong = lines.tooLong {
        return .failure(
          ActionLogImportError(
            line: tooLong,
            reason: "the line is longer than the codec's maximumLineLength of \(limit) bytes"))
      }
      return .success(lines.ranges)
    }
    // The errors say "timeline", not the action log's word.
    do {
      return try decode(data, lines: found.get(), unknownActionTypes: unknownActionTypes)
    } catch {
      throw error.inTimeline
    }
  }

  private func decode(
    _ data: Data, lines found: [Range<Int>], unknownActionTypes: UnknownActionTypePolicy
  ) throws(ActionLogImportError) -> TimelineSession {
    func text(_ range: Range<Int>) -> Data {
      data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)]
    }
    func isBlank(_ range: Range<Int>) -> Bool {
      text(range).allSatisfy { [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20].contains($0) }
    }
    var lines = found
    while let last = lines.last, isBlank(last) { lines.removeLast() }
    if let first = lines.first, text(first).starts(with: [0xEF, 0xBB, 0xBF]) {
      lines[0] = (first.lowerBound + 3)..<first.upperBound
    }
    guard let first = lines.first else {
      throw ActionLogImportError(line: 1, reason: "the file is empty; expected a header line")
    }
    let decoder = JSONDecoder()
    let header: TimelineHeader
    do {
      header = try decoder.decode(TimelineHeader.self, from: text(first))
    } catch {
      throw ActionLogImportError(
        line: 1,
        reason: "not a timeline header: "
          + DecodingReason.explain(error, what: "header", line: text(first)))
    }
    guard header.format == Self.format else {
      throw ActionLogImportError(
        line: 1,
        reason: "not a timeline: format is \"\(header.format)\", expected \"\(Self.format)\"")
    }
    guard header.version == Self.version else {
      throw ActionLogImportError(
        line: 1,
        reason: "format version \(header.version) is not supported; this codec reads version "
          + "\(Self.version)")
    }
    var infos: [TimelineSession.StoreInfo] = []
    for store in header.stores {
      guard let decoder = stores[store.name] else {
        if unknownActionTypes == .skip { continue }
        throw ActionLogImportError(
          line: 1,
          reason: "the store \"\(store.name)\" is not registered with the codec; register it "
            + "with register(store:codec:), or import with unknownActionTypes: .skip")
      }
      do {
        let state = try decoder.decodeState(
          try TimelineCodec.lineEncoder.encode(store.initialState))
        infos.append(
          TimelineSession.StoreInfo(
            name: store.name, stateTypeName: store.stateType, initialState: state,
            firstIndex: store.firstIndex))
      } catch {
        throw ActionLogImportError(
          line: 1,
          reason: "the initial state of \"\(store.name)\" does not decode: "
            + DecodingReason.explain(error, what: "initial state"))
      }
    }
    var entries: [TimelineEntry] = []
    var skipped: [Int] = []
    var lastSequence = Int.min
    var seen = 0
    for (offset, range) in lines.dropFirst().enumerated() {
      let number = offset + 2
      guard seen < header.entryCount else {
        throw ActionLogImportError(
          line: number, reason: "more entries than the \(header.entryCount) the header announced")
      }
      seen += 1
      guard !isBlank(range) else {
        throw ActionLogImportError(line: number, reason: "the line is empty")
      }
      let fields: [String: JSONValue]
      do {
        guard let object = try decoder.decode(JSONValue.self, from: text(range)).fields else {
          throw ActionLogImportError(line: number, reason: "the line is not a JSON object")
        }
        fields = object
      } catch let error as ActionLogImportError {
        throw error
      } catch {
        throw ActionLogImportError(
          line: number, reason: DecodingReason.explain(error, what: "entry", line: text(range)))
      }
      guard case .string(let storeName)? = fields["store"] else {
        throw ActionLogImportError(line: number, reason: "entry has no field .store")
      }
      guard case .int(let sequence)? = fields["sequence"], case .int(let index)? = fields["index"]
      else {
        throw ActionLogImportError(
          line: number, reason: "entry has no integer fields .sequence and .index")
      }
      guard Int(sequence) > lastSequence else {
        throw ActionLogImportError(
          line: number,
          reason: "entry #\(sequence) comes after entry #\(lastSequence); the entries of a "
            + "timeline are in the order of their sequence numbers")
      }
      lastSequence = Int(sequence)
      guard let store = stores[storeName] else {
        if unknownActionTypes == .skip {
          skipped.append(number)
          continue
        }
        throw ActionLogImportError(
          line: number,
          reason: "the store \"\(storeName)\" is not registered with the codec; register it "
            + "with register(store:codec:), or import with unknownActionTypes: .skip")
      }
      var cause: TimelineCause?
      if let value = fields["cause"] {
        guard case .object(let link) = value, case .int(let causeSequence)? = link["sequence"],
          case .string(let kindName)? = link["kind"]
        else {
          throw ActionLogImportError(
            line: number, reason: "entry field .cause is not {\"sequence\": n, \"kind\": k}")
        }
        guard let kind = TimelineCause.Kind(name: kindName) else {
          throw ActionLogImportError(
            line: number,
            reason: "entry field .cause.kind \"\(kindName)\" is not one of "
              + TimelineCause.Kind.allCases.map(\.name).joined(separator: ", "))
        }
        cause = TimelineCause(sequence: Int(causeSequence), kind: kind)
      }
      var marks: [String] = []
      if case .array(let values)? = fields["redacted"] {
        for case .string(let mark) in values { marks.append(mark) }
      }
      var line = fields
      for key in ["store", "index", "cause", "redacted"] { line[key] = nil }
      line["sequence"] = .int(index)
      let decoded: TimelineStoreDecoder.Entry
      do {
        decoded = try store.decodeEntry(
          try TimelineCodec.lineEncoder.encode(JSONValue.object(line)), unknownActionTypes)
      } catch let error as ActionLogImportError {
        throw ActionLogImportError(line: number, reason: error.reason)
      } catch {
        throw ActionLogImportError(
          line: number, reason: DecodingReason.explain(error, what: "entry"))
      }
      if decoded.skippedType != nil { skipped.append(number) }
      entries.append(
        TimelineEntry(
          sequence: Int(sequence), storeName: storeName, index: Int(index),
          action: decoded.action, state: decoded.state, cause: cause,
          isRejected: decoded.isRejected, isSkipped: decoded.isSkipped,
          timestamp: decoded.timestamp, reducerDuration: decoded.duration,
          redactedFields: marks))
    }
    guard seen == header.entryCount else {
      throw ActionLogImportError(
        line: lines.count + 1,
        reason: "the file ends after \(seen) entr\(seen == 1 ? "y" : "ies"); the header "
          + "announced \(header.entryCount) (truncated?)")
    }
    var redaction = TimelineRedaction()
    for rule in header.redaction.rules {
      for type in rule.actionTypes {
        redaction.withholdPayload(ofActionType: type.type, in: rule.store)
      }
      for field in rule.payloadFields { redaction.withholdPayloadField(field, in: rule.store) }
      for field in rule.stateFields { redaction.withholdStateField(field, in: rule.store) }
    }
    return TimelineSession(
      stores: infos, entries: entries, redaction: redaction, skippedLines: skipped)
  }
}

/// The header line.
struct TimelineHeader: Codable {
  struct StoreLine: Codable {
    let name: String
    let stateType: String
    let initialState: JSONValue
    let entryCount: Int
    let firstIndex: Int
  }
  struct Redaction: Codable {
    struct Rule: Codable {
      struct ActionType: Codable {
        let type: Int
        let name: String?
      }
      let store: String
      let actionTypes: [ActionType]
      let payloadFields: [String]
      let stateFields: [String]
    }
    let rules: [Rule]
  }
  let format: String
  let version: Int
  let entryCount: Int
  let stores: [StoreLine]
  let redaction: Redaction
}

/// How to read one store's entries and states, made where its codec is registered.
struct TimelineStoreDecoder: Sendable {
  struct Entry {
    let action: any ActionProtocol
    let state: any Sendable
    let isRejected: Bool
    let isSkipped: Bool
    let timestamp: Date
    let duration: Duration
    let skippedType: Int?
  }

  let decodeState: @Sendable (Data) throws -> any Sendable
  let decodeEntry: @Sendable (Data, UnknownActionTypePolicy) throws -> Entry

  init<State: StateProtocol & Codable>(codec: ActionLogCodec<State>) {
    decodeState = { data in try JSONDecoder().decode(State.self, from: data) }
    let payloads = codec.payloads
    decodeEntry = { data, policy in
      let decoder = JSONDecoder()
      decoder.userInfo[EntryLine<State>.payloadsKey] = PayloadTable(
        payloads: payloads, unknownActionTypes: policy)
      let line = try decoder.decode(EntryLine<State>.self, from: data)
      return Entry(
        action: line.entry.action, state: line.entry.state, isRejected: line.entry.isRejected,
        isSkipped: line.entry.isSkipped, timestamp: line.entry.timestamp,
        duration: line.entry.reducerDuration, skippedType: line.skippedType)
    }
  }
}
