import CSReduxKit
import CSReduxKitTestSupport
import Foundation
import Testing

// Timeline and action log files from strangers: crafted headers and entries are refused on
// the line that has them, naming the field, in the words of the file that was read.

/// A timeline header of store "A" (and "C" when `second`), announcing `count` entries.
private func header(count: Int = 2, stores: [String] = ["A"]) -> String {
  let lines = stores.map {
    #"{"entryCount":1,"firstIndex":0,"initialState":{"tasks":[]},"name":"\#($0)","#
      + #""stateType":"T"}"#
  }
  return #"{"entryCount":\#(count),"format":"csreduxkit-timeline","redaction":{"rules":[]},"#
    + #""stores":[\#(lines.joined(separator: ","))],"version":1}"#
}

/// An entry line of `store`, numbered `sequence`, with a cause when `cause` is set.
private func entry(
  _ sequence: Int, store: String = "A", cause: Int? = nil, kind: String = "follow"
) -> String {
  let link = cause.map { #""cause":{"kind":"\#(kind)","sequence":\#($0)},"# } ?? ""
  return
    #"{\#(link)"durationNanoseconds":1,"index":0,"rejected":false,"sequence":\#(sequence),"skipped":false,"#
    + #""state":{"tasks":[]},"store":"\#(store)","time":1,"type":0}"#
}

private var codec: TimelineCodec {
  var codec = TimelineCodec()
  codec.register(store: "A", codec: ActionLogCodec<TodoLogState>())
  codec.register(store: "C", codec: ActionLogCodec<TodoLogState>())
  return codec
}

private func decode(_ lines: [String]) throws(ActionLogImportError) -> TimelineSession {
  try codec.decode(lines.joined(separator: "\n") + "\n", unknownActionTypes: .skip)
}

@Suite("Timeline: hostile files are refused early and named")
struct TimelineHostileFileTests {
  @Test("a well-formed file reads, with causes before its first entry and after (middleware)")
  func wellFormed() throws {
    let session = try decode([
      header(count: 3), entry(5, cause: 2), entry(6, cause: 7, kind: "middleware"),
      entry(7, cause: 5),
    ])
    #expect(session.entries.map(\.sequence) == [5, 6, 7])
    #expect(session.entries.map(\.cause?.sequence) == [2, 7, 5])
  }

  @Test(
    "each hostile timeline is refused on the line that has it, naming the field",
    arguments: [
      (
        [header(count: -1)],
        "timeline, line 1: the header's entryCount is -1; a count of entries is 0 or more"
      ),
      (
        [header(count: Int.max), entry(0)],
        "timeline, line 1: the header's entryCount \(Int.max) cannot be right: the whole file "
          + "is \(([header(count: Int.max), entry(0)].joined(separator: "\n") + "\n").utf8.count) "
          + "bytes, too short for that many entry lines"
      ),
      (
        [header(stores: ["A", "A"]), entry(0), entry(1)],
        #"timeline, line 1: the header's stores list "A" twice; each store is listed once"#
      ),
      (
        [header(), entry(0), entry(1, store: "C")],
        #"timeline, line 3: entry field .store "C" is not one of the header's stores"#
      ),
      (
        [header(), entry(0), entry(1, cause: 1)],
        "timeline, line 3: entry field .cause.sequence is 1, the entry itself; an entry does "
          + "not cause itself"
      ),
      (
        [header(), entry(0, cause: 3), entry(3)],
        "timeline, line 2: entry field .cause.sequence is 3, an entry after this one; a "
          + "follow cause comes before what it causes"
      ),
      (
        [header(), entry(0, cause: 9, kind: "middleware"), entry(3)],
        "timeline, line 2: entry field .cause.sequence is 9, but the file has no entry #9"
      ),
      (
        [header(), entry(5), entry(7, cause: 6)],
        "timeline, line 3: entry field .cause.sequence is 6, but the file has no entry #6"
      ),
      (
        [header(), entry(4), entry(4)],
        "timeline, line 3: entry field .sequence is 4, after entry #4; the entries of a "
          + "timeline are in the order of their sequence numbers, each once"
      ),
      (
        [header(), entry(4), entry(3)],
        "timeline, line 3: entry field .sequence is 3, after entry #4; the entries of a "
          + "timeline are in the order of their sequence numbers, each once"
      ),
    ])
  func refused(lines: [String], message: String) {
    let error = #expect(throws: ActionLogImportError.self) { try decode(lines) }
    #expect(error?.description == message)
  }

  @Test("an entry of a registered store the header does not list is refused under .reject too")
  func unlistedRegisteredStore() {
    let text = [header(count: 1), entry(0, store: "C")].joined(separator: "\n")
    let error = #expect(throws: ActionLogImportError.self) {
      try codec.decode(text, unknownActionTypes: .reject)
    }
    #expect(error?.description.hasPrefix("timeline, line 2: entry field .store \"C\"") == true)
  }

  @Test("each codec recognises the other's file and says so")
  func otherFormat() throws {
    let log = try ActionLogCodec<TodoLogState>().encode(
      ActionRecording(initialState: TodoLogState(), entries: [], storeName: "S"))
    let asTimeline = #expect(throws: ActionLogImportError.self) { try codec.decode(log) }
    #expect(
      asTimeline?.description
        == "timeline, line 1: this is an action log (format \"csreduxkit-action-log\"), not a "
        + "timeline: read it with ActionLogCodec")
    let timeline = [header(count: 0)].joined() + "\n"
    let asLog = #expect(throws: ActionLogImportError.self) {
      try ActionLogCodec<TodoLogState>().decode(timeline)
    }
    #expect(
      asLog?.description
        == "action log, line 1: this is a timeline (format \"csreduxkit-timeline\"), not an "
        + "action log: read it with TimelineCodec")
  }

  @Test("a line that is not JSON is called so, the same way every time")
  func invalidJSON() {
    let line = "{\"a\":\"\u{1}\",\"b\":\"\u{1}\",\"c\":\"\u{1}\",\"d\":\"\u{1}\"}"
    var messages: Set<String> = []
    for _ in 0..<20 {
      do {
        _ = try decode([header(count: 1), line])
      } catch {
        messages.insert(error.description)
      }
    }
    #expect(messages == ["timeline, line 2: not valid JSON (a corrupt or truncated line)"])
  }

  @Test("a blank last line of white space is accepted by the codec and the page alike")
  func blankLastLine() throws {
    for blank in ["\t", " \t ", "\u{3000}", "\r"] {
      let text = [header(count: 1), entry(0)].joined(separator: "\n") + "\n" + blank + "\n"
      #expect(try codec.decode(text, unknownActionTypes: .skip).entries.count == 1)
      #expect(throws: Never.self) { try TimelinePage(jsonLines: text) }
    }
  }

  @Test("an action log whose sequence numbers repeat or go back is refused on that line")
  func actionLogSequence() {
    let header =
      #"{"entryCount":2,"format":"csreduxkit-action-log","initialState":{"tasks":[]},"#
      + #""store":"S","version":1}"#
    func entry(_ sequence: Int) -> String {
      #"{"durationNanoseconds":1,"rejected":false,"sequence":\#(sequence),"skipped":false,"state":{"tasks":[]},"#
        + #""time":1,"type":0}"#
    }
    for (first, second) in [(3, 3), (3, 2)] {
      let text = [header, entry(first), entry(second)].joined(separator: "\n")
      let error = #expect(throws: ActionLogImportError.self) {
        try ActionLogCodec<TodoLogState>().decode(text, unknownActionTypes: .skip)
      }
      #expect(
        error?.description
          == "action log, line 3: entry field .sequence is \(second), after entry #\(first); "
          + "the entries of a log are in the order of their sequence numbers, each once")
    }
  }
}
