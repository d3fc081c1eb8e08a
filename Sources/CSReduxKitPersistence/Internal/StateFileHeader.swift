import CSReduxKitCore
import _CSReduxKitShims

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The fields read before the state, to tell a bad file from an incompatible one. A field of
/// the wrong type reads as `nil`, with what it holds instead in `…Found`.
struct StateFileHeader: Decodable {
  let format: String?
  let schemaVersion: Int?
  /// What `format` holds when it is there but not a string, such as `the number 3`.
  let formatFound: String?
  /// What `schemaVersion` holds when it is there but not a whole number, such as
  /// `the string "1"`.
  let schemaVersionFound: String?

  private enum CodingKeys: String, CodingKey {
    case format, schemaVersion
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    format = try? container.decodeIfPresent(String.self, forKey: .format)
    schemaVersion = try? container.decodeIfPresent(Int.self, forKey: .schemaVersion)
    formatFound = format == nil ? Self.found(container, .format) : nil
    schemaVersionFound = schemaVersion == nil ? Self.found(container, .schemaVersion) : nil
  }

  /// What a field holds, in words, when it is there; `nil` when it is missing.
  private static func found(
    _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
  ) -> String? {
    guard container.contains(key) else { return nil }
    if (try? container.decodeNil(forKey: key)) == true { return "null" }
    if let text = try? container.decode(String.self, forKey: key) {
      let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
      return "the string \(String(reflecting: shown))"
    }
    if let number = try? container.decode(Int.self, forKey: key) { return "the number \(number)" }
    if let number = try? container.decode(Double.self, forKey: key) {
      return "the number \(number)"
    }
    if let flag = try? container.decode(Bool.self, forKey: key) { return "\(flag)" }
    return "an array or an object"
  }
}
