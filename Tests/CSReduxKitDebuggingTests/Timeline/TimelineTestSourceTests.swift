import CSReduxKit
import Foundation
import Testing

/// The generator of the checked-in generated test, `Generated/RecordedSessionTests.swift`.
///
/// The session holds a rejected delete: the replay checks that the rebuilt store rejects it
/// too, so the Todos store's report of it is expected and kept out of the test's output.
let recordedSessionSource = TimelineTestSource(
  suiteName: "RecordedSessionTests",
  imports: ["CSReduxKit"],
  stores: [
    .init(
      name: "Account",
      makeStore: "Store(state: AccountState(), reducer: accountReducer, name: \"Account\")",
      codec: "accountCodec"),
    .init(
      name: "Todos",
      makeStore:
        "Store(state: TodoState(), reducer: todoReducer, name: \"Todos\", diagnostics: { _ in })",
      codec: "todosCodec"),
    .init(
      name: "Profile",
      makeStore: "Store(state: ProfileState(), reducer: profileReducer, name: \"Profile\")",
      codec: "profileCodec"),
  ])

private let generatedFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Generated/RecordedSessionTests.swift")

private let regenerates =
  ProcessInfo.processInfo.environment["CSREDUXKIT_REGENERATE_TIMELINE_TEST"] != nil

@Suite("Timeline: a session becomes a test")
struct TimelineTestSourceTests {
  @Test(
    "records the app and writes the generated test again",
    .enabled(if: regenerates, "set CSREDUXKIT_REGENERATE_TIMELINE_TEST=1 to regenerate"))
  func regenerate() async throws {
    let app = try RecordedApp(redaction: appRedaction)
    try await app.run()
    try recordedSessionSource.source(for: app.timeline)
      .write(to: generatedFile, atomically: true, encoding: .utf8)
  }

  @Test(
    "the checked-in generated test is, byte for byte, what the generator writes for its session")
  func reproduces() throws {
    let checkedIn = try String(contentsOf: generatedFile, encoding: .utf8)
    #expect(recordedSessionSource.source(forExported: RecordedSessionTests.session) == checkedIn)
  }

  @Test("the generated test's session is the app's session as the app records it now")
  func sameSession() async throws {
    let app = try RecordedApp(redaction: appRedaction)
    try await app.run()
    let live = try app.codec.decode(try app.timeline.export())
    let embedded = try app.codec.decode(RecordedSessionTests.session)
    #expect(embedded.entries.map(\.storeName) == live.entries.map(\.storeName))
    #expect(
      embedded.entries.map(\.dispatchedAction.type) == live.entries.map(\.dispatchedAction.type))
    #expect(embedded.entries.map(\.cause) == live.entries.map(\.cause))
    #expect(embedded.entries.map(\.redactedFields) == live.entries.map(\.redactedFields))
  }

  @Test("the generated source embeds the redacted session and rebuilds every store")
  func shape() async throws {
    let app = try RecordedApp(redaction: appRedaction)
    try await app.run()
    let source = try recordedSessionSource.source(for: app.timeline)
    #expect(source.hasPrefix("// swift-format-ignore-file\n"))
    #expect(source.contains("static let session = #\"\"\"\n    {\"effects\":[{"))
    #expect(!source.contains("hunter2"))
    for store in recordedSessionSource.stores {
      #expect(source.contains("codec.register(store: \"\(store.name)\", codec: \(store.codec))"))
      #expect(source.contains("replay.add(\(store.makeStore), codec: \(store.codec))"))
    }
    // The same session gives the same text.
    let text = try app.timeline.export()
    #expect(
      recordedSessionSource.source(forExported: text)
        == recordedSessionSource.source(
          forExported: text.replacingOccurrences(of: "\n", with: "\r\n")))
  }

  @Test("a session holding raw-string delimiters gets a longer delimiter")
  func delimiter() {
    let source = TimelineTestSource(suiteName: "S", stores: [])
      .source(forExported: "{\"a\":\"x\\\"##\"}\n")
    #expect(source.contains("static let session = ###\"\"\""))
    #expect(source.contains("    \"\"\"###\n"))
  }
}

// MARK: - Hostile sessions

/// Session lines that would end a `#"""` literal, interpolate, escape or hide text, one per
/// line; and a line longer than any an editor shows.
private let hostileLines = [
  #"{"a":"\#(6*7)","b":"\#n"}"#,
  ##"{"a":"\"\"\"#","b":"\"#"}"##,
  "{\"a\":\"\"#\",\"b\":\"\\##(6*7)\"}",
  "\"\"\"#",
  "\"#\\##(6*7)",
  "\\###(6*7) \"\"\"### \\##n \\#u{41}",
  "nul \u{0} escaped \\u0000 lone surrogates \\ud800 \\udfff",
  "separators \u{2028}\u{2029} next-line \u{85} bom \u{FEFF} override \u{202E}abc\u{202C}",
  "control \u{1} \u{1B}[31m del \u{7F} tab\tinside",
  "trailing spaces   ",
  "\t",
  "",
  "ends with a backslash \\",
  String(repeating: "x\\#(1)", count: 20_000),
]

