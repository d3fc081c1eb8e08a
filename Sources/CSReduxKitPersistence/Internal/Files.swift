import CSReduxKitCore
import _CSReduxKitShims

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// File operations shared by ``StatePersistence`` and ``ActionLogCodec``.
package enum Files {
  /// Replaces the file at `url` with `data` atomically: a temporary file in the same directory,
  /// written and flushed to disk, then renamed over it. A crash at any point leaves either the
  /// old file or the new one, never a mix; a failed write removes its temporary file.
  package static func replace(_ url: URL, with data: Data) throws(FileFailure) {
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw FileFailure(
        what: "its directory could not be created (\(describe(error)))", error: error)
    }
    #if os(Windows)
      do {
        try data.write(to: url, options: .atomic)
      } catch {
        throw FileFailure(what: "it could not be written (\(describe(error)))", error: error)
      }
    #else
      // Hidden, unique, and in the same directory: a rename cannot cross file systems.
      let temporary = directory.appending(
        component: ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
      var step = csrk_replace_step_none
      let code = withFileSystemPaths(url, temporary, directory) { path, temp, dir in
        data.withUnsafeBytes { bytes in
          csrk_replace_file(path, temp, dir, bytes.baseAddress, bytes.count, &step)
        }
      }
      guard code == 0 else {
        let what =
          switch step {
          case csrk_replace_step_create: "the temporary file could not be created"
          case csrk_replace_step_write: "the temporary file could not be written"
          case csrk_replace_step_sync: "the temporary file could not be flushed to disk"
          default: "the temporary file could not be renamed over it"
          }
        let error = SystemError(code: code)
        throw FileFailure(what: "\(what) (\(error.reason))", error: error)
      }
    #endif
  }

  /// Reads the file at `url`; `nil` when there is no such file.
  package static func read(_ url: URL) throws(FileFailure) -> Data? {
    do {
      return try Data(contentsOf: url)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return nil
    } catch {
      throw FileFailure(what: "it could not be read (\(describe(error)))", error: error)
    }
  }

  /// A file error in a few words: `No such file or directory, errno 2`.
  static func describe(_ error: any Error) -> String {
    if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
      return SystemError(code: underlying.code.rawValue).reason
    }
    return String(describing: error)
  }

  /// Calls `body` with the file-system representations of two URLs.
  static func withFileSystemPaths(
    _ first: URL, _ second: URL,
    _ body: (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32
  ) -> Int32 {
    first.withUnsafeFileSystemRepresentation { first in
      second.withUnsafeFileSystemRepresentation { second in
        guard let first, let second else { return Int32(csrk_errno_invalid) }
        return body(first, second)
      }
    }
  }

  /// Calls `body` with the file-system representations of three URLs.
  static func withFileSystemPaths(
    _ first: URL, _ second: URL, _ third: URL,
    _ body: (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32
  ) -> Int32 {
    third.withUnsafeFileSystemRepresentation { third in
      guard let third else { return Int32(csrk_errno_invalid) }
      return withFileSystemPaths(first, second) { body($0, $1, third) }
    }
  }
}
