import CSReduxKit
import Foundation
import Testing

@testable import DemoKit

@Suite("demo report, end to end")
struct ReportEndToEndTests {
  /// A timeline of two stores: a sign-out broadcast from one to the other.
  static let session =
    [
      #"{"entryCount":2,"format":"csreduxkit-timeline","redaction":{"rules":[]},"stores":["#
        + #"{"entryCount":1,"firstIndex":0,"initialState":{},"name":"AppStore","stateType":"A"},"#
        + #"{"entryCount":1,"firstIndex":0,"initialState":{"tasks":["Eat"]},"name":"TodoStore","#
        + #""stateType":"T"}],"version":1}"#,
      #"{"index":0,"name":"signOut","rejected":false,"sequence":0,"skipped":false,"state":{},"#
        + #""store":"AppStore","time":1.0,"type":0}"#,
      #"{"cause":{"kind":"broadcast","sequence":0},"index":0,"name":"signOut","rejected":false,"#
        + #""sequence":1,"skipped":false,"state":{"tasks":[]},"store":"TodoStore","time":1.0,"#
        + #""type":2}"#,
    ].joined(separator: "\n") + "\n"

  @Test("demo report FILE writes FILE.html beside it and prints its path")
  func writesThePage() async throws {
    let file = TemporaryPath("app.jsonl")
    let source = file.path
    try Self.session.write(toFile: source, atomically: true, encoding: .utf8)
    let expectedPage = String(source.dropLast(".jsonl".count)) + ".html"
    defer { try? FileManager.default.removeItem(atPath: expectedPage) }
    let run = try await DemoBinary.run(["report", source])
    #expect(run.status == 0)
    #expect(
      run.output
        == "wrote \(expectedPage): 2 entries of 2 stores, 1 cause link; open it in a browser\n")
    let html = try String(contentsOfFile: expectedPage, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.contains("<title>CSReduxKit demo: \(source)</title>"))
  }

  @Test("demo report FILE -o PAGE writes the page to PAGE")
  func writesThePageWhereAsked() async throws {
    let file = TemporaryPath("app.jsonl")
    try Self.session.write(toFile: file.path, atomically: true, encoding: .utf8)
    let page = TemporaryPath("elsewhere.html")
    let run = try await DemoBinary.run(["report", file.path, "-o", page.path])
    #expect(run.status == 0)
    #expect(
      run.output
        == "wrote \(page.path): 2 entries of 2 stores, 1 cause link; open it in a browser\n")
    let html = try String(contentsOfFile: page.path, encoding: .utf8)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    let beside = String(file.path.dropLast(".jsonl".count)) + ".html"
    #expect(!FileManager.default.fileExists(atPath: beside))
  }

  @Test("a file that is not a timeline is named with its line; the status is 1")
  func notATimeline() async throws {
    let file = TemporaryPath("broken.jsonl")
    try "{\"format\":\"csreduxkit-log\"}\n".write(
      toFile: file.path, atomically: true, encoding: .utf8)
    let run = try await DemoBinary.run(["report", file.path])
    #expect(run.status == 1)
    #expect(
      run.error
        == "demo: \(file.path): line 1: not a timeline: the header's format is not "
        + "\"csreduxkit-timeline\"\n")
    let missing = TemporaryPath()
    let none = try await DemoBinary.run(["report", missing.path])
    #expect(none.status == 1)
    #expect(
      none.error == "demo: \(missing.path): cannot read the timeline: No such file or directory\n")
  }

  @Test("report usage mistakes are usage errors")
  func usage() throws {
    #expect(throws: UsageError("report needs a file, as in: demo report app.jsonl")) {
      try DemoCommandLine.parse(["report"])
    }
    #expect(throws: UsageError("report takes only a file and -o: demo report FILE [-o PAGE]")) {
      try DemoCommandLine.parse(["report", "a.jsonl", "-e", "add A"])
    }
    #expect(throws: UsageError("-o needs a file, as in: demo report app.jsonl -o page.html")) {
      try DemoCommandLine.parse(["report", "a.jsonl", "-o"])
    }
    #expect(throws: UsageError("-o goes with report, as in: demo report app.jsonl -o page.html")) {
      try DemoCommandLine.parse(["-o", "page.html"])
    }
    let toPage = try DemoCommandLine.parse(["report", "a.jsonl", "--output", "b.html"])
    #expect(toPage.reportPath == "a.jsonl" && toPage.reportOutput == "b.html")
    #expect(throws: UsageError("unexpected argument \"b\" after the report's file")) {
      try DemoCommandLine.parse(["report", "a.jsonl", "b"])
    }
    #expect(try DemoCommandLine.parse(["report", "a.jsonl"]).reportPath == "a.jsonl")
    #expect(TimelineReport.pagePath(for: "dir/app.jsonl") == "dir/app.html")
    #expect(TimelineReport.pagePath(for: "app.log") == "app.log.html")
  }
}
