import CSReduxKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Reading an action log: nanoseconds per byte of input, not per operation, so that logs of
// any size compare.

/// The state of the logs read: a short list of tasks, as a to-do app keeps.
struct LogState: StateProtocol, Codable, Equatable {
  var tasks: [String] = []
}

extension Bench {
  /// Reads logs through `ActionLogCodec.decode(_:unknownActionTypes:)`: a well-formed log of
  /// 2,000 entries (decoded in full), and a log whose one entry line is 8 MB of `[` (refused).
  mutating func importLog() {
    let names = [
      "import/split-log-2000-entries", "import/split-line-8MB", "import/log-2000-entries",
      "import/deep-line-8MB",
    ]
    // The logs take a moment to build: only when one of these scenarios runs.
    guard names.contains(where: options.selects) else { return }
    var codec = ActionLogCodec<LogState>()
    codec.register(0, payload: String.self)
    let header =
      #"{"entryCount":1,"format":"csreduxkit-action-log","initialState":{"tasks":[]},"#
      + #""store":"S","version":1}"#
    let deep = Data((header + "\n" + String(repeating: "[", count: 8 << 20)).utf8)
    let log = Data(
      (try? codec.encode(Self.recording(entries: 2_000))).map { Array($0.utf8) } ?? [])
    check(!log.isEmpty, "import: the log of 2,000 entries did not encode")

    splitLines(log: log, deep: deep)
    perByte("import/log-2000-entries", bytes: log.count) { count in
      for _ in 0..<count {
        let read = try? codec.decode(log)
        blackHole(read?.recording.entries.count ?? -1)
      }
    }
    perByte("import/deep-line-8MB", bytes: deep.count) { count in
      for _ in 0..<count {
        do throws(ActionLogImportError) {
          _ = try codec.decode(deep)
          blackHole(-1)
        } catch {
          blackHole(error.line)
        }
      }
    }
  }

  /// Finds the lines of a log, as the import does before decoding them: the 2,000-entry log
  /// (about 250 bytes a line) and one line of 8 MB.
  mutating func splitLines(log: Data, deep: Data) {
    for (name, data) in [("import/split-log-2000-entries", log), ("import/split-line-8MB", deep)] {
      var wrong = false
      let expected = data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } + 1
      perByte(name, bytes: data.count) { count in
        for _ in 0..<count {
          let lines = data.withUnsafeBytes { LogLines($0, maximumLength: 64 << 20).ranges.count }
          if lines != expected { wrong = true }
          blackHole(lines)
        }
      }
      check(!wrong, "\(name): the lines found are not the lines of the log")
    }
  }

  /// Records `name`, whose operation reads `bytes` bytes, in nanoseconds per byte.
  mutating func perByte(_ name: String, bytes: Int, _ body: (Int) -> Void) {
    guard begins(name) else { return }
    var measurement = measure(name, unit: "byte", options: options, body)
    measurement.samples = measurement.samples.map { $0 / Double(max(bytes, 1)) }
    record(measurement)
  }

  /// A recording of `entries` additions to a list that keeps its last five tasks.
  static func recording(entries: Int) -> ActionRecording<LogState> {
    var state = LogState()
    var list: [ActionLogEntry<LogState>] = []
    list.reserveCapacity(entries)
    for index in 0..<entries {
      let task = "Task number \(index), with a few words to read"
      state.tasks = Array((state.tasks + [task]).suffix(5))
      list.append(
        ActionLogEntry(
          action: Action(type: 0, data: task), state: state,
          timestamp: Date(timeIntervalSince1970: 1_795_000_000 + Double(index)),
          reducerDuration: .nanoseconds(1_250), sequenceNumber: index))
    }
    return ActionRecording(initialState: LogState(), entries: list, storeName: "S")
  }
}
