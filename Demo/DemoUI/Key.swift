/// A key the user pressed, decoded from the terminal's bytes by the app's key decoder.
package enum Key: Equatable, Sendable {
  /// A printable character.
  case character(Character)
  /// Return or Enter (`\r` or `\n`).
  case enter
  /// A lone Esc.
  case escape
  /// Backspace (127 or 8).
  case backspace
  /// Tab.
  case tab
  /// Arrow up (`ESC [ A` or `ESC O A`).
  case up
  /// Arrow down (`ESC [ B` or `ESC O B`).
  case down
  /// Arrow right.
  case right
  /// Arrow left.
  case left
  /// Home (`ESC [ H`, `ESC O H`, `ESC [ 1 ~` or `ESC [ 7 ~`).
  case home
  /// End (`ESC [ F`, `ESC O F`, `ESC [ 4 ~` or `ESC [ 8 ~`).
  case end
  /// Ctrl-C, which arrives as byte 3 in raw mode.
  case interrupt
  /// Ctrl-D.
  case endOfInput
}
