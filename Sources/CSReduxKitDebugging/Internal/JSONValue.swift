/// Any JSON value, read and written without losing integers: what a timeline reads a line as
/// to add its own fields to an action log's, and to withhold redacted ones.
enum JSONValue: Codable, Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case unsigned(UInt64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .int(value)
    } else if let value = try? container.decode(UInt64.self) {
      self = .unsigned(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .unsigned(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// A value of the same shape that carries nothing of this one: what a redacted value is
  /// written as, so that the state it is part of still decodes.
  var blank: JSONValue {
    switch self {
    case .null: .null
    case .bool: .bool(false)
    case .int, .unsigned, .double: .int(0)
    case .string: .string("")
    case .array: .array([])
    case .object: .object([:])
    }
  }

  /// The object's fields, `nil` for any other value.
  var fields: [String: JSONValue]? {
    if case .object(let fields) = self { return fields }
    return nil
  }
}
