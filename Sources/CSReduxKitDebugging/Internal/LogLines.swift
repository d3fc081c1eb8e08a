/// The lines of an action log, found in one pass over its bytes without copying them: a word of
/// eight bytes at a time is searched for `\n`, so that finding the lines costs a fraction of a
/// nanosecond per byte, and a line longer than the limit is refused as soon as the limit is
/// passed, without reading to its end.
package struct LogLines {
  /// Each line's bytes, as offsets into the input, without its `\n` or a `\r` before it.
  package private(set) var ranges: [Range<Int>] = []
  /// The number (from 1) of the first line longer than the limit; no lines after it are
  /// found.
  package private(set) var tooLong: Int?

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080
  private static let newlines: UInt64 = ones &* UInt64(UInt8(ascii: "\n"))

  /// Finds the lines of `bytes`, each at most `maximumLength` bytes long without its line
  /// ending. Text after the last `\n` is a last line, even when empty.
  package init(_ bytes: UnsafeRawBufferPointer, maximumLength: Int) {
    let limit = max(maximumLength, 0)
    let count = bytes.count
    var start = 0
    while true {
      // A line may take `limit` bytes and `\r\n`: no need to look further for its end.
      let remaining = count - start
      let searchEnd = limit < remaining - 2 ? start + limit + 2 : count
      let newline = Self.firstNewline(in: bytes, from: start, to: searchEnd)
      var end = newline ?? searchEnd
      if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      guard end - start <= limit, newline != nil || searchEnd == count else {
        tooLong = ranges.count + 1
        return
      }
      ranges.append(start..<end)
      guard let newline else { return }
      start = newline + 1
    }
  }

  /// The offset of the first `\n` in `bytes[start..<end]`, or `nil`.
  package static func firstNewline(
    in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int
  ) -> Int? {
    var offset = start
    while offset + 8 <= end {
      // Little-endian order puts the first byte in the lowest bits on every platform.
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      let matches = word ^ newlines
      // The high bit of each zero byte of `matches` (and maybe of bytes above one): the lowest
      // one set is always the first `\n`.
      let found = (matches &- ones) & ~matches & highBits
      if found != 0 { return offset + found.trailingZeroBitCount / 8 }
      offset += 8
    }
    while offset < end {
      if bytes[offset] == UInt8(ascii: "\n") { return offset }
      offset += 1
    }
    return nil
  }

  /// Whether `bytes` are all ASCII: then they are UTF-8 without further checks.
  static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    let count = bytes.count
    var seen: UInt64 = 0
    while offset + 8 <= count {
      seen |= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      offset += 8
    }
    while offset < count {
      seen |= UInt64(bytes[offset])
      offset += 1
    }
    return seen & highBits == 0
  }
}
