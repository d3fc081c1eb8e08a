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
/// ``ActionLogImportError`` naming the line, whose description begins `timeline, line …`. A
/// file from a stranger is refused on the line that holds the fault, naming the field: an
/// `entryCount` below 0 or larger than the file could hold, a store listed twice, an entry
/// of a store the header does not list (whether or not the codec knows it), sequence
/// numbers that repeat or go back, a cause that names the entry itself or an entry the file
/// lacks, or a later entry for a kind dispatched after its cause's commit. An action log is
/// recognised and named as such. With ``UnknownActionTypePolicy/skip``, an entry of
/// an unknown action type keeps its recorded state as a `StateReplacedAction`, and an entry
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
    do {
      return try decode(data, lines: found.get(), unknownActionTypes: unknownActionTypes)
    } catch {
      throw error.inTimeline
    }
  }

  /// Reads the session from its lines, in steps: the header, its stores, then each entry.
  private func decode(
    _ data: Data, lines found: [Range<Int>], unknownActionTypes: UnknownActionTypePolicy
  ) throws(ActionLogImportError) -> TimelineSession {
    let lines = LogLines.content(of: data, lines: found)
    guard let first = lines.first else {
      throw ActionLogImportError(line: 1, reason: "the file is empty; expected a header line")
    }
    let header = try Self.header(LogLines.text(of: first, in: data), byteCount: data.count)
    let infos = try storeInfos(header, unknownActionTypes: unknownActionTypes)
    let effects: [TimelineEffect]
    do {
      effects = try EffectLines.effects(header.effects, stores: Set(header.stores.map(\.name)))
    } catch let error as EffectLineError {
      throw ActionLogImportError(line: 1, reason: error.reason)
    } catch {
      throw ActionLogImportError(line: 1, reason: "header field .effects: \(error)")
    }
    var reader = EntryReader(header: header, effects: effects)
    var entries: [TimelineEntry] = []
    var skipped: [Int] = []
    for (offset, range) in lines.dropFirst().enumerated() {
      let number = offset + 2
      let line = LogLines.text(of: range, in: data)
      guard reader.seen < header.entryCount else {
        throw ActionLogImportError(
          line: number, reason: "more entries than the \(header.entryCount) the header announced")
      }
      let position = try reader.position(of: line, number: number)
      guard let store = stores[position.store] else {
        if unknownActionTypes == .skip {
          skipped.append(number)
          continue
        }
        throw ActionLogImportError(
          line: number,
          reason: "the store \"\(position.store)\" is not registered with the codec; register "
            + "it with register(store:codec:), or import with unknownActionTypes: .skip")
      }
      let entry = try Self.entry(position, store: store, number: number, unknownActionTypes)
      if entry.skipped { skipped.append(number) }
      entries.append(entry.entry)
    }
    try reader.checkPendingCauses()
    guard reader.seen == header.entryCount else {
      let seen = reader.seen
      throw ActionLogImportError(
        line: lines.count + 1,
        reason: "the file ends after \(seen) entr\(seen == 1 ? "y" : "ies"); the header "
          + "announced \(header.entryCount) (truncated?)")
    }
    return TimelineSession(
      stores: infos, entries: entries, redaction: Self.redaction(header), skippedLines: skipped,
      effects: effects)
  }

  /// The header line, checked: a timeline of this version, a possible entry count, each
  /// store listed once. An action log is recognised and named.
  private static func header(
    _ line: Data, byteCount: Int
  ) throws(ActionLogImportError) -> TimelineHeader {
    let format = LogFormat.of(line)
    if format == ActionLogFormat.marker {
      throw ActionLogImportError(
        line: 1,
        reason: "this is an action log (format \"\(ActionLogFormat.marker)\"), not a timeline: "
          + "read it with ActionLogCodec")
    }
    let header: TimelineHeader
    do {
      header = try JSONDecoder().decode(TimelineHeader.self, from: line)
    } catch {
      throw ActionLogImportError(
        line: 1,
        reason: "not a timeline header: "
          + DecodingReason.explain(error, what: "header", line: line))
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
    if let problem = LogFormat.entryCountProblem(header.entryCount, byteCount: byteCount) {
      throw ActionLogImportError(line: 1, reason: problem)
    }
    var names: Set<String> = []
    for store in header.stores {
      guard names.insert(store.name).inserted else {
        throw ActionLogImportError(
          line: 1,
          reason: "the header's stores list \"\(store.name)\" twice; each store is listed once")
      }
      guard store.entryCount >= 0, store.entryCount <= header.entryCount else {
        throw ActionLogImportError(
          line: 1,
          reason: "the header's entryCount of \"\(store.name)\" is \(store.entryCount); it is "
            + "0 or more and at most the timeline's \(header.entryCount)")
      }
    }
    return header
  }

  /// The stores of the header that the codec knows, with their initial states decoded.
  private func storeInfos(
    _ header: TimelineHeader, unknownActionTypes: UnknownActionTypePolicy
  ) throws(ActionLogImportError) -> [TimelineSession.StoreInfo] {
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
    return infos
  }

  /// One entry line decoded by its store's codec, and whether its action type was skipped.
  private static func entry(
    _ position: EntryReader.Position, store: TimelineStoreDecoder, number: Int,
    _ unknownActionTypes: UnknownActionTypePolicy
  ) throws(ActionLogImportError) -> (entry: TimelineEntry, skipped: Bool) {
    var marks: [String] = []
    if case .array(let values)? = position.fields["redacted"] {
      for case .string(let mark) in values { marks.append(mark) }
    }
    // The store's codec reads the line as an action log's entry: its own fields only, and
    // the store's index as the sequence number.
    var line = position.fields
    for key in ["store", "index", "cause", "effect", "middlewareNanoseconds", "redacted"] {
      line[key] = nil
    }
    line["sequence"] = .int(Int64(position.index))
    let decoded: TimelineStoreDecoder.Entry
    do {
      decoded = try store.decodeEntry(
        try TimelineCodec.lineEncoder.encode(JSONValue.object(line)), unknownActionTypes)
    } catch let error as ActionLogImportError {
      throw ActionLogImportError(line: number, reason: error.reason)
    } catch {
      throw ActionLogImportError(line: number, reason: DecodingReason.explain(error, what: "entry"))
    }
    let entry = TimelineEntry(
      sequence: position.sequence, storeName: position.store, index: position.index,
      action: decoded.action, state: decoded.state, cause: position.cause,
      isRejected: decoded.isRejected, isSkipped: decoded.isSkipped,
      timestamp: decoded.timestamp, reducerDuration: decoded.duration, redactedFields: marks,
      effect: position.effect, middlewareDuration: position.middleware)
    return (entry, decoded.skippedType != nil)
  }

  /// The redaction policy the header lists.
  private static func redaction(_ header: TimelineHeader) -> TimelineRedaction {
    var redaction = TimelineRedaction()
    for rule in header.redaction.rules {
      for type in rule.actionTypes {
        redaction.withholdPayload(ofActionType: type.type, in: rule.store)
      }
      for field in rule.payloadFields { redaction.withholdPayloadField(field, in: rule.store) }
      for field in rule.stateFields { redaction.withholdStateField(field, in: rule.store) }
    }
    return redaction
  }
}

