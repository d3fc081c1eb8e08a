/// One line of a script: a command name and the rest of the line as its argument.
///
/// `add Buy milk` is the command `add` with the argument `Buy milk`. Leading and trailing
/// spaces are ignored; blank lines and lines starting with `#` are not commands.
package struct ScriptCommand: Equatable, Sendable {
  /// The first word.
  package var name: String
  /// The rest of the line, trimmed; empty when there is none.
  package var argument: String

  /// The command as typed, for the frame header.
  package var text: String { argument.isEmpty ? name : "\(name) \(argument)" }

  /// Parses a line; `nil` for blank lines and comments.
  package init?(line: some StringProtocol) {
    let trimmed = line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace)
    let content = String(trimmed.reversed())
    guard !content.isEmpty, !content.hasPrefix("#") else { return nil }
    if let space = content.firstIndex(where: \.isWhitespace) {
      name = String(content[..<space])
      argument = String(content[space...].drop(while: \.isWhitespace))
    } else {
      name = content
      argument = ""
    }
  }

  /// A command from its parts.
  package init(name: String, argument: String = "") {
    self.name = name
    self.argument = argument
  }

  /// Splits `-e` text into commands: one per line or per `;`.
  package static func parse(commands text: String) -> [ScriptCommand] {
    text.split(whereSeparator: { $0 == "\n" || $0 == ";" }).compactMap { ScriptCommand(line: $0) }
  }

  /// The argument as a non-negative integer, if it is one.
  package var integerArgument: Int? {
    guard let value = Int(argument), value >= 0 else { return nil }
    return value
  }
}

extension ScriptCommand {
  /// Splits a script file into commands, one per line (a `;` does not separate here).
  package static func parse(lines text: String) -> [ScriptCommand] {
    text.split(whereSeparator: \.isNewline).compactMap { ScriptCommand(line: $0) }
  }
}
