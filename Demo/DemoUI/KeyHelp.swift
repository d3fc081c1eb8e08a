/// A key as the help lists it.
package struct KeyHelp: Sendable {
  /// The key: `a`, `Enter`, `Up/Down`.
  package var key: String
  /// What it does.
  package var summary: String

  /// A key's help line.
  package init(key: String, summary: String) {
    self.key = key
    self.summary = summary
  }
}
