/// Writes a recorded session as a Swift Testing source file: a bug report becomes a test.
///
/// The file holds the session as exported (redacted by the timeline's policy), rebuilds the
/// stores with the Swift expressions given here, replays the session into them with
/// ``TimelineReplay`` and checks every recorded state:
///
/// ```swift
/// let source = TimelineTestSource(
///   suiteName: "SignOutBug",
///   imports: ["CSReduxKit", "MyApp"],
///   stores: [
///     .init(name: "Account", makeStore: "AccountStore()", codec: "AccountStore.codec"),
///     .init(name: "Todos", makeStore: "TodoStore()", codec: "TodoStore.codec"),
///   ])
/// let text = try source.source(for: timeline)
/// // Write `text` to Tests/MyAppTests/SignOutBug.swift.
/// ```
///
/// Each store expression must make a fresh store with the recorded store's name and reducer
/// and nothing wired to other stores (see ``TimelineReplay``). The file's first comment tells
/// swift-format to leave it as it is: its session lines are as long as the states.
///
/// With ``Style/testStore`` the file is a `TestStore` test instead: each action dispatched
/// from outside the stores becomes an `await send` step and each action with a recorded
/// cause (an effect, a thunk, a middleware, a follow, a broadcast, a nested dispatch) an
/// `await receive` step, in the recorded order, each checking the recorded state; every store
/// ends with `await finish()`. A recorded bug with effects becomes an exhaustive regression
/// test. There each store expression makes the store the way the app makes it, wired to the
/// others and with the effects' test dependencies, since the caused actions are received,
/// not replayed.
public struct TimelineTestSource: Sendable, Equatable {
  /// What the generated test does with the session.
  public enum Style: Sendable, Hashable {
    /// Replays every entry into fresh, unwired stores with ``TimelineReplay`` and checks
    /// every recorded state.
    case replay
    /// Sends the entries without a cause and receives the caused ones through one
    /// `TestStore` per store, then finishes each: exhaustive, effects included.
    case testStore
  }

  /// How the generated test rebuilds one recorded store.
  public struct StoreSetup: Sendable, Equatable {
    /// The store's name, as the session writes it.
    public var name: String
    /// A Swift expression that makes a fresh store of that name.
    public var makeStore: String
    /// A Swift expression for the store's ``ActionLogCodec``.
    public var codec: String

    /// Describes how to rebuild a store.
    ///
    /// - Parameters:
    ///   - name: The store's name.
    ///   - makeStore: A Swift expression that makes a fresh store of that name.
    ///   - codec: A Swift expression for the store's codec.
    public init(name: String, makeStore: String, codec: String) {
      self.name = name
      self.makeStore = makeStore
      self.codec = codec
    }
  }

  /// The name of the generated suite type, a Swift identifier.
  public var suiteName: String
  /// The modules the file imports besides `Testing`.
  public var imports: [String]
  /// How to rebuild each recorded store, in the order the replay adds them.
  public var stores: [StoreSetup]
  /// What the generated test does: ``Style/replay`` unless given.
  public var style: Style

  /// Describes the test to generate.
  ///
  /// - Parameters:
  ///   - suiteName: The name of the generated suite type, a Swift identifier.
  ///   - imports: The modules to import besides `Testing` (and `CSReduxKitTesting` for
  ///     ``Style/testStore``).
  ///   - stores: How to rebuild each recorded store.
  ///   - style: What the generated test does with the session.
  public init(
    suiteName: String, imports: [String] = ["CSReduxKit"], stores: [StoreSetup],
    style: Style = .replay
  ) {
    self.suiteName = suiteName
    self.imports = imports
    self.stores = stores
    self.style = style
  }

  /// The test source for `timeline`'s session, exported with its redaction policy.
  ///
  /// - Parameter timeline: The timeline.
  /// - Returns: The Swift source text.
  /// - Throws: ``TimelineExportError`` when the session does not export.
  public func source(for timeline: Timeline) throws(TimelineExportError) -> String {
    source(forExported: try timeline.export())
  }

