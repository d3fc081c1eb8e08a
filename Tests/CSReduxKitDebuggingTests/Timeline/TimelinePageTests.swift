import CSReduxKit
import CSReduxKitTestSupport
import Foundation
import Testing

/// A timeline export of three stores: a sign-in followed by a store and fanned out by a
/// broadcast at sign-out, an effect, and a rejected entry.
private let session =
  [
    #"{"entryCount":6,"format":"csreduxkit-timeline","redaction":{"rules":[]},"stores":["#
      + #"{"entryCount":2,"firstIndex":0,"initialState":{"user":null},"name":"Account","stateType":"A"},"#
      + #"{"entryCount":3,"firstIndex":0,"initialState":{"items":[]},"name":"Todos","stateType":"T"},"#
      + #"{"entryCount":1,"firstIndex":0,"initialState":{"shown":""},"name":"Profile","stateType":"P"}"#
      + #"],"version":1}"#,
    #"{"index":0,"name":"signIn","payload":"ada","rejected":false,"sequence":0,"skipped":false,"#
      + #""state":{"user":"ada"},"store":"Account","time":10.0,"type":0}"#,
    #"{"cause":{"kind":"effect","sequence":0},"index":0,"name":"add","payload":"Milk","#
      + #""rejected":false,"sequence":1,"skipped":false,"state":{"items":["Milk"]},"#
      + #""store":"Todos","time":10.5,"type":0}"#,
    #"{"index":1,"name":"signOut","rejected":false,"sequence":2,"skipped":false,"#
      + #""state":{"user":null},"store":"Account","time":11.0,"type":1}"#,
    #"{"cause":{"kind":"broadcast","sequence":2},"index":1,"name":"signOut","rejected":false,"#
      + #""sequence":3,"skipped":false,"state":{"items":[]},"store":"Todos","time":11.0,"type":9}"#,
    #"{"cause":{"kind":"broadcast","sequence":2},"index":0,"name":"clear","rejected":false,"#
      + #""sequence":4,"skipped":false,"state":{"shown":""},"store":"Profile","time":11.0,"type":1}"#,
    #"{"error":"no row 5","index":2,"name":"delete","payload":5,"rejected":true,"sequence":5,"#
      + #""skipped":false,"state":{"items":[]},"store":"Todos","time":12.0,"type":1}"#,
  ].joined(separator: "\n") + "\n"

/// The data the page's script reads, decoded from the page.
private func pageData(_ html: String) throws -> [String: Any] {
  let open = #"<script type="application/json" id="timeline-data">"#
  let start = try #require(html.range(of: open))
  let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
  let json = Data(html[start.upperBound..<end.lowerBound].utf8)
  return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
}

private func entries(_ data: [String: Any]) throws -> [[String: Any]] {
  try #require(data["entries"] as? [[String: Any]])
}

@Suite("TimelinePage: a session as a self-contained HTML page")
struct TimelinePageTests {
  @Test("the page has a lane per store, every entry in order and a link per cause")
  func lanesEntriesAndLinks() throws {
    let page = try TimelinePage(jsonLines: session, title: "app.jsonl")
    #expect(page.storeNames == ["Account", "Todos", "Profile"])
    #expect(page.entryCount == 6)
    #expect(page.causeLinkCount == 3)
    let data = try pageData(page.html)
    let stores = try #require(data["stores"] as? [[String: Any]])
    #expect(stores.map { $0["name"] as? String } == ["Account", "Todos", "Profile"])
    #expect(stores.map { $0["entries"] as? Int } == [2, 3, 1])
    let list = try entries(data)
    #expect(list.map { $0["index"] as? Int } == [0, 1, 2, 3, 4, 5])
    #expect(list.map { $0["store"] as? Int } == [0, 1, 0, 1, 2, 1])
    #expect(list.map { $0["cause"] as? Int } == [nil, 0, nil, 2, 2, nil])
    #expect(list[3]["causeKind"] as? String == "broadcast")
    #expect(list[5]["rejected"] as? Bool == true)
    #expect(list[5]["error"] as? String == "no row 5")
    #expect(list[1]["time"] as? Double == 500)
  }

  @Test("an effect reaches the page with its lane, place and end; its action names it")
  func effects() async throws {
    let todos = loadingTodoStore()
    let timeline = Timeline()
    try timeline.record(todos, codec: todosCodec)
    todos.dispatch(Action(TodoAction.load))
    try await todos.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    let page = try TimelinePage(jsonLines: try timeline.export())
    let data = try pageData(page.html)
    let effects = try #require(data["effects"] as? [[String: Any]])
    try #require(effects.count == 1)
    #expect(effects[0]["store"] as? Int == 0)
    #expect(effects[0]["cause"] as? Int == 0)
    #expect(effects[0]["causeKind"] as? String == "middleware")
    #expect((effects[0]["origin"] as? String)?.hasSuffix("TimelineFixtures.swift:229") == true)
    let end = try #require(effects[0]["end"] as? [String: Any])
    #expect(end["outcome"] as? String == "finished")
    #expect(end["after"] as? Int == 1)
    #expect(try entries(data).map { $0["effect"] as? Int } == [nil, 0])
  }

