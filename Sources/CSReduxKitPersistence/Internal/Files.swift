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
  /// created exclusively under an unpredictable name with `mode` (owner only by default),
  /// written and flushed to disk, then renamed over it within that directory. A crash at any
  /// point leaves either the old file or the new one, never a mix; a failed write removes its
  /// temporary file. A symbolic link at `url` is followed only when `followsOwnLinks` is true
  /// and the link (each link of a chain) and the file it leads to belong to the user running
  /// the process; the link is then kept. Anything else at `url` that is not a regular file of
  /// that user is refused, and nothing is written.
  ///
  /// - Parameters:
  ///   - url: The file, or a symbolic link to it.
  ///   - data: What to write.
  ///   - protection: An Apple data-protection class for the new file (1 to 4), or 0 for none.
  ///   - mode: The new file's permissions; `0o600` by default.
  ///   - followsOwnLinks: Whether a link of this user at `url` is followed.
  ///   - createsDirectory: Whether a missing directory is created (with its parents).
  /// - Throws: A ``FileFailure`` saying which step failed; the file is then unchanged.
  package static func replace(
    _ url: URL, with data: Data, protection: Int32 = 0, mode: Int = 0o600,
    followsOwnLinks: Bool = false, createsDirectory: Bool = true
  ) throws(FileFailure) {
    let directory = url.deletingLastPathComponent()
    do {
      if createsDirectory {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      }
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
      let place: FilePlace
      do {
        place = try FilePlace(url, followsOwnLinks: followsOwnLinks)
      } catch {
        if case .loop(let loop) = error { throw FileFailure(what: loop.phrase, error: loop) }
        throw FileFailure(what: error.phrase, error: error)
      }
      try place.replace(with: data, protection: protection, mode: mode)
    #endif
  }

  /// Replaces the file at `path` with `text` as
  /// ``replace(_:with:protection:mode:followsOwnLinks:createsDirectory:)`` does, following no
  /// link and creating no folder: the demo's writer, which has no Foundation of its own.
  ///
  /// - Parameters:
  ///   - path: The file's path, absolute or relative to the current directory.
  ///   - text: What to write, as UTF-8.
  ///   - mode: The new file's permissions; `0o600` by default.
  /// - Throws: A ``FileFailure`` saying which step failed; the file is then unchanged.
  package static func replace(
    atPath path: String, withText text: String, mode: Int = 0o600
  ) throws(FileFailure) {
    try replace(URL(filePath: path), with: Data(text.utf8), mode: mode, createsDirectory: false)
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
