import CSReduxKit
import CSReduxKitTestSupport
import Foundation
import Testing

// Files from strangers: links another user planted at the state file's path, in a shared
// sticky folder or in our own, and links of ours that lead to folders or to others' files.

private struct KeptState: StateProtocol, Codable, Equatable {
  var tasks: [String] = []
}

private var important: Data { Data("important, not a state\n".utf8) }

@Suite("StatePersistence: files from strangers")
struct StatePersistenceStrangerTests {
  @Test(
    "a link planted by another user is neither followed by restore nor by save",
    .enabled(if: StrangerFiles.canActAsStranger), arguments: [true, false])
  func plantedLink(sticky: Bool) throws {
    try StrangerFiles.withFolder(sticky: sticky) { folder in
      let target = folder.appending(component: "important.txt")
      try important.write(to: target)
      let file = folder.appending(component: "state.json")
      try StrangerFiles.plantLink(at: file, to: target.path(percentEncoded: false))
      let persistence = StatePersistence<KeptState>(fileURL: file, schemaVersion: 1)

      let restored = persistence.restore(or: KeptState(tasks: ["initial"])) { _ in }
      #expect(restored.source == .badFile && restored.state == KeptState(tasks: ["initial"]))
      #expect(restored.error?.kind == .unreadable && restored.error?.movedTo == nil)
      let path = file.path(percentEncoded: false)
      #expect(
        restored.error?.reason
          == "could not be read: \(path) is a symbolic link that belongs to another user (uid "
          + "\(StrangerFiles.nobody?.user ?? 0)), so it is not followed")

      let error = #expect(throws: PersistenceError.self) {
        try persistence.save(KeptState(tasks: ["secret"]))
      }
      #expect(error?.kind == .writeFailed)
      #expect(error?.reason.contains("belongs to another user") == true)
      #expect(try Data(contentsOf: target) == important, "the link's target is untouched")
      #expect(try StrangerFiles.names(in: folder) == ["important.txt", "state.json"])
      #expect(StrangerFiles.owner(file) == StrangerFiles.nobody?.user)
    }
  }

  @Test(
    "a link of ours to another user's file is not followed, and that file is not moved",
    .enabled(if: StrangerFiles.canActAsStranger))
  func linkToForeignFile() throws {
    try StrangerFiles.withFolder(sticky: true) { folder in
      let target = folder.appending(component: "theirs.json")
      try Data("{ not json".utf8).write(to: target)
      try StrangerFiles.giveAway(target)
      let file = folder.appending(component: "state.json")
      try StrangerFiles.plantLink(at: file, to: "theirs.json", byStranger: false)
      let persistence = StatePersistence<KeptState>(fileURL: file, schemaVersion: 1)
      let restored = persistence.restore(or: KeptState()) { _ in }
      #expect(restored.error?.reason.contains("theirs.json, where the symbolic link") == true)
      #expect(restored.error?.reason.contains("belongs to another user") == true)
      #expect(restored.error?.movedTo == nil)
      #expect(throws: PersistenceError.self) { try persistence.save(KeptState()) }
      #expect(try Data(contentsOf: target) == Data("{ not json".utf8))
      #expect(try StrangerFiles.names(in: folder) == ["state.json", "theirs.json"])
    }
  }

  @Test(
    "a regular file of another user at the state path is neither read, moved nor replaced",
    .enabled(if: StrangerFiles.canActAsStranger))
  func foreignFile() throws {
    try StrangerFiles.withFolder(sticky: false) { folder in
      let file = folder.appending(component: "state.json")
      try important.write(to: file)
      try StrangerFiles.giveAway(file)
      let persistence = StatePersistence<KeptState>(fileURL: file, schemaVersion: 1)
      let restored = persistence.restore(or: KeptState()) { _ in }
      #expect(restored.source == .badFile && restored.error?.movedTo == nil)
      #expect(restored.error?.reason.contains("belongs to another user") == true)
      #expect(throws: PersistenceError.self) { try persistence.save(KeptState()) }
      #expect(try Data(contentsOf: file) == important)
      #expect(try StrangerFiles.names(in: folder) == ["state.json"])
    }
  }

  @Test("a link to a folder outside is reported, and the folder is neither moved nor written")
  func linkToFolder() throws {
    try StrangerFiles.withFolder(sticky: false) { folder in
      let documents = folder.appending(component: "Documents")
      let app = folder.appending(component: "App")
      for made in [documents, app] {
        try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
      }
      try important.write(to: documents.appending(component: "letter.txt"))
      for (name, target) in [("state.json", "../Documents"), ("self.json", ".")] {
        let file = app.appending(component: name)
        try StrangerFiles.plantLink(at: file, to: target, byStranger: false)
        let persistence = StatePersistence<KeptState>(fileURL: file, schemaVersion: 1)
        let restored = persistence.restore(or: KeptState()) { _ in }
        #expect(restored.source == .badFile && restored.error?.movedTo == nil)
        #expect(restored.error?.reason.contains("is not a regular file") == true)
        #expect(throws: PersistenceError.self) { try persistence.save(KeptState()) }
      }
      #expect(try StrangerFiles.names(in: folder) == ["App", "Documents"])
      #expect(try StrangerFiles.names(in: app) == ["self.json", "state.json"])
      #expect(try StrangerFiles.names(in: documents) == ["letter.txt"])
    }
  }

  @Test(
    "leftover temporary names that are links or other users' files are not removed",
    .enabled(if: StrangerFiles.canActAsStranger))
  func leftoversOfOthers() throws {
    try StrangerFiles.withFolder(sticky: true) { folder in
      let file = folder.appending(component: "state.json")
      let ours = folder.appending(component: ".state.json.interrupted.tmp")
      try Data("half".utf8).write(to: ours)
      let theirs = folder.appending(component: ".state.json.theirs.tmp")
      try important.write(to: theirs)
      try StrangerFiles.giveAway(theirs)
      try StrangerFiles.plantLink(
        at: folder.appending(component: ".state.json.link.tmp"), to: "theirs", byStranger: false)
      _ = StatePersistence<KeptState>(fileURL: file, schemaVersion: 1).restore(or: KeptState())
      #expect(
        try StrangerFiles.names(in: folder) == [".state.json.link.tmp", ".state.json.theirs.tmp"])
    }
  }
}
