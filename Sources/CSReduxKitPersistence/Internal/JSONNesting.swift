/// How deeply JSON text nests, for the message of a document the JSON decoder refuses: it reads
/// at most ``JSONNesting/decoderLimit`` levels of arrays and objects, and calls anything deeper
/// "not valid JSON", which would send the reader looking for a cut or a corrupt byte.
package enum JSONNesting {
  /// The deepest nesting of arrays and objects that Foundation's `JSONDecoder` reads.
  package static let decoderLimit = 512

  /// Whether the arrays and objects in `bytes` nest more than `limit` levels deep, outside
  /// strings. Stops at the first level past the limit, so a refused document costs no more
  /// than reading up to it.
  package static func exceeds(_ limit: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
    var depth = 0
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > limit { return true }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    return false
  }
}
