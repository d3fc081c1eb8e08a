/// One row of the full screen: text and how to draw it.
struct ScreenLine: Equatable, Sendable {
  var text: String
  var style: ANSI.Style = .plain

  init(_ text: String, style: ANSI.Style = .plain) {
    self.text = text
    self.style = style
  }

  /// The text cut to `width` characters; the last one becomes `~` when something was cut.
  func truncated(to width: Int) -> ScreenLine {
    guard width > 0 else { return ScreenLine("", style: style) }
    guard text.count > width else { return self }
    return ScreenLine(String(text.prefix(width - 1)) + "~", style: style)
  }
}
