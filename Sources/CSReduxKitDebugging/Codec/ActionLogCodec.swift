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
/// var codec = ActionLogCodec<TodoState>(actions: ActionTypes(TodoAction.self))
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
/// A rejected entry adds `"error"` (the error's description); a `StateReplacedAction` entry
/// has the reserved type and a `"reason"` instead of a payload.
///
/// ## Errors
///
/// Decoding checks the whole text before returning anything: an unknown action type, a payload
/// that does not decode as its registered type, a line that is not JSON, a missing field, a
/// state that does not decode, or fewer entries than the header announced (a truncated file)
/// each throw an ``ActionLogImportError`` naming the line and the reason. So do a line longer
/// than ``maximumLineLength`` and a line that nests arrays and objects deeper than the JSON
/// decoder reads (512 levels).
///
/// Decoding takes time linear in the size of the text: the lines are found in one pass over
/// the bytes, and each is decoded where it lies, without copies.
public struct ActionLogCodec<State: StateProtocol & Codable>: Sendable {
  /// The format marker in the header line.
  public static var format: String { ActionLogFormat.marker }
  /// The format version this codec writes and reads.
  public static var version: Int { 1 }

  /// Names written next to the action types, for people reading the file.
  public let declaredActions: ActionTypes
  var payloads: [Int: PayloadCoder] = [:]

  /// The longest line that decoding reads, in bytes without its line ending; 64 MiB by default.
  ///
  /// Each entry's line holds the whole state after it, so a log of a store whose state encodes
  /// to more than this needs a higher limit. A longer line fails the import with an
  /// ``ActionLogImportError`` naming the line and the limit, found as soon as the limit is
  /// passed: a damaged or hostile file with no line breaks is refused without reading it all.
  /// A limit of 0 or less accepts only empty lines.
  public var maximumLineLength = 64 << 20

  /// Creates a codec with no action types registered.
  ///
  /// - Parameter actions: Names to write next to the action types.
  public init(actions: ActionTypes = .none) {
    self.declaredActions = actions
  }

  /// Registers an action type whose payload is a `Payload`.
  ///
  /// - Parameters:
  ///   - type: The action type.
  ///   - payload: The payload's type.
  public mutating func register<Payload: Codable & Sendable>(
    _ type: Int, payload: Payload.Type
  ) {
    payloads[type] = PayloadCoder(
      typeName: String(describing: Payload.self), hasPayload: true,
      accepts: { $0 is Payload },
      encode: { value, container in
        guard let value = value as? Payload else { return }
        do {
          try container.encode(value, forKey: .payload)
        } catch {
          throw PayloadNotEncodable(error: error)
        }
      },
      decode: { container in try container.decode(Payload.self, forKey: .payload) })
  }