/// The value of the `session` literal in generated source `source`, read as the Swift
/// compiler reads a raw multi-line string literal: the indentation of its closing delimiter
/// removed from every line, lines joined with `\n`, and `\` followed by the delimiter's `#`s
/// starting an escape. An interpolation, an unknown escape, or the closing delimiter anywhere
/// but on its own line is an error: the generated test would not hold the session as text.
private func literalValue(in source: String) throws -> String {
  let opening = try #require(source.firstMatch(of: /static let session = (#+)"""\n/))
  let hashes = String(opening.output.1)
  let body = source[opening.range.upperBound...]
  let closing = try #require(body.firstRange(of: "\"\"\"" + hashes), "the literal never ends")
  let raw = body[..<closing.lowerBound]
  guard raw.hasSuffix("\n    ") || raw.isEmpty || raw == "    " else {
    throw LiteralError("the literal ends inside a line")
  }
  let lines = raw.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
  for line in lines where !line.isEmpty && !line.hasPrefix("    ") {
    throw LiteralError("a line less indented than the closing delimiter")
  }
  let text = lines.map { $0.dropFirst(min(4, $0.count)) }.joined(separator: "\n")
  let scalars = Array(text.unicodeScalars)
  let escape = Array(("\\" + hashes).unicodeScalars)
  var value = String.UnicodeScalarView()
  var index = 0
  while index < scalars.count {
    guard scalars[index...].starts(with: escape) else {
      value.append(scalars[index])
      index += 1
      continue
    }
    index += escape.count
    guard index < scalars.count else { throw LiteralError("an escape at the end") }
    let kind = scalars[index]
    index += 1
    switch kind {
    case "n": value.append("\n")
    case "r": value.append("\r")
    case "t": value.append("\t")
    case "0": value.append("\0")
    case "\\", "\"", "'": value.append(kind)
    case "u":
      guard let close = scalars[index...].firstIndex(of: "}"), scalars[index] == "{",
        let code = UInt32(
          String(String.UnicodeScalarView(scalars[(index + 1)..<close])), radix: 16),
        let scalar = Unicode.Scalar(code)
      else { throw LiteralError("a \\u escape that does not compile") }
      value.append(scalar)
      index = close + 1
    case "(": throw LiteralError("an interpolation runs code")
    default: throw LiteralError("an escape that does not compile: \\\(kind)")
    }
  }
  return String(value)
}

private struct LiteralError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

@Suite("Timeline: a generated test never runs session data")
struct TimelineTestSourceHostileTests {
  @Test("each hostile line is embedded as text: the literal's value is the session, byte for byte")
  func eachLine() throws {
    let generator = TimelineTestSource(suiteName: "S", stores: [])
    for line in hostileLines {
      let session = "{\"entryCount\":1}\n" + line + "\n"
      let value = try literalValue(in: generator.source(forExported: session))
      #expect(Array(value.utf8) == Array(session.utf8), "\(line.prefix(60))")
    }
  }

  @Test("all hostile lines at once, without a final line break, and CRLF read as LF")
  func together() throws {
    let generator = TimelineTestSource(suiteName: "S", stores: [])
    let session = hostileLines.joined(separator: "\n")
    let source = generator.source(forExported: session)
    #expect(try Array(literalValue(in: source).utf8) == Array(session.utf8))
    let crlf = hostileLines.joined(separator: "\r\n") + "\r\n"
    #expect(try literalValue(in: generator.source(forExported: crlf)) == session + "\n")
    #expect(try literalValue(in: generator.source(forExported: "")) == "")
    // No line of the source holds a raw control character or a bidirectional override.
    #expect(
      !source.unicodeScalars.contains {
        ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
          || (0x202A...0x202E).contains($0.value) || $0.value == 0x2028
      })
  }

  @Test(
    "the Swift compiler reads the hostile session's literal as the session, byte for byte",
    .disabled(
      if: ProcessInfo.processInfo.environment["CSREDUXKIT_SKIP_COMPILING"] != nil,
      "CSREDUXKIT_SKIP_COMPILING is set: no Swift compiler is run"))
  func compiled() throws {
    let session = hostileLines.joined(separator: "\n") + "\n"
    let source = TimelineTestSource(suiteName: "S", stores: []).source(forExported: session)
    let literal = try #require(
      source.firstMatch(of: /static let session = (#+)"""\n[\s\S]*?\n    """\1\n/))
    let folder = FileManager.default.temporaryDirectory
      .appending(component: "csreduxkit-literal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let program =
      "import Foundation\nenum S {\n  \(literal.output.0.dropLast())\n}\n"
      + "FileHandle.standardOutput.write(Data(S.session.utf8))\n"
    try program.write(
      to: folder.appending(component: "main.swift"), atomically: true, encoding: .utf8)
    let compile = Process()
    compile.executableURL = URL(filePath: "/usr/bin/env")
    compile.arguments = ["swiftc", "-o", "literal", "main.swift"]
    compile.currentDirectoryURL = folder
    try compile.run()
    compile.waitUntilExit()
    #expect(compile.terminationStatus == 0)
    let run = Process()
    run.executableURL = folder.appending(component: "literal")
    let output = Pipe()
    run.standardOutput = output
    try run.run()
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    run.waitUntilExit()
    #expect(Array(bytes) == Array(session.utf8))
    #expect(try literalValue(in: source) == session)
  }

  @Test("the recorded app's session reads back from its generated test byte for byte")
  func recorded() async throws {
    let app = try RecordedApp(redaction: appRedaction)
    try await app.run()
    let text = try app.timeline.export()
    let value = try literalValue(in: recordedSessionSource.source(forExported: text))
    #expect(value == text)
    #expect(try app.codec.decode(value).entries.count == app.timeline.entries.count)
  }
}
