import Foundation
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The demo's files in a shared folder: `--log FILE` and `demo report` write as the library
// does, so a link another user planted at the path is not followed, and files are 0600.

/// The ids of `nobody`, when the tests run as root and can give a link away to that user.
private let nobody: (user: uid_t, group: gid_t)? = {
  guard geteuid() == 0, let entry = getpwnam("nobody") else { return nil }
  return (entry.pointee.pw_uid, entry.pointee.pw_gid)
}()

/// Runs `body` with a new sticky, world-writable folder (as `/tmp`), removed afterwards.
private func withSharedFolder(_ body: (String) async throws -> Void) async throws {
  let folder = FileManager.default.temporaryDirectory
    .appending(component: "demo-shared-\(UUID().uuidString)").path(percentEncoded: false)
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  chmod(folder, 0o1777)
  try await body(folder)
}

/// Plants a link at `path` to `target`, owned by `nobody`.
private func plantLink(at path: String, to target: String) throws {
  try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
  if let nobody { #expect(lchown(path, nobody.user, nobody.group) == 0) }
}

private func mode(_ path: String) throws -> Int? {
  try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
}

private let important = "important, not the demo's\n"

@Suite("demo binary: files from strangers")
struct DemoFileWriteTests {
  @Test("--log FILE does not follow a link planted at FILE", .enabled(if: nobody != nil))
  func logThroughPlantedLink() async throws {
    try await withSharedFolder { folder in
      let target = folder + "/important.txt"
      try important.write(toFile: target, atomically: false, encoding: .utf8)
      let log = folder + "/app.jsonl"
      try plantLink(at: log, to: target)
      let run = try await DemoBinary.run(["--log", log, "-e", "title"])
      #expect(run.status != 0)
      #expect(run.error.contains("is a symbolic link"))
      #expect(try String(contentsOfFile: target, encoding: .utf8) == important)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
          == ["app.jsonl", "important.txt"])
    }
  }

  @Test(
    "demo report does not follow a link planted at the page's path", .enabled(if: nobody != nil))
  func reportThroughPlantedLink() async throws {
    try await withSharedFolder { folder in
      let source = folder + "/app.jsonl"
      try ReportEndToEndTests.session.write(toFile: source, atomically: false, encoding: .utf8)
      let target = folder + "/important.txt"
      try important.write(toFile: target, atomically: false, encoding: .utf8)
      try plantLink(at: folder + "/app.html", to: target)
      let run = try await DemoBinary.run(["report", source])
      #expect(run.status == 1)
      #expect(run.error.contains("cannot write the page"))
      #expect(try String(contentsOfFile: target, encoding: .utf8) == important)
    }
  }

  @Test("the log and the page are their owner's only, over an existing 0644 file too")
  func ownerOnly() async throws {
    let log = TemporaryPath("owner.jsonl")
    try "".write(toFile: log.path, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: log.path)
    #expect(try await DemoBinary.run(["--log", log.path, "-e", "title"]).status == 0)
    #expect(try mode(log.path) == 0o600)
    let page = String(log.path.dropLast(".jsonl".count)) + ".html"
    defer { try? FileManager.default.removeItem(atPath: page) }
    #expect(try await DemoBinary.run(["report", log.path]).status == 0)
    #expect(try mode(page) == 0o600)
  }
}
