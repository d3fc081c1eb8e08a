import Testing
import _DemoTerminalShims

@testable import DemoKit

/// The demo binary running in a pseudo-terminal, as a user's terminal would run it.
///
/// One test drives it, one call at a time; the reads run on a thread of their own (see
/// `offThePool`), each finished before the test goes on, so its state is never shared.
final class PTYProcess: @unchecked Sendable {
  let master: Int32
  let slave: Int32
  let pid: Int32
  let modeBefore: [UInt]
  private(set) var output: [UInt8] = []
  private(set) var exitStatus: Int32?
  let deadline: ContinuousClock.Instant

  /// Starts the demo in a pseudo-terminal once a process slot is free (see `processSlots`);
  /// the slot is given back when the process is released.
  static func start(
    arguments: [String], rows: Int32 = 24, columns: Int32 = 80
  ) async throws -> PTYProcess {
    await offThePool { processSlots.wait() }
    do {
      return try PTYProcess(arguments: arguments, rows: rows, columns: columns)
    } catch {
      processSlots.signal()
      throw error
    }
  }

  private init(arguments: [String], rows: Int32, columns: Int32) throws {
    let path = try #require(DemoBinary.path, "build the demo binary first (swift build)")
    var master: Int32 = -1
    var slave: Int32 = -1
    var pid: Int32 = -1
    var mode = [UInt](repeating: 0, count: 6)
    let result = withCArguments([path] + arguments) { argv in
      mode.withUnsafeMutableBufferPointer { buffer in
        demo_spawn_in_pty(argv, rows, columns, &master, &slave, &pid, buffer.baseAddress)
      }
    }
    try #require(result == 0, "could not start \(path) in a pseudo-terminal")
    (self.master, self.slave, self.pid, self.modeBefore) = (master, slave, pid, mode)
    // A bound against hangs only: a sanitized demo on a busy 2-core machine can take tens of
    // seconds for a session that takes milliseconds on an idle one.
    deadline = ContinuousClock.now + .seconds(300)
  }

  deinit {
    if exitStatus == nil {
      _ = demo_kill(pid)
      _ = demo_wait(pid)
    }
    _ = demo_close(master)
    _ = demo_close(slave)
    processSlots.signal()
  }

  /// The output so far as text (escape sequences included).
  var text: String { String(decoding: output, as: UTF8.self) }

  /// Sends keys as the user would type them.
  func send(_ keys: String) {
    FileDescriptor(rawValue: master).write(keys)
  }

  /// Reads the terminal until `predicate` holds for the output or the deadline passes, waiting
  /// on the descriptor (never sleeping) on a thread of its own. Returns whether the predicate
  /// held.
  @discardableResult
  func read(until predicate: @escaping @Sendable (String) -> Bool) async -> Bool {
    await offThePool { self.readBlocking(until: predicate) }
  }

  private func readBlocking(until predicate: (String) -> Bool) -> Bool {
    while ContinuousClock.now < deadline {
      if predicate(text) { return true }
      if exitStatus == nil {
        var status: Int32 = 0
        if demo_try_wait(pid, &status) == 1 { exitStatus = status }
      }
      guard demo_poll_readable(master, 50) == 1 else {
        if exitStatus != nil { return predicate(text) }
        continue
      }
      readChunk()
    }
    return predicate(text)
  }

  /// Appends what one read of the terminal returns; `false` when it returned nothing.
  @discardableResult
  private func readChunk() -> Bool {
    guard let chunk = try? FileDescriptor(rawValue: master).read(upTo: 4096), !chunk.isEmpty
    else { return false }
    output += chunk
    return true
  }

  /// Waits for the child to exit (bounded by the deadline), then reads what it wrote before it
  /// exited, and returns its status.
  func waitForExit() async -> Int32? {
    await offThePool {
      _ = self.readBlocking { _ in self.exitStatus != nil }
      self.drain()
    }
    return exitStatus
  }

  /// Reads until the terminal has nothing more for 50 ms: the pseudo-terminal can hand over a
  /// child's last bytes after the child has exited.
  private func drain() {
    while ContinuousClock.now < deadline, demo_poll_readable(master, 50) == 1, readChunk() {}
  }

  /// The terminal's mode now.
  var mode: [UInt] {
    var mode = [UInt](repeating: 0, count: 6)
    _ = mode.withUnsafeMutableBufferPointer { demo_terminal_mode(slave, $0.baseAddress) }
    return mode
  }
}

@Suite("demo binary, interactive mode in a pseudo-terminal")
struct InteractiveEndToEndTests {
  @Test("keys add Buy milk to all three components; q quits and restores the terminal")
  func addBuyMilk() async throws {
    let demo = try await PTYProcess.start(arguments: [])
    #expect(await demo.read { $0.contains("(please enter content)") })
    #expect(demo.text.contains(ANSI.enterAlternateScreen))
    demo.send("x")
    #expect(await demo.read { $0.contains("tap Add first!") })
    demo.send("a")
    #expect(await demo.read { $0.contains("Adding text....") })
    demo.send("Buy milk")
    #expect(await demo.read { $0.contains("[Buy milk_]") })
    demo.send("\r")
    // One frame can reach the terminal in several reads, so the read waits for both lines.
    #expect(
      await demo.read {
        $0.contains("0  Buy milk")
          && $0.contains("last action addContentFinish (1) payload \"Buy milk\"")
      })
    demo.send("q")
    #expect(await demo.waitForExit() == 0)
    #expect(demo.text.hasSuffix(ANSI.leaveFullScreen))
    #expect(demo.mode == demo.modeBefore)
  }

  @Test("arrows select rows, Esc cancels adding, and Ctrl-C quits with the terminal restored")
  func arrowsEscapeAndInterrupt() async throws {
    let demo = try await PTYProcess.start(arguments: [])
    #expect(await demo.read { $0.contains("(please enter content)") })
    demo.send("aEat\r")
    #expect(await demo.read { $0.contains("0  Eat") })
    demo.send("\u{1B}[B")
    #expect(await demo.read { $0.contains("> 0  Eat") })
    demo.send("a")
    #expect(await demo.read { $0.contains("[_]") })
    demo.send("\u{1B}")
    #expect(await demo.read { $0.contains("adding cancelled") })
    demo.send("\u{3}")
    #expect(await demo.waitForExit() == 130)
    #expect(demo.text.hasSuffix(ANSI.leaveFullScreen))
    #expect(demo.mode == demo.modeBefore)
  }

  @Test("SIGTERM from outside restores the terminal before the process dies")
  func terminated() async throws {
    let demo = try await PTYProcess.start(arguments: ["settings"])
    #expect(await demo.read { $0.contains("[ facebook ] off") })
    demo.send("b")
    #expect(await demo.read { $0.contains("[ facebook ] on") })
    _ = demo_terminate(demo.pid)
    let status = await demo.waitForExit()
    #expect(status == 143, "128 + SIGTERM")
    #expect(demo.text.hasSuffix(ANSI.leaveFullScreen))
    #expect(demo.mode == demo.modeBefore)
  }
}
