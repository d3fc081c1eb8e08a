#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The entries of an exported session that a `TestStore` test steps through, read from its
/// lines without the stores' codecs: the generator knows no state or payload type.
struct TimelineTestSteps {
  struct Step: Decodable {
    struct Cause: Decodable {
      var kind: String
      var sequence: Int?
    }
    var sequence: Int
    var store: String
    var type: Int
    var name: String?
    var cause: Cause?
    var skipped: Bool?
    var rejected: Bool?
  }

  /// The entries in recorded order; the header and lines that do not read are left out.
  var steps: [Step] = []

  init(_ session: String) {
    let decoder = JSONDecoder()
    for line in session.split(whereSeparator: \.isNewline) {
      guard let step = try? decoder.decode(Step.self, from: Data(line.utf8)) else { continue }
      if step.skipped != true { steps.append(step) }
    }
    steps.sort { $0.sequence < $1.sequence }
  }
}

extension TimelineTestSource {
  /// The suite's body after the session literal for ``Style/testStore``.
  func testStoreBody(_ session: TimelineTestSteps) -> [String] {
    var out = [
      "  /// An action type by number: the receiving store names it in failures.",
      "  struct Recorded: RawRepresentable { var rawValue: Int }",
      "",
      "  /// The recorded entry numbered `sequence`.",
      "  static func entry(_ session: TimelineSession, _ sequence: Int) throws -> TimelineEntry {",
      "    try #require(session.entries.first { $0.sequence == sequence })",
      "  }",
      "",
      "  /// The state recorded after the entry numbered `sequence`.",
      "  static func state<State>(_ session: TimelineSession, _ sequence: Int) throws -> State {",
      "    try #require(entry(session, sequence).state as? State)",
      "  }",
      "",
      "  /// The initial state recorded for the store named `name`.",
      "  static func initial<State>(",
      "    _ session: TimelineSession, _ name: String, of store: Store<State>",
      "  ) throws -> State {",
      "    try #require(session.stores.first { $0.name == name }?.initialState as? State)",
      "  }",
      "",
      "  @Test(\"the recorded actions are sent and received as recorded, and nothing is left\")",
      "  func sendsAndReceives() async throws {",
      "    var codec = TimelineCodec()",
    ]
    out += stores.map { "    codec.register(store: \(literal($0.name)), codec: \($0.codec))" }
    out += ["    let session = try codec.decode(Self.session)"]
    // Each store starts from its recorded initial state, before its test store watches it.
    for (number, setup) in stores.enumerated() {
      let name = literal(setup.name)
      out += [
        "    let store\(number) = \(setup.makeStore)",
        "    _ = await store\(number).send(",
        "      StateReplacedAction(",
        "        state: try Self.initial(session, \(name), of: store\(number)),",
        "        reason: \"recorded initial state\"))",
        // A generous bound: a passing test never waits for it, and a loaded machine (CI
        // running suites in parallel) can keep an effect's task from a thread for seconds.
        "    let test\(number) = TestStore(store\(number), timeout: .seconds(60))",
      ]
    }
    let numbers = Dictionary(
      stores.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    for step in session.steps {
      let label = "#\(step.sequence) \(step.store) \(step.name ?? "type \(step.type)")"
      guard let number = numbers[step.store] else {
        out += [
          "    Issue.record(\(literal(comment("entry \(label): no store named \(step.store) was set up"))))"
        ]
        continue
      }
      let expected = "{ $0 = try Self.state(session, \(step.sequence)) }"
      if let cause = step.cause {
        let by = cause.sequence.map { "\(cause.kind) of #\($0)" } ?? cause.kind
        out += [
          "    // \(comment(label)), dispatched by the \(comment(by))",
          "    await test\(number).receive(Recorded(rawValue: \(step.type))) \(expected)",
        ]
      } else if step.rejected == true {
        out += [
          "    // \(comment(label)), sent; the recording says its reducer rejected it",
          "    await withKnownIssue {",
          "      try await test\(number).send(Self.entry(session, \(step.sequence)).dispatchedAction)",
          "    }",
        ]
      } else {
        out += [
          "    // \(comment(label)), sent",
          "    try await test\(number).send(Self.entry(session, \(step.sequence)).dispatchedAction) "
            + expected,
        ]
      }
    }
    out += stores.indices.map { "    await test\($0).finish()" }
    out += ["  }", "}"]
    return out
  }

  /// `text` on one line of a comment: line breaks and controls cannot end it.
  private func comment(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where !Self.isEscaped(scalar) { out.append(scalar) }
    return String(out)
  }
}
