import DemoUI
import Dispatch
import Testing

@testable import DemoKit

/// A terminal that answers the loop's waits from a script and keeps what the loop wrote.
@MainActor
private final class ScriptedTerminal: LoopTerminal {
  /// The answers to the loop's waits, in order; once they run out, the input ends.
  var inputs: [TerminalInput]
  /// Everything written, in order.
  private(set) var written = ""
  /// For each wait: its time limit, and the screen's text written up to then.
  private(set) var waits: [(milliseconds: Int32, shown: String)] = []

  init(inputs: [TerminalInput]) { self.inputs = inputs }

  func enter() -> String? { nil }
  func leave() {}
  func takePendingTermination() -> Int32 { 0 }
  func takeResize() -> Bool { false }
  var size: TerminalSize { TerminalSize(rows: 8, columns: 40) }

  func waitForInput(milliseconds: Int32) -> TerminalInput {
    waits.append((milliseconds, written))
    return inputs.isEmpty ? .endOfInput : inputs.removeFirst()
  }

  func write(_ text: String) { written += text }
}

/// A session of one component whose value a key changes the way a reducer that finishes on
/// another thread does: the new value reaches the component in a block on the main queue,
/// queued while the key is handled and run after, and the store is idle by the next turn.
@MainActor
private final class LateCommitSession: DemoSession {
  private(set) var value = 0
  let heading = "late commit"
  let commands: [CommandHelp] = []
  let keyHint = "x: commit"
  let transcript = ActionTranscript()
  let diagnosticLog = DiagnosticLog()
  /// Whether an action is still finishing.
  var isBusy = false
  var isIdle: Bool { !isBusy }

  var sections: [FrameSection] {
    [FrameSection("value", revision: { self.value }, render: { ["value \(self.value)"] })]
  }

  func waitUntilIdle() async {}
  func perform(_ command: ScriptCommand) async -> CommandResult { .unknown }

  func handle(_ key: Key) async -> CommandResult {
    guard key == .character("x") else { return .unknown }
    DispatchQueue.main.async { self.value += 1 }
    return .done(message: nil)
  }
}

@Suite("Interactive loop: what the screen shows before the loop waits")
struct InteractiveLoopTests {
  @Test("a commit queued while a key was handled is drawn before the loop waits without limit")
  @MainActor func lateCommitIsDrawn() async {
    let session = LateCommitSession()
    let terminal = ScriptedTerminal(inputs: [.bytes(Array("x".utf8))])
    let status = await InteractiveLoop(session: session, terminal: terminal).run()
    #expect(status == 0)
    #expect(session.value == 1)
    let unlimited = terminal.waits.filter { $0.milliseconds == -1 }
    #expect(unlimited.count == 2, "before the key, and after it")
    #expect(unlimited.last?.shown.contains("value 1") == true, "the screen still showed value 0")
  }

  @Test("while an action is finishing the loop wakes to redraw; when idle it waits for a key")
  @MainActor func busyWaitsAreBounded() async {
    let session = LateCommitSession()
    session.isBusy = true
    let busy = ScriptedTerminal(inputs: [.timedOut])
    #expect(await InteractiveLoop(session: session, terminal: busy).run() == 0)
    let bound = InteractiveLoop.busyRedrawMilliseconds
    #expect(busy.waits.map(\.milliseconds) == [bound, bound])
    session.isBusy = false
    let idle = ScriptedTerminal(inputs: [.timedOut])
    #expect(await InteractiveLoop(session: session, terminal: idle).run() == 0)
    #expect(idle.waits.map(\.milliseconds) == [-1, -1])
  }
}
