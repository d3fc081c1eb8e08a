/// A script command as the help lists it.
package struct CommandHelp: Sendable {
  /// How to write it: `add TEXT`.
  package var usage: String
  /// What it does.
  package var summary: String

  /// A command's help line.
  package init(usage: String, summary: String) {
    self.usage = usage
    self.summary = summary
  }
}
