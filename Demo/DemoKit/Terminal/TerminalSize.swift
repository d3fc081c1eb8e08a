import _DemoTerminalShims

/// The size of the terminal in character cells.
struct TerminalSize: Equatable, Sendable {
  var rows: Int
  var columns: Int

  /// Used when the size cannot be read.
  static let fallback = TerminalSize(rows: 24, columns: 80)

  /// The size of the terminal on `descriptor`, or ``fallback``.
  static func current(of descriptor: FileDescriptor = .standardOutput) -> TerminalSize {
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard demo_window_size(descriptor.rawValue, &rows, &columns) == 0 else { return fallback }
    return TerminalSize(rows: Int(rows), columns: Int(columns))
  }
}
