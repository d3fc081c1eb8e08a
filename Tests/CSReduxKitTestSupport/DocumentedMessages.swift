import Foundation
import Testing

// The message catalogue of docs/reliability.md, read once for every test target that checks its
// failures against it: the catalogue's `<…>` placeholders (a path, a time, an error from the
// system) match any text on one line; everything else must be equal.

/// The code spans and `text` blocks of docs/reliability.md, as templates.
package struct DocumentedMessages: Sendable {
  /// `docs/reliability.md`, three levels up from this file.
  package static let url = URL(filePath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(components: "docs", "reliability.md")

  package static let shared = DocumentedMessages()

  /// Each documented message, split at its `<placeholder>`s into the literal texts around them;
  /// spans with fewer than 20 literal characters (`nil`, `.file`, `<error>`) are left out.
  package let templates: [[String]]
  /// Why the catalogue could not be read, if it could not.
  package let problem: String?

  package init() {
    guard let doc = try? String(contentsOf: Self.url, encoding: .utf8) else {
      templates = []
      problem = "cannot read \(Self.url.path(percentEncoded: false))"
      return
    }
    templates = Self.messages(in: doc).map(Self.literals(of:)).filter {
      $0.reduce(0) { $0 + $1.count } >= 20
    }
    problem = nil
  }

  /// The fenced `text` blocks (messages of several lines) and the inline code spans.
  package static func messages(in doc: String) -> [String] {
    let fence = /```text\n([\s\S]*?)\n```/
    var body = doc
    body.replace(fence, with: "")
    return doc.matches(of: fence).map { String($0.output.1) }
      + body.matches(of: /`([^`\n]+)`/).map { String($0.output.1) }
  }

  /// The literal texts between the placeholders, which are lowercase words in angle brackets
  /// (`<dir>`, `<timeout>`; not `Store<Counter>`): n placeholders give n + 1 texts.
  package static func literals(of template: String) -> [String] {
    template.split(separator: /<[a-z][a-z0-9 _-]*>/, omittingEmptySubsequences: false)
      .map(String.init)
  }

  /// Whether `text` is the template whose literal texts are `literals`, each placeholder
  /// standing for one or more characters on one line.
  package static func matches(_ text: Substring, _ literals: ArraySlice<String>) -> Bool {
    guard let first = literals.first, text.hasPrefix(first) else { return false }
    let rest = text.dropFirst(first.count)
    let later = literals.dropFirst()
    guard !later.isEmpty else { return rest.isEmpty }
    var end = rest.startIndex
    while end < rest.endIndex, rest[end] != "\n" {
      end = rest.index(after: end)
      if matches(rest[end...], later) { return true }
    }
    return false
  }

  /// The documented message that `message` is, if any.
  package func template(matching message: String) -> String? {
    templates.first { Self.matches(Substring(message), $0[...]) }?.joined(separator: "<…>")
  }
}

/// Records an issue unless docs/reliability.md shows `message` (placeholders aside).
package func expectDocumented(
  _ message: String?, sourceLocation: SourceLocation = #_sourceLocation
) {
  let catalogue = DocumentedMessages.shared
  if let problem = catalogue.problem {
    Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    return
  }
  guard let message else {
    Issue.record("the scenario produced no message", sourceLocation: sourceLocation)
    return
  }
  #expect(
    catalogue.template(matching: message) != nil,
    "docs/reliability.md does not show this message; add it, or fix the code:\n\(message)",
    sourceLocation: sourceLocation)
}
