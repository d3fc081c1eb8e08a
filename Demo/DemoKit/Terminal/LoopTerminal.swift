import _DemoTerminalShims

/// What the interactive loop needs of a terminal: the process's own (``ProcessTerminal``) or,
/// in tests, a scripted one.
@MainActor
protocol LoopTerminal {
  /// Switches the terminal to raw mode and the full screen; returns the error to print when it
  /// cannot.
  func enter() -> String?
  /// Restores the mode and the screen ``enter()`` found.
  func leave()
  /// The termination signal received since the last call (see `demo_defer_termination`), or 0.
  func takePendingTermination() -> Int32
  /// Whether the terminal was resized since the last call.
  func takeResize() -> Bool
  /// The terminal's size now.
  var size: TerminalSize { get }
  /// Waits at most `milliseconds` (-1: without a limit) for input, and reads what came.
  func waitForInput(milliseconds: Int32) -> TerminalInput
  /// Writes `text` to the screen.
  func write(_ text: String)
}

/// What waiting for input found.
enum TerminalInput: Equatable {
  /// Bytes were read.
  case bytes([UInt8])
  /// Nothing came within the time limit.
  case timedOut
  /// A signal (a resize) or a read with nothing to return ended the wait: check and wait again.
  case interrupted
  /// The input ended: the terminal went away.
  case endOfInput
  /// Waiting or reading failed.
  case failed
}

/// The process's terminal: standard input and output.
struct ProcessTerminal: LoopTerminal {
  let input = FileDescriptor.standardInput
  let output = FileDescriptor.standardOutput

  func enter() -> String? {
    guard
      demo_terminal_enter(
        input.rawValue, output.rawValue, ANSI.enterFullScreen, ANSI.leaveFullScreen) == 0
    else {
      return "demo: cannot switch the terminal to raw mode: \(SystemError(call: "tcsetattr"))\n"
    }
    return nil
  }

  func leave() { demo_terminal_leave() }

  func takePendingTermination() -> Int32 { demo_pending_termination() }

  func takeResize() -> Bool { demo_take_resize() == 1 }

  var size: TerminalSize { TerminalSize.current(of: output) }

  func waitForInput(milliseconds: Int32) -> TerminalInput {
    switch demo_poll_readable(input.rawValue, milliseconds) {
    case -2: return .interrupted
    case 0: return .timedOut
    case 1:
      do {
        guard let bytes = try input.read(upTo: 1024) else { return .interrupted }
        return bytes.isEmpty ? .endOfInput : .bytes(bytes)
      } catch {
        return .failed
      }
    default: return .failed
    }
  }

  func write(_ text: String) { output.write(text) }
}
