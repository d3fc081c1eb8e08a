import CSReduxKit
import Foundation
import Testing

// What is at the state file's path, and who may read it: a URL that is no file, symbolic links
// (followed, or named when they go round in a loop), and files kept to their owner.

private struct KeptState: StateProtocol, Codable, Equatable {
  var tasks: [String] = []
}

/// Runs `body` with a new empty directory, removed afterwards.
private func withDirectory(_ body: (URL) throws -> Void) throws {
  let directory = FileManager.default.temporaryDirectory
    .appending(component: "csreduxkit-files-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  try body(directory)
}

/// The permission bits of what is at `url`.
private func mode(_ url: URL) throws -> Int {
  let attributes = try FileManager.default.attributesOfItem(
    atPath: url.path(percentEncoded: false))
  return try #require(attributes[.posixPermissions] as? Int)
}

/// Where the symbolic link at `url` leads, or `nil` when it is not a link.
private func linkTarget(_ url: URL) -> String? {
  try? FileManager.default.destinationOfSymbolicLink(atPath: url.path(percentEncoded: false))
}

private func link(_ url: URL, to target: String) throws {
  try FileManager.default.createSymbolicLink(
    atPath: url.path(percentEncoded: false), withDestinationPath: target)
}

@Suite("StatePersistence: files are what they seem, and their owner's only")
struct StatePersistenceFileTests {
  @Test("a URL that is not a file URL is reported by restore and by every save, never a trap")
  func notAFileURL() throws {
    let url = try #require(URL(string: "https://example.com/todo.json"))
    let persistence = StatePersistence<KeptState>(fileURL: url, schemaVersion: 1)
    var reported: [PersistenceError] = []
    let restored = persistence.restore(or: KeptState(tasks: ["initial"])) { reported.append($0) }
    #expect(restored.state == KeptState(tasks: ["initial"]))
    #expect(restored.source == .badFile)
    #expect(restored.error?.kind == .notAFileURL && restored.error?.movedTo == nil)
    #expect(reported.count == 1)
    let advice =
      "Create it with a file URL, such as URL(filePath:) or "
      + "URL.applicationSupportDirectory.appending(component:)."
    #expect(
      restored.error?.description
        == "CSReduxKit: the state file https://example.com/todo.json is not a file URL: "
        + "StatePersistence reads and writes local files only. Nothing was read; the initial "
        + "state is used instead, and every save will fail. \(advice)")
    let error = #expect(throws: PersistenceError.self) { try persistence.save(KeptState()) }
    #expect(error?.kind == .notAFileURL)
    #expect(
      error?.description
        == "CSReduxKit: the state file https://example.com/todo.json is not a file URL: "
        + "StatePersistence reads and writes local files only. Nothing was written. \(advice)")
  }

  @Test("saved files and the copies moved aside are their owner's only")
  func ownerOnly() throws {
    // The umask is left as it is (changing it would change every file other tests create
    // meanwhile): the usual 022 would let a file created with 0666 be read by anyone.
    try withDirectory { directory in
      let file = directory.appending(component: "todo.json")
      let persistence = StatePersistence<KeptState>(fileURL: file, schemaVersion: 1)
      try persistence.save(KeptState(tasks: ["secret"]))
      #expect(try mode(file) == 0o600)
      // A second save replaces the file through a new temporary file: owner only again.
      try persistence.save(KeptState(tasks: ["secret", "token"]))
      #expect(try mode(file) == 0o600)

      // A bad file that anyone could read is moved aside as its owner's only.
      try Data("{ not json".utf8).write(to: file)
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o664], ofItemAtPath: file.path(percentEncoded: false))
      let restored = persistence.restore(or: KeptState()) { _ in }
      let moved = try #require(restored.error?.movedTo)
      #expect(try mode(moved) == 0o600)
      #expect(try Data(contentsOf: moved) == Data("{ not json".utf8))

      // An action log holds states too.
      let log = directory.appending(component: "session.jsonl")
      try ActionLogCodec<KeptState>().write(
        ActionRecording(initialState: KeptState(), entries: [], storeName: "S"), to: log)
      #expect(try mode(log) == 0o600)
    }
  }

  @Test("the data-protection class is chosen at creation; by default until first unlock")
  func fileProtection() throws {
    try withDirectory { directory in
      let file = directory.appending(component: "todo.json")
      let standard = StatePersistence<KeptState>(fileURL: file, schemaVersion: 1)
      #expect(standard.fileProtection == .completeUntilFirstUserAuthentication)
      let url = file
      // example: file-protection
      let persistence = StatePersistence<PersistedTodoState>(
        fileURL: url, schemaVersion: 1, fileProtection: .complete)
      // end-example
      #expect(persistence.fileProtection == .complete)
      // Without data protection in the file system (here), every class saves all the same.
      for protection: StateFileProtection in [
        .complete, .completeUnlessOpen, .completeUntilFirstUserAuthentication, .none,
      ] {
        let persistence = StatePersistence<KeptState>(
          fileURL: file, schemaVersion: 1, fileProtection: protection)
        #expect(persistence.fileProtection == protection)
        try persistence.save(KeptState(tasks: ["\(protection)"]))
        #expect(persistence.restore(or: KeptState()).state == KeptState(tasks: ["\(protection)"]))
      }
    }
  }

  @Test("a save through a symbolic link replaces the file it leads to and keeps the link")
  func savesThroughLink() throws {
    try withDirectory { directory in
      let folder = directory.appending(component: "data")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let target = folder.appending(component: "real.json")
      let file = directory.appending(component: "todo.json")
      try link(file, to: "data/real.json")
      let persistence = StatePersistence<KeptState>(fileURL: file, schemaVersion: 1)

      // The link leads nowhere yet: a first start, then the first save creates its target.
      #expect(persistence.restore(or: KeptState()).source == .noFile)
      try persistence.save(KeptState(tasks: ["one"]))
      #expect(linkTarget(file) == "data/real.json")
      try persistence.save(KeptState(tasks: ["two"]))
      #expect(linkTarget(file) == "data/real.json")
      let restored = persistence.restore(or: KeptState())
      #expect(restored.source == .file && restored.state == KeptState(tasks: ["two"]))
      let saved = try JSONDecoder().decode(
        [String: KeptStateField].self, from: Data(contentsOf: target))
      #expect(saved["state"] == .state(KeptState(tasks: ["two"])))
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))
          == ["real.json"], "no temporary file is left next to the target")

      // A bad target is moved aside next to itself; the link stays, and the next save writes
      // through it again.
      try Data("{ not json".utf8).write(to: target)
      var reports: [PersistenceError] = []
      let bad = persistence.restore(or: KeptState()) { reports.append($0) }
      #expect(bad.source == .badFile)
      #expect(reports.count == 1 && reports.first?.movedTo == bad.error?.movedTo)
      #expect(bad.error?.movedTo?.deletingLastPathComponent().lastPathComponent == "data")
      #expect(linkTarget(file) == "data/real.json")
      try persistence.save(KeptState(tasks: ["three"]))
      #expect(persistence.restore(or: KeptState()).state == KeptState(tasks: ["three"]))
      #expect(linkTarget(file) == "data/real.json")
    }
  }

  @Test("a symbolic link in a loop is named by restore and by save, and nothing replaces it")
  func linkLoop() throws {
    try withDirectory { directory in
      let file = directory.appending(component: "todo.json")
      try link(file, to: "todo.json")
      let path = file.path(percentEncoded: false)
      let persistence = StatePersistence<KeptState>(fileURL: file, schemaVersion: 1)
      let restored = persistence.restore(or: KeptState()) { _ in }
      #expect(restored.source == .badFile)
      #expect(restored.error?.kind == .unreadable && restored.error?.movedTo == nil)
      #expect(
        restored.error?.description
          == "CSReduxKit: the state file \(path) could not be read: \(path) is a symbolic link "
          + "that leads round in a loop (or through more than 32 links). There is no file there "
          + "to keep. The initial state is used instead; saves will fail until the link leads "
          + "to a file or to nothing.")
      let error = #expect(throws: PersistenceError.self) { try persistence.save(KeptState()) }
      #expect(error?.kind == .writeFailed)
      #expect(
        error?.reason
          == "was not saved: \(path) is a symbolic link that leads round in a loop (or through "
          + "more than 32 links)")
      #expect(linkTarget(file) == "todo.json", "the link is still there")
    }
  }

  @Test("a folder on the path that is a symbolic link in a loop is named, not called missing")
  func folderLinkLoop() throws {
    try withDirectory { directory in
      let folder = directory.appending(component: "state")
      try link(folder, to: "state")
      let file = folder.appending(component: "todo.json")
      let persistence = StatePersistence<KeptState>(fileURL: file, schemaVersion: 1)
      let restored = persistence.restore(or: KeptState()) { _ in }
      #expect(restored.source == .badFile && restored.error?.movedTo == nil)
      let loop =
        "\(folder.path(percentEncoded: false)) is a symbolic link that leads round in a loop "
        + "(or through more than 32 links)"
      let description = try #require(restored.error?.description)
      #expect(description.contains("There is no file there to keep: \(loop)."))
      #expect(!description.contains("missing"))
      let error = #expect(throws: PersistenceError.self) { try persistence.save(KeptState()) }
      #expect(error?.reason.hasSuffix(": \(loop)") == true)
    }
  }
}

/// A field of a saved file: the state, or anything else.
private enum KeptStateField: Decodable, Equatable {
  case state(KeptState)
  case other

  init(from decoder: any Decoder) throws {
    self = (try? .state(KeptState(from: decoder))) ?? .other
  }
}
