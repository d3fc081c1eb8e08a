import CSReduxKitPersistence
import _DemoTerminalShims

/// Plain reads and writes on a file descriptor, through the portable shims.
struct FileDescriptor: Sendable {
  /// The descriptor number.
  var rawValue: Int32

  /// Standard input.
  static let standardInput = FileDescriptor(rawValue: 0)
  /// Standard output.
  static let standardOutput = FileDescriptor(rawValue: 1)
  /// Standard error.
  static let standardError = FileDescriptor(rawValue: 2)

  /// Whether the descriptor is a terminal.
  var isTerminal: Bool { demo_isatty(rawValue) == 1 }

  /// Writes all of `text` in one call (partial writes are retried).
  func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      guard let base = buffer.baseAddress else { return }
      _ = demo_write_all(rawValue, base, buffer.count)
    }
  }

  /// Reads up to `count` bytes; empty at end of input, `nil` when a signal interrupted the read.
  func read(upTo count: Int) throws(SystemError) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    let result = bytes.withUnsafeMutableBytes { demo_read(rawValue, $0.baseAddress, count) }
    switch result {
    case -2: return nil
    case ..<0: throw SystemError(call: "read")
    default: return Array(bytes.prefix(result))
    }
  }

  /// Reads everything until the end of input.
  func readAll() throws(SystemError) -> [UInt8] {
    var data: [UInt8] = []
    while true {
      guard let chunk = try read(upTo: 65_536) else { continue }
      if chunk.isEmpty { return data }
      data += chunk
    }
  }

  /// Reads a whole file as UTF-8 text.
  static func readText(path: String) throws(SystemError) -> String {
    let fd = demo_open_read(path)
    guard fd >= 0 else { throw SystemError(call: "open \(path)") }
    defer { _ = demo_close(fd) }
    return String(decoding: try FileDescriptor(rawValue: fd).readAll(), as: UTF8.self)
  }

  /// Replaces the file at `path` with `text` as the library writes its files: a temporary
  /// file created exclusively, under an unpredictable name, readable and writable by its owner
  /// only, then renamed over it within its folder; a symbolic link, a folder or another
  /// user's file at `path` is refused and left as it is.
  static func writeText(_ text: String, toPath path: String) throws(SystemError) {
    do {
      try Files.replace(atPath: path, withText: text)
    } catch {
      throw SystemError(call: "write \(path)", reason: error.what)
    }
  }
}

/// A failed system call, with the system's description of why.
struct SystemError: Error, CustomStringConvertible {
  /// What was called.
  var call: String
  /// The system's explanation.
  var reason: String

  /// An error of `call`, for `reason`.
  init(call: String, reason: String) {
    self.call = call
    self.reason = reason
  }

  /// Captures the last error of `call`.
  init(call: String) {
    self.call = call
    self.reason = String(cString: demo_last_error())
  }

  var description: String { "\(call): \(reason)" }
}
