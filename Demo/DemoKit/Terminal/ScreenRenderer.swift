/// Keeps what the terminal shows and turns a new screen into the fewest writes: only rows that
/// changed are redrawn, each with one cursor move, so nothing flickers.
///
/// ``update(to:)`` returns the bytes for one frame; write them with a single call.
struct ScreenRenderer {
  /// The terminal's size; rows beyond it are dropped and lines cut to its width.
  private(set) var size: TerminalSize
  /// The rows on the screen, or `nil` before the first frame and after ``resize(to:)``.
  private var shown: [ScreenLine]?

  init(size: TerminalSize) {
    self.size = size
  }

  /// Forgets the screen (after a resize); the next frame redraws everything.
  mutating func resize(to size: TerminalSize) {
    self.size = size
    shown = nil
  }

  /// The escape sequences and text that turn the shown screen into `lines`.
  mutating func update(to lines: [ScreenLine]) -> String {
    let rows = (0..<size.rows).map { row in
      (row < lines.count ? lines[row] : ScreenLine("")).truncated(to: size.columns)
    }
    var output = ""
    let previous: [ScreenLine]
    if let shown {
      previous = shown
    } else {
      output += ANSI.resetStyle + ANSI.clearScreen
      previous = rows.map { _ in ScreenLine("") }
    }
    for (row, line) in rows.enumerated() where line != previous[row] {
      output += ANSI.moveTo(row: row, column: 0)
      output += line.style.sequence + line.text + ANSI.resetStyle + ANSI.clearToEndOfLine
    }
    shown = rows
    return output
  }
}
