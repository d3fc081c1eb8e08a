import CSReduxKit
import CSReduxKitTesting
import DemoUI
import Foundation
import Testing
import _DemoTerminalShims

@testable import CSDemoFeature
@testable import DemoKit

/// Collects a store's diagnostics for assertions.
final class DiagnosticRecorder: Sendable {
  private let items = _Locked<[StoreDiagnostic]>([])

  var handler: @Sendable (StoreDiagnostic) -> Void {
    { [items] diagnostic in items.withLock { $0.append(diagnostic) } }
  }

  var diagnostics: [StoreDiagnostic] { items.withLock { $0 } }
}

/// The result of running the demo binary.
struct DemoRun {
  var status: Int32
  var output: String
  var error: String
}

/// Finds and runs the built `demo` executable.
enum DemoBinary {
  /// The `demo` binary next to the test bundle (the test target depends on it, so `swift test`
  /// builds it), falling back to `.build/debug/demo`.
  static let path: String? = {
    var directories: [String] = []
    for argument in CommandLine.arguments {
      // The bundle's directory: cut at ".xctest" (on Darwin the executable is inside it).
      let components = argument.split(separator: "/", omittingEmptySubsequences: false)
      let end = components.firstIndex { $0.hasSuffix(".xctest") } ?? components.count - 1
      let directory = components[..<max(end, 0)].joined(separator: "/")
      if !directory.isEmpty { directories.append(directory) }
    }
    directories.append(".build/debug")
    for directory in directories {
      let candidate = directory + "/demo"
      let fd = demo_open_read(candidate)
      if fd >= 0 {
        _ = demo_close(fd)
        return candidate
      }
    }
    return nil
  }()

  /// Runs the binary with `arguments`, feeding it `input`, and returns what it printed.
  ///
  /// Bounded: after `timeout` (a bound against hangs only, generous for a sanitized binary on
  /// a busy machine) the child is killed and whatever it printed is returned. The
  /// process is waited for on a thread of its own (see `offThePool`), once a slot is free
  /// (see `processSlots`); the timeout counts from the start.
  static func run(
    _ arguments: [String], input: String = "", timeout: Duration = .seconds(300)
  ) async throws -> DemoRun {
    let path = try #require(path, "build the demo binary first (swift build)")
    let run = await offThePool {
      processSlots.wait()
      defer { processSlots.signal() }
      return spawnAndWait(path, arguments, input: input, timeout: timeout)
    }
    return try #require(run, "could not start \(path)")
  }

  /// Runs the binary and blocks until it exits or `timeout` passes; `nil` if it cannot start.
  static func spawnAndWait(
    _ path: String, _ arguments: [String], input: String, timeout: Duration
  ) -> DemoRun? {
    var stdinFD: Int32 = -1
    var stdoutFD: Int32 = -1
    var stderrFD: Int32 = -1
    var pid: Int32 = -1
    let spawned = withCArguments([path] + arguments) { argv in
      demo_spawn_piped(argv, &stdinFD, &stdoutFD, &stderrFD, &pid)
    }
    guard spawned == 0 else { return nil }
    FileDescriptor(rawValue: stdinFD).write(input)
    _ = demo_close(stdinFD)
    let deadline = ContinuousClock.now + timeout
    let (output, error) = readBoth(stdoutFD, stderrFD, deadline: deadline)
    _ = demo_close(stdoutFD)
    _ = demo_close(stderrFD)
    if ContinuousClock.now >= deadline { _ = demo_kill(pid) }
    let status = demo_wait(pid)
    return DemoRun(
      status: status, output: String(decoding: output, as: UTF8.self),
      error: String(decoding: error, as: UTF8.self))
  }

  /// Reads both pipes until each reaches end of file or the deadline passes, waiting on the
  /// descriptors (never sleeping).
  ///
  /// Both are read in turn: a child that fills one pipe blocks until it is read, so reading one
  /// pipe to its end before the other would wait for the deadline.
  static func readBoth(
    _ first: Int32, _ second: Int32, deadline: ContinuousClock.Instant
  ) -> ([UInt8], [UInt8]) {
    var data: [[UInt8]] = [[], []]
    var open = [true, true]
    let descriptors = [first, second]
    while open.contains(true), ContinuousClock.now < deadline {
      for index in descriptors.indices where open[index] {
        guard demo_poll_readable(descriptors[index], 10) == 1 else { continue }
        let chunk = try? FileDescriptor(rawValue: descriptors[index]).read(upTo: 65_536)
        guard let chunk else { continue }
        if chunk.isEmpty { open[index] = false } else { data[index] += chunk }
      }
    }
    return (data[0], data[1])
  }
}

/// Limits the demo processes that run at once to one per core.
///
/// Started together, the end-to-end tests would start dozens of processes (each a sanitized
/// binary under `--sanitize`) on a 2-core machine, and their timeouts, meant only to catch
/// hangs, would expire. The slot is taken on a thread of its own, never on the cooperative pool.
let processSlots = DispatchSemaphore(value: max(2, ProcessInfo.processInfo.activeProcessorCount))

/// Runs `body` on a thread of its own and suspends until it returns: how a test waits for a
/// child process without blocking a thread of the cooperative pool. Swift Testing runs every
/// test on that pool, one thread per core; a test that blocks one stalls the other tests' tasks.
@discardableResult
func offThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.stackSize = 1 << 20
    thread.start()
  }
}

/// Calls `body` with a NULL-terminated C array of `arguments`.
func withCArguments<Result>(
  _ arguments: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
) -> Result {
  let pointers: [UnsafeMutablePointer<CChar>?] =
    arguments.map { argument in
      let bytes = argument.utf8CString
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
      _ = UnsafeMutableBufferPointer(start: pointer, count: bytes.count).initialize(from: bytes)
      return pointer
    } + [nil]
  defer { for pointer in pointers { pointer?.deallocate() } }
  return pointers.withUnsafeBufferPointer { buffer in
    guard let base = buffer.baseAddress else { fatalError("an array always has storage") }
    return body(base)
  }
}

/// A file path in the temporary directory, unique to one test, removed when the test ends.
final class TemporaryPath {
  let path: String

  init(_ name: String = "log.jsonl") {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("demo-\(UUID().uuidString)-\(name)").path
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The file's text; empty when there is none.
  var text: String { (try? FileDescriptor.readText(path: path)) ?? "" }
}

extension DemoApp {
  /// A session of the module `Feature` on this app's store, as `demo` runs it.
  func session<Feature: DemoFeature>(of _: Feature.Type) -> ModuleSession<Feature> {
    ModuleSession(app: self, store: store(of: Feature.self))
  }
}

extension ModuleSession {
  /// Runs `line` as a script command, then waits until the store committed what it
  /// dispatched and the main actor updated the components, as the script runner does before
  /// it prints a frame.
  @discardableResult
  func run(_ line: String) async throws -> CommandResult {
    let result = await perform(ScriptCommand(line: line) ?? ScriptCommand(name: line))
    await session.waitUntilIdle()  // the stores of the screens it opened
    try await store.waitUntilIdle(timeout: .seconds(300))
    await MainQueue.runQueuedBlocks()
    return result
  }
}

extension ModuleSession where Feature == CSDemo {
  /// The CSReduxKit demo's screen.
  var screen: CSDemoScreen { session.screen }
}
