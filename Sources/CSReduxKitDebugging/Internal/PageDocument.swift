/// A timeline session as the timeline page shows it, read from the export's JSON Lines without
/// the stores' codecs: the header's stores and every entry's store, action, payload, cause,
/// reducer duration and whole state (the page computes the differences from the states).
struct PageDocument {
  struct Store {
    var name: String
    var initialState: JSONValue
    var entryCount = 0
  }

  struct Entry {
    var sequence: Int
    var store: Int
    var action: String
    var type: Int
    var payload: String?
    var cause: Int?
    var causeKind: String?
    var isRejected: Bool
    var isSkipped: Bool
    var error: String?
    var redacted: [String]
    var time: Double?
    var duration: Int?
    var state: JSONValue
    var effect: Int?
    var middleware: Int?
  }

  var stores: [Store] = []
  /// The header's effects, each as the page's script reads it (see `effect(_:stores:)`).
  var effects: [JSONValue] = []
  var entries: [Entry] = []
  /// The entries before the first one in the file, dropped from a full timeline.
  var dropped = 0

  /// The action type of a state replacement in a timeline export.
  static let replacementType = Int.min + 1

  init(jsonLines text: String) throws(TimelinePageError) {
    // "\r\n" is one Character in Swift: a separator of its own.
    var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    if lines.first?.first == "\u{FEFF}" { lines[0] = lines[0].dropFirst() }
    // Blank as the codecs count it: empty or white space only, a tab included.
    while let last = lines.last, last.allSatisfy(\.isWhitespace) {
      lines.removeLast()
    }
    guard !lines.isEmpty else {
      throw TimelinePageError(
        line: 1, reason: "the text is empty: a timeline starts with its header")
    }
    let header = try Self.object(lines[0], line: 1)
    guard header["format"]?.stringValue == "csreduxkit-timeline" else {
      throw TimelinePageError(
        line: 1, reason: "not a timeline: the header's format is not \"csreduxkit-timeline\"")
    }
    guard header["version"]?.integerValue == 1 else {
      throw TimelinePageError(line: 1, reason: "the timeline's version is not 1")
    }
    guard case .array(let storeValues)? = header["stores"] else {
      throw TimelinePageError(line: 1, reason: "the header has no stores array")
    }
    var storeIndex: [String: Int] = [:]
    for value in storeValues {
      guard let name = value["name"]?.stringValue, storeIndex[name] == nil else {
        throw TimelinePageError(
          line: 1, reason: "a store in the header has no name, or a repeated one")
      }
      storeIndex[name] = stores.count
      stores.append(Store(name: name, initialState: value["initialState"] ?? .null))
    }
    if case .array(let values)? = header["effects"] {
      effects = values.compactMap { Self.effect($0, stores: storeIndex) }
    }
    var firstTime: Double?
    for (offset, text) in lines.dropFirst().enumerated() {
      let line = offset + 2
      let value = try Self.object(text, line: line)
      guard let sequence = value["sequence"]?.integerValue else {
        throw TimelinePageError(line: line, reason: "the entry has no integer sequence")
      }
      guard let name = value["store"]?.stringValue else {
        throw TimelinePageError(line: line, reason: "the entry has no store")
      }
      guard let store = storeIndex[name] else {
        throw TimelinePageError(
          line: line,
          reason: "the entry names the store \"\(name)\", which the header does not list")
      }
      guard let type = value["type"]?.integerValue else {
        throw TimelinePageError(line: line, reason: "the entry has no integer action type")
      }
      if entries.isEmpty { dropped = max(sequence, 0) }
      let time = value["time"]?.numberValue
      if firstTime == nil { firstTime = time }
      stores[store].entryCount += 1
      entries.append(
        Entry(
          sequence: sequence, store: store,
          action: Self.actionName(value, type: type), type: type,
          payload: Self.payloadText(value),
          cause: value["cause"]?["sequence"]?.integerValue,
          causeKind: value["cause"]?["kind"]?.stringValue,
          isRejected: value["rejected"]?.boolValue ?? false,
          isSkipped: value["skipped"]?.boolValue ?? false,
          error: value["error"]?.stringValue,
          redacted: Self.strings(value["redacted"]),
          time: time.flatMap { time in firstTime.map { (time - $0) * 1000 } },
          duration: value["durationNanoseconds"]?.integerValue,
          state: value["state"] ?? .null,
          effect: value["effect"]?.integerValue,
          middleware: value["middlewareNanoseconds"]?.integerValue))
    }
  }

