/// The few ANSI escape sequences the full-screen mode uses.
enum ANSI {
  static let escape = "\u{1B}["
  /// Switch to the alternate screen buffer, so the user's scrollback is untouched.
  static let enterAlternateScreen = escape + "?1049h"
  /// Back to the normal screen buffer.
  static let leaveAlternateScreen = escape + "?1049l"
  static let hideCursor = escape + "?25l"
  static let showCursor = escape + "?25h"
  static let clearScreen = escape + "2J"
  /// Erase from the cursor to the end of the line.
  static let clearToEndOfLine = escape + "K"
  static let resetStyle = escape + "0m"

  /// What the full-screen mode writes when it starts.
  static let enterFullScreen = enterAlternateScreen + hideCursor + clearScreen
  /// What it writes when it ends, on every path (quit, Ctrl-C, a signal, exit).
  static let leaveFullScreen = resetStyle + showCursor + leaveAlternateScreen

  /// Moves the cursor to a zero-based row and column.
  static func moveTo(row: Int, column: Int) -> String {
    "\(escape)\(row + 1);\(column + 1)H"
  }

  /// How a line of the screen is drawn.
  enum Style: Equatable, Sendable {
    case plain, bold, dim, inverse

    /// The sequence that turns the style on.
    var sequence: String {
      switch self {
      case .plain: ""
      case .bold: ANSI.escape + "1m"
      case .dim: ANSI.escape + "2m"
      case .inverse: ANSI.escape + "7m"
      }
    }
  }
}
