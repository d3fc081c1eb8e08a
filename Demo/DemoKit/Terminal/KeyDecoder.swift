import DemoUI

/// Turns the bytes a terminal sends in raw mode into ``Key``s.
///
/// Escape sequences and UTF-8 characters may arrive split across reads, so the decoder keeps
/// the bytes of an unfinished one until the next ``decode(_:)``. A lone Esc looks like the start
/// of a sequence: when ``isWaiting`` is true after a read, wait briefly for more input and call
/// ``flush()`` if none came; it turns the pending Esc into ``Key/escape``.
struct KeyDecoder {
  private var pending: [UInt8] = []

  /// The longest escape sequence kept; longer unknown sequences are dropped.
  private static let maximumSequenceLength = 16

  /// Whether bytes of an unfinished key wait for more input.
  var isWaiting: Bool { !pending.isEmpty }

  /// Decodes `bytes`, returning every complete key and keeping an unfinished one.
  mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    return decodePending(isFlushing: false)
  }

  /// Decodes what is pending as if no more input will come: a pending Esc becomes
  /// ``Key/escape``; an unfinished character is dropped.
  mutating func flush() -> [Key] {
    decodePending(isFlushing: true)
  }

  private mutating func decodePending(isFlushing: Bool) -> [Key] {
    var keys: [Key] = []
    var index = 0
    let bytes = pending
    decoding: while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x1B:
        switch Self.escapeSequence(bytes, from: index) {
        case .complete(let key, let length):
          if let key { keys.append(key) }
          index += length
        case .incomplete where !isFlushing:
          break decoding
        case .incomplete, .loneEscape:
          keys.append(.escape)
          index += 1
        }
      case 0x0D:
        keys.append(.enter)
        // A CR LF pair is one Enter.
        index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
      case 0x0A:
        keys.append(.enter)
        index += 1
      case 0x7F, 0x08:
        keys.append(.backspace)
        index += 1
      case 0x09:
        keys.append(.tab)
        index += 1
      case 0x03:
        keys.append(.interrupt)
        index += 1
      case 0x04:
        keys.append(.endOfInput)
        index += 1
      case 0x00..<0x20:
        index += 1  // other control characters mean nothing here
      default:
        let length = Self.utf8Length(leadingByte: byte)
        guard index + length <= bytes.count else {
          if isFlushing { index = bytes.count }
          break decoding
        }
        let scalarBytes = bytes[index..<(index + length)]
        let text = String(decoding: scalarBytes, as: UTF8.self)
        if let character = text.first, character != "\u{FFFD}" {
          keys.append(.character(character))
        }
        index += length
      }
    }
    pending.removeFirst(index)
    return keys
  }

  private enum Escape {
    /// A complete sequence of `length` bytes; `key` is nil for sequences with no meaning here.
    case complete(Key?, length: Int)
    /// The bytes so far could start a sequence.
    case incomplete
    /// ESC followed by something that starts no sequence.
    case loneEscape
  }

  private static func escapeSequence(_ bytes: [UInt8], from start: Int) -> Escape {
    guard start + 1 < bytes.count else { return .incomplete }
    let introducer = bytes[start + 1]
    switch introducer {
    case UInt8(ascii: "O"):
      guard start + 2 < bytes.count else { return .incomplete }
      return .complete(cursorKey(bytes[start + 2]), length: 3)
    case UInt8(ascii: "["):
      // CSI: parameter bytes 0x30-0x3F, intermediates 0x20-0x2F, then a final 0x40-0x7E.
      var index = start + 2
      while index < bytes.count {
        let byte = bytes[index]
        if (0x40...0x7E).contains(byte) {
          let parameters = bytes[(start + 2)..<index]
          let key = parameters.isEmpty ? cursorKey(byte) : editingKey(parameters, final: byte)
          return .complete(key, length: index - start + 1)
        }
        guard (0x20...0x3F).contains(byte), index - start < maximumSequenceLength else {
          return .complete(nil, length: index - start)
        }
        index += 1
      }
      return .incomplete
    default:
      return .loneEscape
    }
  }

  private static func cursorKey(_ final: UInt8) -> Key? {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: nil
    }
  }

  /// The VT-style `ESC [ n ~` keys: 1 and 7 are Home, 4 and 8 are End (terminals differ).
  private static func editingKey(_ parameters: ArraySlice<UInt8>, final: UInt8) -> Key? {
    guard final == UInt8(ascii: "~"), parameters.count == 1, let digit = parameters.first else {
      return nil
    }
    switch digit {
    case UInt8(ascii: "1"), UInt8(ascii: "7"): return .home
    case UInt8(ascii: "4"), UInt8(ascii: "8"): return .end
    default: return nil
    }
  }

  private static func utf8Length(leadingByte byte: UInt8) -> Int {
    switch byte {
    case 0xF0...0xF7: 4
    case 0xE0...0xEF: 3
    case 0xC0...0xDF: 2
    default: 1
    }
  }
}