  /// Registers an action type that carries no payload.
  ///
  /// - Parameter type: The action type.
  public mutating func register(_ type: Int) {
    payloads[type] = PayloadCoder(
      typeName: "no payload", hasPayload: false, accepts: { _ in false },
      encode: { _, _ in },
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
  /// It never refuses an entry for its payload: a payload that cannot be written as its action
  /// type's registered payload type (the type is not registered, the payload is of another
  /// type, or it does not encode) is written as an ``UnexportedPayload`` placeholder, which
  /// ``decode(_:)`` reads back and replay treats as a reset point. A missing payload is
  /// written as `"payload":null` (or left out for a type registered with no payload).
  ///
  /// - Parameter recording: The recording to write.
  /// - Returns: The text.
  /// - Throws: ``ActionLogExportError`` when the initial state or an entry's state does not
  ///   encode.
  /// - Complexity: O(n) in the size of the recording.
  public func encode(_ recording: ActionRecording<State>) throws(ActionLogExportError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var lines: [String] = []
    lines.reserveCapacity(recording.entries.count + 1)
    let header = LogHeader(
      format: Self.format, version: Self.version, store: recording.storeName,
      entryCount: recording.entries.count, initialState: recording.initialState)
    do {
      lines.append(String(decoding: try encoder.encode(header), as: UTF8.self))
    } catch {
      throw ActionLogExportError(
        entryIndex: nil, reason: "the initial state does not encode: \(error)")
    }
    for (index, entry) in recording.entries.enumerated() {
      let action = entry.dispatchedAction
      let name = declaredActions[action.type]
      var line = EntryLine(entry: entry, name: name, payload: payloadForm(of: entry))
      do {
        lines.append(String(decoding: try encoder.encode(line), as: UTF8.self))
        continue
      } catch is PayloadNotEncodable {
        // The payload is of the registered type but does not encode (a NaN, a throwing
        // `encode(to:)`): it is written as a placeholder rather than refusing the session.
        line = EntryLine(
          entry: entry, name: name,
          payload: .placeholder(UnexportedPayload(describing: action.data ?? "nil")))
      } catch {
        throw ActionLogExportError(entryIndex: index, reason: "it does not encode: \(error)")
      }
      do {
        lines.append(String(decoding: try encoder.encode(line), as: UTF8.self))
      } catch {
        throw ActionLogExportError(entryIndex: index, reason: "it does not encode: \(error)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// How `entry`'s payload is written.
  func payloadForm(of entry: ActionLogEntry<State>) -> PayloadForm {
    let action = entry.dispatchedAction
    if entry.isStateReplacement { return .none }
    if let placeholder = action.data as? UnexportedPayload { return .placeholder(placeholder) }
    guard let coder = payloads[action.type] else {
      guard let data = action.data else { return .null }
      return .placeholder(UnexportedPayload(describing: data))
    }
    guard let data = action.data else { return coder.hasPayload ? .null : .none }
    if !coder.accepts(data) { return .placeholder(UnexportedPayload(describing: data)) }
    return .coded(coder)
  }

  /// Writes `recording` to a file as JSON Lines, replacing it atomically.
  ///
  /// The file is written as the state files of `StatePersistence` are: a temporary file
  /// created exclusively, under an unpredictable name, next to it, readable and writable by
  /// its owner only (mode `0600`), flushed, then renamed over it. A symbolic link at `url`
  /// is not followed, and a file of another user or a folder there is not replaced: each is
  /// reported as an error, and nothing is written.
  ///
  /// - Parameters:
  ///   - recording: The recording to write.
  ///   - url: The file.
  /// - Throws: ``ActionLogExportError`` when an entry does not encode or the file cannot be
  ///   written.
  public func write(_ recording: ActionRecording<State>, to url: URL) throws(ActionLogExportError) {
    let text = try encode(recording)
    do {
      try Files.replace(url, with: Data(text.utf8))
    } catch {
      throw ActionLogExportError(
        entryIndex: nil, reason: "\(url.path) was not written: \(error.what)")
    }
  }

  // MARK: - Decoding

  /// Reads a recording written by ``encode(_:)``.
  ///
  /// Nothing partial is ever returned: the whole text is checked first. Lines may end with
  /// `\n` or `\r\n`, and blank lines at the end are ignored; a blank line between entries is
  /// an error.
  ///
  /// - Parameter text: JSON Lines text.
  /// - Returns: The recording.
  /// - Throws: ``ActionLogImportError`` naming the first bad line and why it is bad, an entry
  ///   of an unknown action type included.
  /// - Complexity: O(n) in the length of the text.
  public func decode(_ text: String) throws(ActionLogImportError) -> ActionRecording<State> {
    try decode(text, unknownActionTypes: .reject).recording
  }

  /// Reads a recording written by ``encode(_:)``, choosing what an entry of an action type the
  /// codec does not know does.
  ///
  /// With ``UnknownActionTypePolicy/skip``, such an entry becomes a `StateReplacedAction`
  /// entry that keeps its recorded state, and its line is listed in
  /// ``ActionLogImport/skippedLines``. Any other problem still fails the whole import.
  ///
  /// - Parameters:
  ///   - text: JSON Lines text.
  ///   - unknownActionTypes: Whether an unknown action type fails the import or is skipped.
  /// - Returns: The recording and the lines skipped.
  /// - Throws: ``ActionLogImportError`` naming the first bad line and why it is bad.
  /// - Complexity: O(n) in the length of the text.
  public func decode(
    _ text: String, unknownActionTypes: UnknownActionTypePolicy
  ) throws(ActionLogImportError) -> ActionLogImport<State> {
    // Bytes, not Characters: in a String, "\r\n" is one Character and would not split at "\n".
    try decode(Data(text.utf8), unknownActionTypes: unknownActionTypes)
  }

  /// Reads a recording written by ``encode(_:)`` from bytes, checking that each line is UTF-8.
  ///
  /// - Parameters:
  ///   - data: JSON Lines text as UTF-8 bytes.
  ///   - unknownActionTypes: Whether an unknown action type fails the import or is skipped.
  /// - Returns: The recording and the lines skipped.
  /// - Throws: ``ActionLogImportError`` naming the first bad line (one that is not UTF-8
  ///   included) and why it is bad.
  /// - Complexity: O(n) in the number of bytes.
  public func decode(
    _ data: Data, unknownActionTypes: UnknownActionTypePolicy = .reject
  ) throws(ActionLogImportError) -> ActionLogImport<State> {
    let found = data.withUnsafeBytes { bytes in findLines(bytes) }
    return try decode(data, lines: found.get(), unknownActionTypes: unknownActionTypes)
  }

  /// The lines of `bytes`, each checked to be UTF-8 and no longer than ``maximumLineLength``,
  /// or the error of the first line that is not.
  private func findLines(
    _ bytes: UnsafeRawBufferPointer
  ) -> Result<[Range<Int>], ActionLogImportError> {
    let lines = LogLines(bytes, maximumLength: maximumLineLength)
    for (index, range) in lines.ranges.enumerated() {
      let line = UnsafeRawBufferPointer(rebasing: bytes[range])
      guard LogLines.isASCII(line) || Self.isUTF8(line) else {
        return .failure(ActionLogImportError(line: index + 1, reason: Self.notUTF8(line)))
      }
    }
    if let tooLong = lines.tooLong {
      return .failure(
        ActionLogImportError(
          line: tooLong,
          reason: "the line is longer than the codec's maximumLineLength of "
            + "\(maximumLineLength) bytes; if the log is genuine, raise maximumLineLength "
            + "to read it"))
    }
    return .success(lines.ranges)
  }

  private static func isUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.withMemoryRebound(to: UInt8.self) { String(validating: $0, as: UTF8.self) != nil }
  }

  /// Why a line is not UTF-8: the first bad byte and where it is.
  static func notUTF8(_ bytes: UnsafeRawBufferPointer) -> String {
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    scan: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput, .error: break scan
      }
    }
    let byte = offset < bytes.count ? bytes[offset] : 0
    let hex = String(byte, radix: 16, uppercase: true)
    return "the line is not UTF-8 text (byte 0x\(hex.count == 1 ? "0" : "")\(hex) at byte "
      + "\(offset + 1) of the line)"
  }

  private func decode(
    _ data: Data, lines: [Range<Int>], unknownActionTypes: UnknownActionTypePolicy
  ) throws(ActionLogImportError) -> ActionLogImport<State> {
    func text(_ range: Range<Int>) -> Data { LogLines.text(of: range, in: data) }
    let lines = LogLines.content(of: data, lines: lines)
    guard let first = lines.first else {
      throw ActionLogImportError(line: 1, reason: "the file is empty; expected a header line")
    }
    if LogFormat.of(text(first)) == TimelineCodec.format {
      throw ActionLogImportError(
        line: 1,
        reason: "this is a timeline (format \"\(TimelineCodec.format)\"), not an action log: "
          + "read it with TimelineCodec")
    }
    let byteCount = data.count
    let decoder = JSONDecoder()
    decoder.userInfo[EntryLine<State>.payloadsKey] = PayloadTable(
      payloads: payloads, unknownActionTypes: unknownActionTypes)

    let header: LogHeader<State>
    do {
      header = try decoder.decode(LogHeader<State>.self, from: text(first))
    } catch {
      throw ActionLogImportError(
        line: 1, reason: DecodingReason.explain(error, what: "header", line: text(first)))
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
    if let problem = LogFormat.entryCountProblem(header.entryCount, byteCount: byteCount) {
      throw ActionLogImportError(line: 1, reason: problem)
    }
    var entries: [ActionLogEntry<State>] = []
    var skippedLines: [Int] = []
    var skippedTypes: Set<Int> = []
    entries.reserveCapacity(min(lines.count - 1, header.entryCount))
    for (offset, range) in lines.dropFirst().enumerated() {
      let number = offset + 2
      let line = text(range)
      guard entries.count < header.entryCount else {
        throw ActionLogImportError(
          line: number,
          reason: "more entries than the \(header.entryCount) the header announced")
      }
      guard !LogLines.isBlank(line) else {
        throw ActionLogImportError(line: number, reason: "the line is empty")
      }
      let decoded: EntryLine<State>
      do {
        decoded = try decoder.decode(EntryLine<State>.self, from: line)
      } catch let error as ActionLogImportError {
        throw ActionLogImportError(line: number, reason: error.reason)
      } catch {
        throw ActionLogImportError(
          line: number, reason: DecodingReason.explain(error, what: "entry", line: line))
      }
      if let previous = entries.last?.sequenceNumber, decoded.entry.sequenceNumber <= previous {
        throw ActionLogImportError(
          line: number,
          reason: "entry field .sequence is \(decoded.entry.sequenceNumber), after entry "
            + "#\(previous); the entries of a log are in the order of their sequence numbers, "
            + "each once")
      }
      if let type = decoded.skippedType {
        skippedLines.append(number)
        skippedTypes.insert(type)
      }
      entries.append(decoded.entry)
    }
    guard entries.count == header.entryCount else {
      let found = entries.count
      throw ActionLogImportError(
        line: lines.count + 1,
        reason: "the file ends after \(found) entr\(found == 1 ? "y" : "ies"); the header "
          + "announced \(header.entryCount) (truncated?)")
    }
    return ActionLogImport(
      recording: ActionRecording(
        initialState: header.initialState, entries: entries, storeName: header.store),
      skippedLines: skippedLines, skippedActionTypes: skippedTypes.sorted())
  }

  /// Reads a recording from a file written by ``write(_:to:)``.
  ///
  /// - Parameter url: The file.
  /// - Returns: The recording.
  /// - Throws: ``ActionLogImportError``: line 0 when the file cannot be read, otherwise the
  ///   first bad line (one that is not UTF-8 included).
  public func read(from url: URL) throws(ActionLogImportError) -> ActionRecording<State> {
    try read(from: url, unknownActionTypes: .reject).recording
  }

  /// Reads a recording from a file written by ``write(_:to:)``, choosing what an entry of an
  /// action type the codec does not know does; see
  /// ``decode(_:unknownActionTypes:)-(String,_)``.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - unknownActionTypes: Whether an unknown action type fails the import or is skipped.
  /// - Returns: The recording and the lines skipped.
  /// - Throws: ``ActionLogImportError``: line 0 when the file cannot be read, otherwise the
  ///   first bad line.
  public func read(
    from url: URL, unknownActionTypes: UnknownActionTypePolicy
  ) throws(ActionLogImportError) -> ActionLogImport<State> {
    try decode(readImportFile(url), unknownActionTypes: unknownActionTypes)
  }
}
