#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the action log's and the timeline's readers share: the lines that hold content, the
/// header's format marker, and the check of an announced entry count.
extension LogLines {
  /// The lines that hold content: blank lines at the end dropped (a blank line is empty or
  /// white space only, as the page counts it too), and a byte-order mark before the first
  /// line removed.
  static func content(of data: Data, lines found: [Range<Int>]) -> [Range<Int>] {
    var lines = found
    while let last = lines.last, isBlank(text(of: last, in: data)) { lines.removeLast() }
    if let first = lines.first, text(of: first, in: data).starts(with: [0xEF, 0xBB, 0xBF]) {
      lines[0] = (first.lowerBound + 3)..<first.upperBound
    }
    return lines
  }

  /// The bytes of the line at `range` of `data`, sharing its storage.
  static func text(of range: Range<Int>, in data: Data) -> Data {
    data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)]
  }

  /// Whether the line is empty or only white space (Unicode's, as `Character.isWhitespace`).
  static func isBlank(_ line: Data) -> Bool {
    line.withUnsafeBytes { bytes in
      for byte in bytes {
        switch byte {
        case 0x09...0x0D, 0x20: continue
        case 0x80...: return String(decoding: bytes, as: UTF8.self).allSatisfy(\.isWhitespace)
        default: return false
        }
      }
      return true
    }
  }
}

/// The action log's format marker, for the readers that recognise its file.
enum ActionLogFormat {
  static let marker = "csreduxkit-action-log"
}

/// The header checks both readers make.
enum LogFormat {
  /// A header's `format`, when the line is a JSON object that has one as a string.
  private struct Probe: Decodable {
    let format: String?
  }

  /// The `format` marker of a header line, or `nil`.
  static func of(_ line: Data) -> String? {
    (try? JSONDecoder().decode(Probe.self, from: line))?.format
  }

  /// Why `entryCount` cannot be the number of entries of a file of `byteCount` bytes, or `nil`
  /// when it can: each entry takes a line of at least three bytes (`{}` and a line break).
  static func entryCountProblem(_ entryCount: Int, byteCount: Int) -> String? {
    if entryCount < 0 {
      return "the header's entryCount is \(entryCount); a count of entries is 0 or more"
    }
    if entryCount > byteCount / 3 {
      return "the header's entryCount \(entryCount) cannot be right: the whole file is "
        + "\(byteCount) bytes, too short for that many entry lines"
    }
    return nil
  }
}
