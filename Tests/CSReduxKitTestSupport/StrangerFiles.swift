import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Files another user of the machine could have put next to ours: links owned by `nobody`,
/// in a sticky, world-writable folder like `/tmp`, or in a folder of our own.
package enum StrangerFiles {
  /// Whether the tests can give a file away to `nobody` (the process runs as root).
  package static var canActAsStranger: Bool { geteuid() == 0 && nobody != nil }

  /// The user and group ids of `nobody`.
  package static var nobody: (user: uid_t, group: gid_t)? {
    guard let entry = getpwnam("nobody") else { return nil }
    return (entry.pointee.pw_uid, entry.pointee.pw_gid)
  }

  /// Runs `body` with a new empty folder, sticky and world-writable when `sticky` is true
  /// (mode 1777, as `/tmp`), removed afterwards.
  package static func withFolder(sticky: Bool, _ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory
      .appending(component: "csreduxkit-stranger-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    if sticky { chmod(folder.path(percentEncoded: false), 0o1777) }
    try body(folder)
  }

  /// Makes a symbolic link at `url` that leads to `target`, owned by `nobody` when `byStranger`
  /// is true (as if that user had planted it).
  package static func plantLink(at url: URL, to target: String, byStranger: Bool = true) throws {
    try FileManager.default.createSymbolicLink(
      atPath: url.path(percentEncoded: false), withDestinationPath: target)
    if byStranger { try giveAway(url) }
  }

  /// Gives what is at `url` (a link itself, not its target) to `nobody`.
  package static func giveAway(_ url: URL) throws {
    guard let nobody else { throw CocoaError(.featureUnsupported) }
    guard lchown(url.path(percentEncoded: false), nobody.user, nobody.group) == 0 else {
      throw CocoaError(.fileWriteNoPermission)
    }
  }

  /// The owner of what is at `url`, the link itself when it is one.
  package static func owner(_ url: URL) -> uid_t? {
    var info = stat()
    guard lstat(url.path(percentEncoded: false), &info) == 0 else { return nil }
    return info.st_uid
  }

  /// The names in `folder`, sorted.
  package static func names(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))
      .sorted()
  }
}
