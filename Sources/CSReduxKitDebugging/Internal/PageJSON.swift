#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Any JSON value, as the timeline page reads a session's states and payloads: the page shows
/// them without knowing their Swift types.
enum PageJSON: Equatable, Sendable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([PageJSON])
  /// An object's members, sorted by key: a page lists them in a stable order.
  case object([(key: String, value: PageJSON)])

  static func == (lhs: PageJSON, rhs: PageJSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }

  /// The member `key` of an object; `nil` for a missing member or another kind of value.
  subscript(key: String) -> PageJSON? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The string of a `.string`; `nil` otherwise.
  var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  /// The integer of an `.integer` (or of a whole `.number`); `nil` otherwise.
  var integerValue: Int? {
    switch self {
    case .integer(let value): Int(exactly: value)
    case .number(let value): Int(exactly: value)
    default: nil
    }
  }

  /// The Boolean of a `.bool`; `nil` otherwise.
  var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// Compact JSON text; non-ASCII characters stay as they are.
  var text: String {
    var output = ""
    write(to: &output, forScript: false)
    return output
  }

  /// JSON text for people: compact when it fits in 60 characters, otherwise one member or
  /// element a line, indented by two spaces a level.
  var prettyText: String {
    var output = ""
    writePretty(to: &output, indent: "")
    return output
  }

  private func writePretty(to output: inout String, indent: String) {
    let compact = text
    guard compact.count > 60 else {
      output += compact
      return
    }
    let inner = indent + "  "
    switch self {
    case .array(let values):
      output += "[\n"
      for (index, value) in values.enumerated() {
        output += inner
        value.writePretty(to: &output, indent: inner)
        output += index < values.count - 1 ? ",\n" : "\n"
      }
      output += indent + "]"
    case .object(let members):
      output += "{\n"
      for (index, member) in members.enumerated() {
        output += inner
        Self.writeString(member.key, to: &output, forScript: false)
        output += ": "
        member.value.writePretty(to: &output, indent: inner)
        output += index < members.count - 1 ? ",\n" : "\n"
      }
      output += indent + "}"
    default:
      output += compact
    }
  }

  /// Compact JSON text that can sit inside an HTML `<script>` element: `<`, `>`, `&`, U+2028
  /// and U+2029 in strings are written as `\u` escapes, so no `</script>` or `<!--` in a value
  /// can end the element or change how it is read.
  var scriptText: String {
    var output = ""
    write(to: &output, forScript: true)
    return output
  }

  private func write(to output: inout String, forScript: Bool) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .integer(let value): output += String(value)
    case .number(let value):
      output += value.isFinite ? "\(value)" : "null"
    case .string(let value): Self.writeString(value, to: &output, forScript: forScript)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output, forScript: forScript)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        Self.writeString(member.key, to: &output, forScript: forScript)
        output += ":"
        member.value.write(to: &output, forScript: forScript)
      }
      output += "}"
    }
  }

  /// Writes `string` as a JSON string literal; with `forScript`, `<`, `>`, `&`, U+2028 and
  /// U+2029 as `\u` escapes too.
  private static func writeString(_ string: String, to output: inout String, forScript: Bool) {
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        output += unicodeEscape(scalar.value)
      case _ where forScript && scriptUnsafe.contains(scalar):
        output += unicodeEscape(scalar.value)
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

  /// What ends or changes a `<script>` element's text, or a line of JavaScript.
  private static let scriptUnsafe: Set<Unicode.Scalar> = ["<", ">", "&", "\u{2028}", "\u{2029}"]

  private static func unicodeEscape(_ value: UInt32) -> String {
    let hex = String(value, radix: 16)
    return "\\u" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
  }
}

extension PageJSON: Decodable {
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: Key.self) {
      var members: [(key: String, value: PageJSON)] = []
      for key in container.allKeys {
        members.append((key.stringValue, try container.decode(PageJSON.self, forKey: key)))
      }
      self = .object(members.sorted { $0.key < $1.key })
      return
    }
    if var container = try? decoder.unkeyedContainer() {
      var values: [PageJSON] = []
      while !container.isAtEnd { values.append(try container.decode(PageJSON.self)) }
      self = .array(values)
      return
    }
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  /// Parses one line of JSON text.
  static func parse(_ line: Substring) throws -> PageJSON {
    try JSONDecoder().decode(PageJSON.self, from: Data(line.utf8))
  }
}

extension PageJSON {
  /// One difference between two JSON values: where, and the text before and after (`nil` for
  /// a member or element that one side does not have).
  struct Change: Equatable, Sendable {
    var path: String
    var old: String?
    var new: String?
  }

  /// The differences from `old` to `self`, leaf by leaf: object members by key, array elements
  /// by index, at most `limit` of them.
  func changes(from old: PageJSON, limit: Int = 200) -> [Change] {
    var changes: [Change] = []
    Self.walk(old, self, path: "", into: &changes, limit: limit)
    return changes
  }

  private static func walk(
    _ old: PageJSON?, _ new: PageJSON?, path: String, into changes: inout [Change], limit: Int
  ) {
    guard changes.count < limit, old != new else { return }
    switch (old, new) {
    case (.object(let a)?, .object(let b)?):
      let keys = Set(a.map(\.key)).union(b.map(\.key)).sorted()
      for key in keys {
        let member = path.isEmpty ? key : path + "." + key
        walk(old?[key], new?[key], path: member, into: &changes, limit: limit)
      }
    case (.array(let a)?, .array(let b)?):
      for index in 0..<max(a.count, b.count) {
        walk(
          index < a.count ? a[index] : nil, index < b.count ? b[index] : nil,
          path: path + "[\(index)]", into: &changes, limit: limit)
      }
    default:
      changes.append(Change(path: path.isEmpty ? "(state)" : path, old: old?.text, new: new?.text))
    }
  }
}