  /// An effect of the header as the page draws it, with its store as the lane's index; `nil`
  /// for one that lacks its number, its store or its place (the page is made from an export,
  /// which has them: a missing one is left out, never guessed).
  static func effect(_ value: JSONValue, stores: [String: Int]) -> JSONValue? {
    guard let number = value["number"]?.integerValue, let name = value["store"]?.stringValue,
      let store = stores[name], let after = value["after"]?.integerValue
    else { return nil }
    func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    func integer(_ value: Int?) -> JSONValue { value.map { .int(Int64($0)) } ?? .null }
    var end: JSONValue = .null
    if let ended = value["end"], let endAfter = ended["after"]?.integerValue {
      let by = ended["cancelledBy"]
      end = .object([
        "outcome": optional(ended["outcome"]?.stringValue), "after": integer(endAfter),
        "error": optional(ended["error"]?.stringValue),
        "reason": optional(by?["reason"]?.stringValue),
        "byEffect": integer(by?["effect"]?.integerValue),
        "byCause": integer(by?["cause"]?["sequence"]?.integerValue),
        "byCauseKind": optional(by?["cause"]?["kind"]?.stringValue),
        "ms": integer(
          value["time"]?.numberValue.flatMap { start in
            // Exactly or not at all: a stranger's huge or NaN time must not trap.
            ended["time"]?.numberValue.flatMap { Int(exactly: (($0 - start) * 1000).rounded()) }
          }),
      ])
    }
    return .object([
      "number": integer(number), "store": integer(store), "after": integer(after),
      "id": optional(value["id"]?.stringValue), "origin": optional(value["origin"]?.stringValue),
      "cause": integer(value["cause"]?["sequence"]?.integerValue),
      "causeKind": optional(value["cause"]?["kind"]?.stringValue), "end": end,
    ])
  }

  /// The number of entries whose cause is in the document: the links the page draws.
  var linkCount: Int {
    let sequences = Set(entries.map(\.sequence))
    return entries.count(where: { $0.cause.map(sequences.contains) ?? false })
  }

  /// The data the page's script reads.
  func data(title: String) -> JSONValue {
    func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    func integer(_ value: Int) -> JSONValue { .int(Int64(value)) }
    let storeValues = stores.map { store in
      JSONValue.object([
        "entries": integer(store.entryCount), "initialState": store.initialState,
        "name": .string(store.name),
      ])
    }
    let entryValues = entries.map { entry in
      JSONValue.object([
        "action": .string(entry.action),
        "cause": entry.cause.map(integer) ?? .null,
        "causeKind": optional(entry.causeKind),
        "duration": entry.duration.map(integer) ?? .null,
        "error": optional(entry.error),
        "index": integer(entry.sequence),
        "payload": optional(entry.payload),
        "redacted": .array(entry.redacted.map(JSONValue.string)),
        "rejected": .bool(entry.isRejected),
        "skipped": .bool(entry.isSkipped),
        "state": entry.state,
        "store": integer(entry.store),
        "time": entry.time.map(JSONValue.double) ?? .null,
        "type": integer(entry.type),
        "effect": entry.effect.map(integer) ?? .null,
        "middleware": entry.middleware.map(integer) ?? .null,
      ])
    }
    return .object([
      "dropped": integer(dropped), "entries": .array(entryValues), "effects": .array(effects),
      "stores": .array(storeValues), "title": .string(title),
    ])
  }

  private static func object(_ text: Substring, line: Int) throws(TimelinePageError) -> JSONValue {
    var text = text
    if text.last == "\r" { text = text.dropLast() }
    let value: JSONValue
    do {
      value = try JSONValue.parse(text)
    } catch {
      throw TimelinePageError(line: line, reason: "not JSON")
    }
    guard case .object = value else {
      throw TimelinePageError(line: line, reason: "not a JSON object")
    }
    return value
  }

  private static func actionName(_ value: JSONValue, type: Int) -> String {
    if type == replacementType {
      return "state replaced" + (value["reason"]?.stringValue.map { ": " + $0 } ?? "")
    }
    return value["name"]?.stringValue ?? "action \(type)"
  }

  /// The payload as the panel shows it: its JSON, or what stands in for it.
  private static func payloadText(_ value: JSONValue) -> String? {
    if let unexported = value["unexportedPayload"] {
      let type = unexported["type"]?.stringValue ?? "a payload"
      let summary = unexported["summary"]?.stringValue.map { ": " + $0 } ?? ""
      return "(not exported: \(type)\(summary))"
    }
    guard let payload = value["payload"], payload != .null else { return nil }
    return payload.prettyText
  }

  private static func strings(_ value: JSONValue?) -> [String] {
    guard case .array(let values)? = value else { return [] }
    return values.compactMap(\.stringValue)
  }
}
