import DemoUI
import _DemoTerminalShims

/// The full-screen mode: raw keys in, a screen redrawn row by row out.
///
/// The terminal is always restored: on `q`, Ctrl-C (byte 3 in raw mode), end of input or an
/// error by the `defer`, and on a signal or `exit` by the shim's handlers. After
/// `demo_defer_termination()` (`--log`), SIGTERM, SIGHUP and SIGINT end the loop like `q`, with
/// status 128 + the signal, so the program can save its log before dying of the signal.
///
/// Layout, top to bottom: the heading, the module's sections, then the last action, a status
/// line (a message such as "tap Add first!" or a diagnostic) and the keys that apply. A
/// section is rendered again only when its component's revision moved.
///
/// A reducer may finish after the key that dispatched its action (a record being saved): while
/// the session is busy, the loop wakes every ``busyRedrawMilliseconds`` to draw what changed,
/// and once more when it goes idle, so the commit shows without waiting for the next key.
///
/// The loop runs on the main actor, with the components. A commit made on another thread
/// reaches them in a block on the main queue, so the loop lets the main queue run its blocks
/// on every turn before it draws. It waits for a key without a time limit only while the
/// session is idle, when no such block can be on its way; while busy, at most
/// ``busyRedrawMilliseconds``.
@MainActor
struct InteractiveLoop {
  let session: any DemoSession

  /// How long to wait after an Esc for the rest of an escape sequence.
  nonisolated static let escapeTimeoutMilliseconds: Int32 = 50
  /// How often to redraw while an action is still finishing.
  nonisolated static let busyRedrawMilliseconds: Int32 = 20

  /// Runs until the user quits; returns the exit status (130 after Ctrl-C).
  func run() async -> Int32 {
    let input = FileDescriptor.standardInput
    let output = FileDescriptor.standardOutput
    guard
      demo_terminal_enter(
        input.rawValue, output.rawValue, ANSI.enterFullScreen, ANSI.leaveFullScreen) == 0
    else {
      FileDescriptor.standardError.write(
        "demo: cannot switch the terminal to raw mode: \(SystemError(call: "tcsetattr"))\n")
      return 1
    }
    defer { demo_terminal_leave() }

    var screen = ScreenComposer(session: session)
    var renderer = ScreenRenderer(size: TerminalSize.current(of: output))
    var decoder = KeyDecoder()
    output.write(renderer.update(to: screen.lines(for: renderer.size)))
    var wasBusy = false
    while true {
      // With demo_defer_termination: a SIGTERM, SIGHUP or SIGINT ends the loop here.
      let signal = demo_pending_termination()
      if signal != 0 { return 128 + signal }
      if demo_take_resize() == 1 {
        renderer.resize(to: TerminalSize.current(of: output))
        output.write(renderer.update(to: screen.lines(for: renderer.size)))
      }
      let isBusy = !session.isIdle
      // Read after isIdle: an idle store's last commit has queued its deliveries by then.
      await MainQueue.runQueuedBlocks()
      if wasBusy && !isBusy {
        // Finished since the last drawing, which may have come just before the commit.
        output.write(renderer.update(to: screen.lines(for: renderer.size)))
      }
      wasBusy = isBusy
      let timeout =
        decoder.isWaiting
        ? Self.escapeTimeoutMilliseconds : isBusy ? Self.busyRedrawMilliseconds : -1
      var keys: [Key]
      switch demo_poll_readable(input.rawValue, timeout) {
      case -2:
        continue  // a signal (a resize): check and wait again
      case 0:
        keys = decoder.flush()
      case 1:
        do {
          guard let bytes = try input.read(upTo: 1024) else { continue }
          if bytes.isEmpty { return 0 }  // the terminal went away
          keys = decoder.decode(bytes)
        } catch {
          return 1
        }
      default:
        return 1
      }
      if !keys.isEmpty { screen.clearMessages() }
      for key in keys {
        switch key {
        case .interrupt: return 130
        case .endOfInput: return 0
        default: break
        }
        switch await session.handle(key) {
        case .quit: return 0
        case .done(let message): screen.status = message
        case .unknown, .invalid: screen.status = nil
        }
      }
      output.write(renderer.update(to: screen.lines(for: renderer.size)))
    }
  }
}

/// Composes the full screen from a session, re-rendering only sections whose revision moved.
@MainActor
struct ScreenComposer {
  let session: any DemoSession
  /// The message for the status line, from the last key.
  var status: String?
  /// The last diagnostic since the last key.
  private var diagnostic: String?
  private var cache: [String: (revision: Int, lines: [String])] = [:]

  init(session: any DemoSession) {
    self.session = session
  }

  /// Forgets the status message and the diagnostic, before handling new keys.
  mutating func clearMessages() {
    status = nil
    diagnostic = nil
  }

  /// The screen's rows for a terminal of `size`.
  mutating func lines(for size: TerminalSize) -> [ScreenLine] {
    var rendered: [(label: String, lines: [String])] = []
    for (index, section) in session.sections.enumerated() {
      let revision = section.revision()
      // By position and label: an app's replay shows several modules, whose labels repeat.
      let key = "\(index) \(section.label)"
      if let cached = cache[key], cached.revision == revision {
        rendered.append((section.label, cached.lines))
      } else {
        let lines = section.render()
        cache[key] = (revision, lines)
        rendered.append((section.label, lines))
      }
    }
    if let latest = session.diagnosticLog.takeLines().last { diagnostic = latest }
    let footer = [
      ScreenLine(session.lastActionLine),
      ScreenLine(status ?? diagnostic ?? "", style: status == nil ? .plain : .inverse),
      ScreenLine(session.keyHint, style: .dim),
    ]
    let header = [ScreenLine(session.heading, style: .bold), ScreenLine("")]
    var body = FrameSection.layout(rendered).map { ScreenLine($0) }
    let room = max(size.rows - header.count - footer.count - 1, 0)
    if body.count > room {
      let hidden = body.count - room + 1
      body = Array(body.prefix(max(room - 1, 0))) + [ScreenLine("... \(hidden) more rows")]
    }
    let gap = max(size.rows - header.count - body.count - footer.count, 0)
    return header + body + Array(repeating: ScreenLine(""), count: gap) + footer
  }
}