  /// The test source for a session as ``Timeline/export()`` wrote it.
  ///
  /// The session is embedded in a raw multi-line string literal whose delimiter has more `#`
  /// than any run of `#` in the session, so that nothing in it can end the literal, start an
  /// interpolation or an escape: a recorded `\#(…)` or `"""#` is text, never code. Characters
  /// that a source file cannot hold as they are or that could hide what the file says
  /// (control characters, line and paragraph separators, bidirectional overrides, a byte-order
  /// mark, whitespace at the end of a line) are written as `\#u{…}` escapes of that
  /// delimiter. The literal's value is then the session byte for byte, with `\r\n` line
  /// endings read as `\n`.
  ///
  /// - Parameter session: The exported text.
  /// - Returns: The Swift source text; the same text for the same session, byte for byte.
  public func source(forExported session: String) -> String {
    let (hashes, lines) = Self.embedded(session)
    let entryCount = max(lines.count(where: { !$0.isEmpty }) - 1, 0)
    let isTestStore = style == .testStore
    var out: [String] = [
      "// swift-format-ignore-file",
      "// Generated by TimelineTestSource from a recorded session: regenerate it rather than",
      isTestStore
        ? "// edit it. It sends and receives the session's actions through TestStores."
        : "// edit it. It replays the session into fresh stores and checks every recorded state.",
      "",
    ]
    let modules = imports + (isTestStore ? ["CSReduxKitTesting", "Testing"] : ["Testing"])
    out += Set(modules).sorted().map { "import \($0)" }
    out += [
      "",
      "@Suite(\"Recorded session: \(suiteName)\")",
      "struct \(suiteName) {",
      "  /// The session, as the timeline exported it (\(entryCount) entries).",
      "  static let session = \(hashes)\"\"\"",
    ]
    out += lines.map { $0.isEmpty ? "" : "    \($0)" }
    out += [
      "    \"\"\"\(hashes)",
      "",
    ]
    if isTestStore {
      out += testStoreBody(TimelineTestSteps(session))
      return out.joined(separator: "\n") + "\n"
    }
    out += [
      "  @Test(\"the recorded session replays and every recorded state matches\")",
      "  func replays() async throws {",
      "    var codec = TimelineCodec()",
    ]
    out += stores.map { "    codec.register(store: \(literal($0.name)), codec: \($0.codec))" }
    out += [
      "    let session = try codec.decode(Self.session)",
      "    var replay = TimelineReplay()",
    ]
    out += stores.map { "    replay.add(\($0.makeStore), codec: \($0.codec))" }
    out += [
      "    let replayed = try await replay.check(session)",
      "    #expect(replayed == session.entries.filter { !$0.isSkipped }.count)",
      "  }",
      "}",
    ]
    return out.joined(separator: "\n") + "\n"
  }

  /// The raw string delimiter and the literal's lines (unindented) for `session`.
  static func embedded(_ session: String) -> (hashes: String, lines: [String]) {
    let text = session.replacing("\r\n", with: "\n")
    var longest = 0
    var run = 0
    for scalar in text.unicodeScalars {
      run = scalar == "#" ? run + 1 : 0
      longest = max(longest, run)
    }
    let hashes = String(repeating: "#", count: longest + 1)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var out = ""
      let scalars = Array(line.unicodeScalars)
      // Whitespace at the end of a line is escaped: editors and formatters drop it.
      var end = scalars.count
      while end > 0, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
      for (offset, scalar) in scalars.enumerated() {
        if offset >= end || isEscaped(scalar) {
          out += "\\\(hashes)u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
      return out
    }
    // The literal ends before the line break that precedes its closing delimiter, so a
    // session that ends with a line break keeps it through an empty last line; an empty
    // session has no line at all.
    if lines == [""] { lines = [] }
    return (hashes, lines)
  }

  /// Whether `scalar` is written as an escape in the embedded session (and left out of a
  /// generated comment).
  static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20 where scalar != "\t", 0x7F...0x9F: true  // control characters
    case 0x2028, 0x2029, 0xFEFF: true  // line and paragraph separators, byte-order mark
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional controls
    default: false
    }
  }

  func literal(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      default: escaped.append(character)
      }
    }
    return "\"\(escaped)\""
  }
}
