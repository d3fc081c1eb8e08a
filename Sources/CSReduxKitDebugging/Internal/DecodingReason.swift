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
    // A line that is not JSON is called so, whichever field the decoder was reading when it
    // found out (the value decoder tries several types, and keys come in no fixed order).
    if let line, !isTopLevelCorruption(error), !isJSON(line) {
      return explain(
        DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not JSON")),
        what: what, line: line)
    }
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

  /// Whether `error` says the text as a whole is not JSON.
  private static func isTopLevelCorruption(_ error: DecodingError) -> Bool {
    if case .dataCorrupted(let context) = error { return context.codingPath.isEmpty }
    return false
  }

  /// Whether `line` is JSON text: it reads as a JSON value, every string and number of it
  /// included (the decoder checks a string's characters only when the string is read).
  static func isJSON(_ line: Data) -> Bool {
    (try? JSONDecoder().decode(JSONValue.self, from: line)) != nil
  }
}
