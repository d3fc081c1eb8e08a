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
  /// readable and writable by its owner only, written and flushed to disk, then renamed over
  /// it. A crash at any point leaves either the old file or the new one, never a mix; a failed
  /// write removes its temporary file. When `url` is a symbolic link, the file it leads to is
  /// replaced and the link kept.
  ///
  /// - Parameters:
  ///   - link: The file, or a symbolic link to it.
  ///   - data: What to write.
  ///   - protection: An Apple data-protection class for the new file (1 to 4), or 0 for none.
  /// - Throws: A ``FileFailure`` saying which step failed; the file is then unchanged.
  package static func replace(
    _ link: URL, with data: Data, protection: Int32 = 0
  ) throws(FileFailure) {
    let url: URL
    switch followLinks(from: link) {
    case .success(let target): url = target
    case .failure(let loop): throw FileFailure(what: "\(loop.phrase)", error: loop)
    }
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      let what = "its directory could not be created (\(describe(error)))"
      if let loop = linkLoop(on: directory) {
        throw FileFailure(what: "\(what): \(loop.phrase)", error: loop)
      }
      throw FileFailure(what: what, error: error)
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
          csrk_replace_file(path, temp, dir, bytes.baseAddress, bytes.count, protection, &step)
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

  /// The most symbolic links followed in a row before the path counts as a loop, as Darwin's
  /// own limit.
  static let linkLimit = 32

  /// Where `url` leads: itself when it is not a symbolic link, otherwise the end of the chain of
  /// links at its last component (which may not exist yet); a loop when the chain goes round.
  package static func followLinks(from url: URL) -> Result<URL, LinkLoop> {
    var current = url
    for _ in 0..<linkLimit {
      let path = current.path(percentEncoded: false)
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else {
        return .success(current)
      }
      current =
        target.hasPrefix("/")
        ? URL(filePath: target) : current.deletingLastPathComponent().appending(path: target)
    }
    return .failure(LinkLoop(link: url))
  }

  /// The symbolic link on the way to `url` (its last component included) that goes round in
  /// a loop, if one does: the first whose path the system refuses as a loop.
  package static func linkLoop(on url: URL) -> LinkLoop? {
    #if os(Windows)
      return nil
    #else
      let components = url.path(percentEncoded: false).split(separator: "/")
      var path = ""
      for component in components {
        path += "/" + component
        let code = path.withCString { csrk_stat_error($0) }
        if code == csrk_errno_loop { return LinkLoop(link: URL(filePath: path)) }
        if code != 0 { return nil }
      }
      return nil
    #endif
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

/// A symbolic link that leads round in a loop, or through more links than the system follows.
package struct LinkLoop: Error, CustomStringConvertible {
  /// The link where the loop starts.
  package let link: URL

  /// `<path> is a symbolic link that leads round in a loop`, for error messages.
  package var phrase: String {
    "\(link.path(percentEncoded: false)) is a symbolic link that leads round in a loop (or "
      + "through more than \(Files.linkLimit) links)"
  }

  package var description: String { phrase }
}
