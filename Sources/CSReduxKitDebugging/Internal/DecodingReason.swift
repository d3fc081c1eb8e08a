import CSReduxKitPersistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The reasons an import gives for a line that does not decode, the same for an action log and
/// a timeline: invalid JSON, nesting deeper than the decoder reads, a missing field, a wrong
/// type.
enum DecodingReason {
  /// A short reason for `error`, naming `what` was decoded (`header`, `entry`, `payload`) and
  /// the path of the field at fault. `line` is the text decoded, when it was a whole line: a
  /// line nested deeper than the decoder reads is then told apart from a corrupt one.
  static func explain(_ error: any Error, what: String, line: Data? = nil) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func path(_ keys: [any CodingKey]) -> String {
      keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      let limit = JSONNesting.decoderLimit
      if let line, line.withUnsafeBytes({ JSONNesting.exceeds(limit, in: $0) }) {
        return "the line nests arrays and objects more than \(limit) levels deep; the JSON "
          + "decoder reads at most \(limit)"
      }
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