/// Reads the timeline's own fields of each entry line in turn (its store, sequence number,
/// index and cause) and checks them against the header and the lines before.
private struct EntryReader {
  /// Where an entry line belongs, and its fields.
  struct Position {
    let fields: [String: JSONValue]
    let store: String
    let sequence: Int
    let index: Int
    let cause: TimelineCause?
    let effect: Int?
    let middleware: Duration?
  }

  /// The stores the header lists.
  let listed: Set<String>
  /// The numbers of the effects the header lists, and the first of them.
  let effects: Set<Int>
  let firstEffect: Int?
  /// How many entry lines were read.
  private(set) var seen = 0
  /// The sequence numbers read, to find the entry a cause names.
  private var sequences: Set<Int> = []
  private var first: Int?
  private var last: Int?

  init(header: TimelineHeader, effects: [TimelineEffect]) {
    listed = Set(header.stores.map(\.name))
    self.effects = Set(effects.map(\.number))
    firstEffect = effects.first?.number
  }

  mutating func position(of line: Data, number: Int) throws(ActionLogImportError) -> Position {
    seen += 1
    guard !LogLines.isBlank(line) else {
      throw ActionLogImportError(line: number, reason: "the line is empty")
    }
    let fields: [String: JSONValue]
    do {
      guard let object = try JSONDecoder().decode(JSONValue.self, from: line).fields else {
        throw ActionLogImportError(line: number, reason: "the line is not a JSON object")
      }
      fields = object
    } catch let error as ActionLogImportError {
      throw error
    } catch {
      throw ActionLogImportError(
        line: number, reason: DecodingReason.explain(error, what: "entry", line: line))
    }
    guard case .string(let store)? = fields["store"] else {
      throw ActionLogImportError(line: number, reason: "entry has no field .store")
    }
    guard listed.contains(store) else {
      throw ActionLogImportError(
        line: number,
        reason: "entry field .store \"\(store)\" is not one of the header's stores")
    }
    guard case .int(let sequence64)? = fields["sequence"],
      case .int(let index64)? = fields["index"],
      let sequence = Int(exactly: sequence64), let index = Int(exactly: index64)
    else {
      throw ActionLogImportError(
        line: number, reason: "entry has no integer fields .sequence and .index")
    }
    if let last, sequence <= last {
      throw ActionLogImportError(
        line: number,
        reason: "entry field .sequence is \(sequence), after entry #\(last); the entries of a "
          + "timeline are in the order of their sequence numbers, each once")
    }
    let cause = try cause(fields["cause"], of: sequence, number: number)
    let effect = try effect(fields["effect"], number: number)
    var middleware: Duration?
    if let value = fields["middlewareNanoseconds"] {
      guard case .int(let nanoseconds) = value, nanoseconds >= 0 else {
        throw ActionLogImportError(
          line: number, reason: "entry field .middlewareNanoseconds is not an integer of 0 or more")
      }
      middleware = .nanoseconds(nanoseconds)
    }
    first = first ?? sequence
    last = sequence
    sequences.insert(sequence)
    return Position(
      fields: fields, store: store, sequence: sequence, index: index, cause: cause,
      effect: effect, middleware: middleware)
  }

