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
/// A reducer may finish after the key that dispatched its action (a record being saved), on
/// another thread; its commit reaches the components in a block on the main queue. The loop
/// runs on the main actor, with the components, so on every turn it first lets the main queue
/// run its blocks and then draws what they changed: a commit made while the last key was
/// handled, or since, shows before the loop waits again. It waits for a key without a time
/// limit only while the session is idle, when no such block can be on its way (an idle
/// store's last commit has queued its deliveries); while busy, it wakes every
/// ``busyRedrawMilliseconds``.
@MainActor
struct InteractiveLoop {
  let session: any DemoSession
  let terminal: any LoopTerminal

  init(session: any DemoSession, terminal: any LoopTerminal = ProcessTerminal()) {
    self.session = session
    self.terminal = terminal
  }

  /// How long to wait after an Esc for the rest of an escape sequence.
  nonisolated static let escapeTimeoutMilliseconds: Int32 = 50
  /// How often to redraw while an action is still finishing.
  nonisolated static let busyRedrawMilliseconds: Int32 = 20

  /// Runs until the user quits; returns the exit status (130 after Ctrl-C).
  func run() async -> Int32 {
    if let error = terminal.enter() {
      FileDescriptor.standardError.write(error)
      return 1
    }
    defer { terminal.leave() }

    var screen = ScreenComposer(session: session)
    var renderer = ScreenRenderer(size: terminal.size)
    var decoder = KeyDecoder()
    while true {
      // With demo_defer_termination: a SIGTERM, SIGHUP or SIGINT ends the loop here.
      let signal = terminal.takePendingTermination()
      if signal != 0 { return 128 + signal }
      if terminal.takeResize() { renderer.resize(to: terminal.size) }
      // Read before the main queue runs: an idle store's last commit has queued its
      // deliveries by then, so they run below and nothing can arrive while the loop waits.
      let isBusy = !session.isIdle
      await MainQueue.runQueuedBlocks()
      let frame = renderer.update(to: screen.lines(for: renderer.size))
      if !frame.isEmpty { terminal.write(frame) }  // only the rows that changed
      let timeout =
        decoder.isWaiting
        ? Self.escapeTimeoutMilliseconds : isBusy ? Self.busyRedrawMilliseconds : -1
      let keys: [Key]
      switch terminal.waitForInput(milliseconds: timeout) {
      case .interrupted: continue
      case .timedOut: keys = decoder.flush()
      case .bytes(let bytes): keys = decoder.decode(bytes)
      case .endOfInput: return 0
      case .failed: return 1
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
