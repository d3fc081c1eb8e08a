/// A labelled part of a screen: one component (or two side by side) and the label before it.
///
/// Its closures read components, so they run on the main actor.
package struct FrameSection {
  /// The label in the left column; empty for a section that draws its own columns.
  package var label: String
  /// Grows whenever the section's lines change.
  package var revision: @MainActor () -> Int
  /// The section's lines.
  package var render: @MainActor () -> [String]

  /// A section showing one component.
  @MainActor
  package init(_ label: String, _ view: some TextView) {
    self.label = label
    self.revision = { view.revision }
    self.render = { view.render() }
  }

  /// A section from closures.
  package init(
    _ label: String, revision: @escaping @MainActor () -> Int,
    render: @escaping @MainActor () -> [String]
  ) {
    self.label = label
    self.revision = revision
    self.render = render
  }

  /// Lays out rendered sections as `label | line` rows, labels padded to one width:
  ///
  /// ```
  /// title  | Buy milk
  /// list   |   0  Buy milk
  ///        |   1  Eat
  /// ```
  ///
  /// Trailing spaces are removed from every row.
  package static func layout(_ sections: [(label: String, lines: [String])]) -> [String] {
    let width = sections.map(\.label.count).max() ?? 0
    var rows: [String] = []
    for section in sections {
      guard !section.label.isEmpty else {
        rows += section.lines.map(trimmingTrailingSpaces)
        continue
      }
      for (index, line) in section.lines.enumerated() {
        let label = index == 0 ? section.label : ""
        let padded = label + String(repeating: " ", count: width - label.count)
        rows.append(trimmingTrailingSpaces("\(padded) | \(line)"))
      }
    }
    return rows
  }

  /// `line` without spaces at its end.
  package static func trimmingTrailingSpaces(_ line: String) -> String {
    var line = Substring(line)
    while line.last == " " { line.removeLast() }
    return String(line)
  }
}
