#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// What the timeline page reads and writes of any JSON value: it shows a session's states and
// payloads without knowing their Swift types.
extension JSONValue {
  /// The member `key` of an object; `nil` for a missing member or another kind of value.
  subscript(key: String) -> JSONValue? {
    fields?[key]
  }

  /// The string of a `.string`; `nil` otherwise.
  var stringValue: String? {
    if case .string(let string) = self { return string }
    return nil
  }

  /// The integer of an `.int`, an `.unsigned` or a whole `.double` that fits an `Int`; `nil`
  /// otherwise.
  var integerValue: Int? {
    switch self {
    case .int(let value): Int(exactly: value)
    case .unsigned(let value): Int(exactly: value)
    case .double(let value): Int(exactly: value)
    default: nil
    }
  }

  /// The number of an `.int`, an `.unsigned` or a `.double`; `nil` otherwise.
  var numberValue: Double? {
    switch self {
    case .int(let value): Double(value)
    case .unsigned(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }

  /// The Boolean of a `.bool`; `nil` otherwise.
  var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// Parses one line of JSON text.
  static func parse(_ line: Substring) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
  }

  /// Compact JSON text, object members sorted by key; non-ASCII characters stay as they are.
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

  /// Compact JSON text that can sit inside an HTML `<script>` element: `<`, `>`, `&`, U+2028
  /// and U+2029 in strings are written as `\u` escapes, so no `</script>` or `<!--` in a value
  /// can end the element or change how it is read.
  var scriptText: String {
    var output = ""
    write(to: &output, forScript: true)
    return output
  }

  private var sortedFields: [(key: String, value: JSONValue)] {
    (fields ?? [:]).sorted { $0.key < $1.key }
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
    case .object:
      let members = sortedFields
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

  private func write(to output: inout String, forScript: Bool) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .unsigned(let value): output += String(value)
    case .double(let value): output += value.isFinite ? "\(value)" : "null"
    case .string(let value): Self.writeString(value, to: &output, forScript: forScript)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output, forScript: forScript)
      }
      output += "]"
    case .object:
      output += "{"
      for (index, member) in sortedFields.enumerated() {
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
