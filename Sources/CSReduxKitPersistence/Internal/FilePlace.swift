import _CSReduxKitShims

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if !os(Windows)
  /// A file's place: its directory, held open, and its name there, found without following a
  /// link that another user could have planted.
  ///
  /// Every read, write and rename goes through the open directory, so a folder or a link
  /// swapped in on the way after the place is found changes nothing: the name is looked up in
  /// that directory, with no link followed at the last component.
  package final class FilePlace {
    /// The place as the shims hold it; its directory is closed by `deinit`.
    private var raw = csrk_place()
    /// The file as the caller named it.
    package let url: URL
    /// Whether a regular file is there.
    package var exists: Bool { raw.exists == 1 }
    /// How many symbolic links were followed to reach the place.
    package var linksFollowed: Int { Int(raw.links_followed) }

    /// Finds the place of `url`.
    ///
    /// - Parameters:
    ///   - url: A file URL.
    ///   - followsOwnLinks: Whether a symbolic link at `url` (and along its chain) is
    ///     followed when it belongs to the user running the process.
    /// - Throws: A ``FilePlaceProblem``: the directory cannot be opened, the links go round
    ///   in a loop, or what is there is refused.
    package init(_ url: URL, followsOwnLinks: Bool) throws(FilePlaceProblem) {
      self.url = url
      let directory = url.deletingLastPathComponent()
      let name = url.lastPathComponent
      let code = directory.withUnsafeFileSystemRepresentation { path -> Int32 in
        guard let path else { return Int32(csrk_errno_invalid) }
        return csrk_place_open(path, name, followsOwnLinks ? 1 : 0, &raw)
      }
      if code == 0 { return }
      if code == csrk_refused {
        throw .refused(refusalPhrase())
      }
      if code == csrk_errno_loop {
        if raw.links_followed >= Files.linkLimit { throw .loop(LinkLoop(link: url)) }
        throw .loop(Files.linkLoop(on: directory) ?? LinkLoop(link: url))
      }
      throw .system(SystemError(code: code), directory: directory)
    }

    deinit { csrk_place_close(&raw) }

    /// What `csrk_place_open` refused, in words.
    private func refusalPhrase() -> String {
      let path = url.path(percentEncoded: false)
      let target = withUnsafeBytes(of: raw.refused_path) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      let subject =
        raw.links_followed == 0 ? path : "\(target), where the symbolic link \(path) leads,"
      let owner = raw.refused_owner
      switch raw.refusal {
      case csrk_refusal_link:
        return
          "\(path) is a symbolic link, and links are not followed for this file: name the file "
          + "itself, or remove the link"
      case csrk_refusal_foreign_link:
        return
          "\(raw.links_followed == 0 ? path : target) is a symbolic link that belongs to "
          + "another user (uid \(owner)), so it is not followed"
      case csrk_refusal_foreign_file:
        return
          "\(subject) belongs to another user (uid \(owner)), so it is neither read nor replaced"
      default:
        return
          "\(subject) is not a regular file (a folder, a device, a pipe or a socket), so it is "
          + "neither read nor replaced"
      }
    }

    /// The directory of the file reached, for naming files next to it: the URL's own, or
    /// the directory the links lead to.
    package var directoryURL: URL {
      guard raw.links_followed > 0, case .success(let end) = Files.followLinks(from: url) else {
        return url.deletingLastPathComponent()
      }
      return end.deletingLastPathComponent()
    }

    /// The name of the file reached in its directory.
    package var name: String {
      withUnsafeBytes(of: raw.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Reads the regular file there, opened with no link followed.
    ///
    /// - Throws: A ``FilePlaceProblem`` when it cannot be read or is no longer a regular file
    ///   of this user.
    package func read() throws(FilePlaceProblem) -> Data {
      var bytes: UnsafeMutableRawPointer?
      var count = 0
      let code = csrk_place_read(&raw, &bytes, &count)
      defer { csrk_free(bytes) }
      if code == csrk_refused {
        throw .refused(
          "\(url.path(percentEncoded: false)) is no longer a regular file of this user")
      }
      guard code == 0 else { throw .system(SystemError(code: code), directory: nil) }
      guard let bytes else { return Data() }
      return Data(bytes: bytes, count: count)
    }

    /// Replaces the file there with `data` through an exclusive temporary file with an
    /// unpredictable name in the same directory.
    ///
    /// - Throws: A ``FileFailure`` naming the step that failed; nothing is then changed.
    package func replace(
      with data: Data, protection: Int32, mode: Int
    ) throws(FileFailure) {
      var random = SystemRandomNumberGenerator()
      let token = (0..<2).map { _ in String(random.next() as UInt64, radix: 36) }.joined()
      let temporary = ".\(name).\(token).tmp"
      var step = csrk_replace_step_none
      let code = data.withUnsafeBytes { bytes in
        csrk_place_replace(
          &raw, temporary, bytes.baseAddress, bytes.count, protection, UInt32(mode), &step)
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
    }

    /// Renames the regular file there to `newName` in the same directory, never replacing a
    /// file, and takes the group's and others' permissions off it.
    ///
    /// - Returns: 0, `csrk_errno_exists` when `newName` is taken, `csrk_refused` when what is
    ///   there is not a regular file of this user, or another errno value.
    package func moveAside(as newName: String) -> Int32 {
      csrk_place_move_aside(&raw, newName)
    }

    /// Removes the regular files of this user next to the file whose names start with
    /// `prefix` and end with `suffix`.
    package func removeLeftovers(prefix: String, suffix: String) {
      csrk_place_remove_leftovers(&raw, prefix, suffix)
    }
  }
#endif

/// Why a file's place could not be used.
package enum FilePlaceProblem: Error, CustomStringConvertible {
  /// A symbolic link on the way leads round in a loop.
  case loop(LinkLoop)
  /// What is there was refused: a link not followed, another user's link or file, or not a
  /// regular file; the phrase says which.
  case refused(String)
  /// A system call failed; `directory` is set when the file's directory could not be opened.
  case system(SystemError, directory: URL?)

  /// The problem in words, for error messages.
  package var phrase: String {
    switch self {
    case .loop(let loop): loop.phrase
    case .refused(let phrase): phrase
    case .system(let error, let directory?):
      "its folder \(directory.path(percentEncoded: false)) could not be opened (\(error.reason))"
    case .system(let error, nil): "it could not be read (\(error.reason))"
    }
  }

  package var description: String { phrase }
}
