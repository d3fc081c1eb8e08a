import CSReduxKit
import CSReduxKitTestSupport
import Foundation
import Testing

// What an import costs and where it stops: lines found in one pass, a limit on a line's length,
// and nesting too deep for the JSON decoder named as such. No timings: sizes stay small.

private var boundsCodec: ActionLogCodec<TodoLogState> {
  var codec = ActionLogCodec<TodoLogState>()
  codec.register(TodoLogAction.add, payload: String.self)
  return codec
}

private let header =
  #"{"entryCount":1,"format":"csreduxkit-action-log","initialState":{"tasks":[]},"store":"S","version":1}"#
private let entry =
  #"{"durationNanoseconds":1,"payload":"Milk","rejected":false,"sequence":0,"skipped":false,"state":{"tasks":["Milk"]},"time":1,"type":0}"#

/// The lines of `text` as the import finds them, in characters.
private func lines(_ text: String, maximumLength: Int = .max) -> (lines: [String], tooLong: Int?) {
  let bytes = Array(text.utf8)
  let found = bytes.withUnsafeBytes { LogLines($0, maximumLength: maximumLength) }
  let texts = found.ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
  return (texts, found.tooLong)
}

@Suite("Action log: import bounds")
struct ActionLogImportBoundsTests {
  @Test("lines are found at every offset, across eight-byte words, as a plain split finds them")
  func linesAtEveryOffset() {
    // Every place for one or two line breaks in texts of up to 19 bytes, with `\r\n` too.
    for length in 0..<20 {
      for first in 0...length {
        for second in first...length {
          var characters = Array(repeating: "a", count: length)
          if first < length { characters[first] = "\n" }
          if second < length, second != first { characters[second] = "\n" }
          let text = characters.joined()
          let expected = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
          #expect(lines(text).lines == expected, "\(text.debugDescription)")
          let crlf = text.replacing("\n", with: "\r\n")
          #expect(lines(crlf).lines == expected, "\(crlf.debugDescription)")
        }
      }
    }
  }

  @Test("a line past the limit is found as soon as the limit is passed; one at it is read")
  func limitFoundEarly() {
    #expect(lines("abcd\nefgh", maximumLength: 4) == (["abcd", "efgh"], nil))
    #expect(lines("abcd\r\nefgh\r\n", maximumLength: 4) == (["abcd", "efgh", ""], nil))
    #expect(lines("abcd\nefghi\nj", maximumLength: 4) == (["abcd"], 2))
    #expect(lines("abcde", maximumLength: 4) == ([], 1))
    #expect(lines("", maximumLength: 0) == ([""], nil))
    #expect(lines("\n\n", maximumLength: 0) == (["", "", ""], nil))
    #expect(lines("a", maximumLength: -5) == ([], 1))
  }

  @Test("a line longer than maximumLineLength is refused, naming the line and the limit")
  func lineTooLong() throws {
    var codec = boundsCodec
    let text = header + "\n" + entry + "\n"
    #expect(try codec.decode(text).entries.count == 1)
    codec.maximumLineLength = entry.utf8.count
    #expect(try codec.decode(text.replacing("\n", with: "\r\n")).entries.count == 1)
    codec.maximumLineLength = entry.utf8.count - 1
    #expect(
      throws: ActionLogImportError(
        line: 2,
        reason: "the line is longer than the codec's maximumLineLength of "
          + "\(entry.utf8.count - 1) bytes; if the log is genuine, raise maximumLineLength to "
          + "read it")
    ) { try codec.decode(text) }
  }

  @Test("the default limit of 64 MiB reads a log of a few megabytes with no line break")
  func defaultLimit() throws {
    #expect(ActionLogCodec<TodoLogState>().maximumLineLength == 64 << 20)
    // 4 MB of `[` in one line: well under the limit, refused for its nesting, not its length.
    let deep = Data((header + "\n" + String(repeating: "[", count: 4 << 20)).utf8)
    let error = #expect(throws: ActionLogImportError.self) { try boundsCodec.decode(deep) }
    #expect(error?.line == 2)
    #expect(error?.reason.hasPrefix("the line nests arrays and objects") == true)
    var strict = boundsCodec
    strict.maximumLineLength = 1 << 20
    #expect(throws: ActionLogImportError.self) { try strict.decode(deep) }
    #expect((try? strict.decode(deep))?.recording == nil)
  }

  @Test("a line nested deeper than 512 levels has its own message; a cut line keeps its own")
  func deepNesting() {
    let nested = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    let deepEntry = entry.replacing(#"["Milk"]"#, with: #"[\#(nested)]"#)
    let deepHeader = header.replacing(#"{"tasks":[]}"#, with: #"{"tasks":\#(nested)}"#)
    let message =
      "the line nests arrays and objects more than 512 levels deep; the JSON decoder reads at "
      + "most 512"
    #expect(throws: ActionLogImportError(line: 2, reason: message)) {
      try boundsCodec.decode(header + "\n" + deepEntry)
    }
    #expect(throws: ActionLogImportError(line: 1, reason: message)) {
      try boundsCodec.decode(deepHeader + "\n" + entry)
    }
    // Brackets inside strings do not count; a line cut short is still called corrupt.
    let inString = entry.replacing(#""Milk"]"#, with: #""\#(nested)"]"#)
    let cut = String(inString.prefix(inString.utf8.count - 30))
    #expect(
      throws: ActionLogImportError(
        line: 2, reason: "not valid JSON (a corrupt or truncated line)")
    ) { try boundsCodec.decode(header + "\n" + cut) }
  }

  @Test("a byte-order mark, a slice of a larger buffer and CRLF endings read as before")
  func slicesAndMarks() throws {
    let text = "\u{FEFF}" + header + "\r\n" + entry + "\r\n\r\n"
    #expect(try boundsCodec.decode(text).entries.map(\.state.tasks) == [["Milk"]])
    let padded = Data(("xx" + text + "yy").utf8)
    let slice = padded.dropFirst(2).dropLast(2)
    let recording = try boundsCodec.decode(slice).recording
    #expect(recording.entries.map(\.state.tasks) == [["Milk"]])
  }
}