  @Test(
    "each entry carries its store's whole state and its reducer's duration; stores their initial state"
  )
  func statesAndDurations() throws {
    let lines = session.split(separator: "\n").map(String.init)
    let timed = lines[1].replacingOccurrences(
      of: #""index":0,"#, with: #""durationNanoseconds":1500000,"index":0,"#)
    let data = try pageData(
      try TimelinePage(jsonLines: ([lines[0], timed] + lines[2...]).joined(separator: "\n")).html)
    let list = try entries(data)
    // The page computes each difference from these states (Tests/TimelinePage/logic-tests.js).
    #expect((list[0]["state"] as? [String: Any])?["user"] as? String == "ada")
    #expect((list[1]["state"] as? [String: Any])?["items"] as? [String] == ["Milk"])
    #expect(((list[2]["state"] as? [String: Any])?["user"]).map { $0 is NSNull } == true)
    #expect(list[0]["duration"] as? Int == 1_500_000)
    #expect(list[1]["duration"] is NSNull, "the entry records no duration")
    let stores = try #require(data["stores"] as? [[String: Any]])
    #expect((stores[1]["initialState"] as? [String: Any])?["items"] as? [String] == [])
    #expect(list.allSatisfy { $0["changes"] == nil }, "no differences computed in Swift")
  }

  @Test("no string from the session can end the script element or become markup")
  func escapesEverySessionString() throws {
    let hostile = #"</script><img src=x onerror=\"document.title='owned'\"><!--"#
    let text =
      session
      .replacingOccurrences(of: #""name":"signIn""#, with: #""name":"\#(hostile)""#)
      .replacingOccurrences(of: #""payload":"Milk""#, with: #""payload":"\#(hostile)""#)
      .replacingOccurrences(of: #""error":"no row 5""#, with: #""error":"<b>\u2028x</b>""#)
    let page = try TimelinePage(jsonLines: text, title: "<script>alert(1)</script>")
    #expect(!page.html.contains("<img"))
    #expect(!page.html.contains("<b>"))
    #expect(!page.html.contains("<!--"))
    #expect(!page.html.contains("\u{2028}"))
    #expect(!page.html.contains("alert(1)</script>"))
    #expect(page.html.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>"))
    // The page's own three script elements end once each, and nothing else ends one.
    #expect(page.html.components(separatedBy: "</script>").count == 4)
    let list = try entries(try pageData(page.html))
    #expect(
      list[0]["action"] as? String == #"</script><img src=x onerror="document.title='owned'"><!--"#)
    #expect(
      list[1]["payload"] as? String
        == #""</script><img src=x onerror=\"document.title='owned'\"><!--""#)
  }

  @Test("the page loads nothing: no address, external script, style sheet or font")
  func selfContained() throws {
    // The SVG namespace is a name, never fetched.
    let html = try TimelinePage(jsonLines: session).html
      .replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
    for needle in ["http:", "https:", "src=", "<link", "@import", "@font-face"] {
      #expect(!html.contains(needle), "\(needle)")
    }
    #expect(html.contains("default-src 'none'"))
  }

  @Test("the page's style sheet and scripts are Timeline/Page's files, allowed by their hashes")
  func embeddedFiles() throws {
    let html = try TimelinePage(jsonLines: session).html
    // This file is Tests/CSReduxKitDebuggingTests/Timeline/TimelinePageTests.swift.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let folder = root.appendingPathComponent("Sources/CSReduxKitDebugging/Timeline/Page")
    for (file, element) in [
      ("timeline.css", "style"), ("errors.js", "script"), ("timeline.js", "script"),
    ] {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let body = String(text.reversed().drop(while: { $0 == "\n" }).reversed())
      #expect(
        html.contains("<\(element)>" + body + "</\(element)>"),
        "\(file) is not in the page as it is on disk: run .ci/generate-timeline-page")
    }
    #expect(!html.contains("unsafe-inline"))
    #expect(html.contains("script-src 'sha256-"))
  }

  @Test("a cause dropped from the file is named but not linked")
  func droppedCause() throws {
    let lines = session.split(separator: "\n").map(String.init)
    let page = try TimelinePage(jsonLines: ([lines[0]] + lines[3...]).joined(separator: "\n"))
    #expect(page.entryCount == 4)
    #expect(page.causeLinkCount == 2)
    let data = try pageData(page.html)
    #expect(data["dropped"] as? Int == 2)
  }

  @Test("CRLF line ends, a byte-order mark and blank lines at the end are read")
  func tolerantText() throws {
    let text = "\u{FEFF}" + session.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n\r\n"
    let page = try TimelinePage(jsonLines: text)
    #expect(page.entryCount == 6)
    #expect(page.causeLinkCount == 3)
  }

  @Test("a text that is not a timeline fails naming its line")
  func errorsNameTheLine() {
    let lines = session.split(separator: "\n").map(String.init)
    #expect(
      throws: TimelinePageError(
        line: 1, reason: "the text is empty: a timeline starts with its header")
    ) {
      try TimelinePage(jsonLines: "")
    }
    #expect(
      throws: TimelinePageError(
        line: 1, reason: "not a timeline: the header's format is not \"csreduxkit-timeline\"")
    ) {
      try TimelinePage(jsonLines: #"{"format":"csreduxkit-log","version":1}"#)
    }
    #expect(throws: TimelinePageError(line: 3, reason: "not JSON")) {
      try TimelinePage(jsonLines: [lines[0], lines[1], "{"].joined(separator: "\n"))
    }
    let stranger = lines[1].replacingOccurrences(of: "Account", with: "Chess")
    #expect(
      throws: TimelinePageError(
        line: 2, reason: "the entry names the store \"Chess\", which the header does not list")
    ) {
      try TimelinePage(jsonLines: [lines[0], stranger].joined(separator: "\n"))
    }
    #expect(
      TimelinePageError(line: 2, reason: "not JSON").description == "line 2: not JSON")
  }
}