  /// The effect that dispatched the entry's action: one the header lists, or one dropped
  /// before the first it lists (or before any, when it lists none).
  private func effect(_ value: JSONValue?, number: Int) throws(ActionLogImportError) -> Int? {
    guard let value else { return nil }
    guard case .int(let effect64) = value, let effect = Int(exactly: effect64), effect >= 0 else {
      throw ActionLogImportError(
        line: number, reason: "entry field .effect is not an integer of 0 or more")
    }
    guard effects.contains(effect) || effect < firstEffect ?? Int.max else {
      throw ActionLogImportError(
        line: number,
        reason: "entry field .effect is \(effect), but the header's effects have no effect "
          + "\(effect)")
    }
    return effect
  }

  /// The kinds of cause dispatched while the causing action is handled, before its commit:
  /// their causing entry may come later.
  static let mayPrecedeItsCause: Set<TimelineCause.Kind> = [
    .middleware, .broadcast, .effect, .reducer,
  ]

  /// Causes that name a later entry, with the line that has each, checked at the end.
  private var pending: [(sequence: Int, line: Int)] = []

  /// Checks that every later entry a cause named is in the file.
  func checkPendingCauses() throws(ActionLogImportError) {
    for (sequence, line) in pending where !sequences.contains(sequence) {
      throw ActionLogImportError(
        line: line,
        reason: "entry field .cause.sequence is \(sequence), but the file has no entry "
          + "#\(sequence)")
    }
  }

  /// The entry's cause: an earlier entry of the file, one before the file's first (dropped
  /// from a full timeline), or, for a cause dispatched before its causing entry's commit, a
  /// later entry of the file.
  private mutating func cause(
    _ value: JSONValue?, of sequence: Int, number: Int
  ) throws(ActionLogImportError) -> TimelineCause? {
    guard let value else { return nil }
    guard case .object(let link) = value, case .int(let causeSequence64)? = link["sequence"],
      let causeSequence = Int(exactly: causeSequence64), case .string(let kindName)? = link["kind"]
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
    guard causeSequence != sequence else {
      throw ActionLogImportError(
        line: number,
        reason: "entry field .cause.sequence is \(causeSequence), the entry itself; an entry "
          + "does not cause itself")
    }
    if causeSequence > sequence {
      // Dispatched while the causing action was handled, before its commit: the causing
      // entry comes later in the file, and must be there.
      guard Self.mayPrecedeItsCause.contains(kind) else {
        throw ActionLogImportError(
          line: number,
          reason: "entry field .cause.sequence is \(causeSequence), an entry after this one; a "
            + "\(kind.name) cause comes before what it causes")
      }
      pending.append((causeSequence, number))
      return TimelineCause(sequence: causeSequence, kind: kind)
    }
    // A cause before the file's first entry was dropped from a full timeline; one after it
    // must be in the file.
    let first = first ?? sequence
    guard causeSequence < first || sequences.contains(causeSequence) else {
      throw ActionLogImportError(
        line: number,
        reason: "entry field .cause.sequence is \(causeSequence), but the file has no entry "
          + "#\(causeSequence)")
    }
    return TimelineCause(sequence: causeSequence, kind: kind)
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
  /// The effects, read by `EffectLines`; absent from a session without effects.
  let effects: JSONValue?
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
