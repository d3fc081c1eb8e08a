import CSReduxKit
import CSReduxKitTestSupport
import Foundation
import Testing

// The action log's and the timeline's writers in a shared folder: no link at the path is
// followed (theirs or ours), nothing of another user's is replaced, and files are 0600.

private var important: Data { Data("important, not a log\n".utf8) }

private let recording = ActionRecording(
  initialState: TodoLogState(), entries: [], storeName: "Todos")

/// The writes under test: the action log's and the timeline's.
private let writers: [(name: String, write: @Sendable (URL) throws -> Void)] = [
  ("action log", { try ActionLogCodec<TodoLogState>().write(recording, to: $0) }),
  ("timeline", { try Timeline().write(to: $0) }),
]

@Suite("Log and timeline writes: files from strangers")
struct FileWriteStrangerTests {
  @Test(
    "a link planted by another user in a sticky folder is replaced by nothing and not followed",
    .enabled(if: StrangerFiles.canActAsStranger))
  func plantedLink() throws {
    for writer in writers {
      try StrangerFiles.withFolder(sticky: true) { folder in
        let target = folder.appending(component: "important.txt")
        try important.write(to: target)
        let file = folder.appending(component: "session.jsonl")
        try StrangerFiles.plantLink(at: file, to: "important.txt")
        #expect(throws: (any Error).self, "\(writer.name)") { try writer.write(file) }
        #expect(try Data(contentsOf: target) == important, "\(writer.name)")
        #expect(try StrangerFiles.names(in: folder) == ["important.txt", "session.jsonl"])
      }
    }
  }

  @Test("a link of our own at the path is not followed either: the error names it")
  func ownLink() throws {
    for writer in writers {
      try StrangerFiles.withFolder(sticky: false) { folder in
        let target = folder.appending(component: "important.txt")
        try important.write(to: target)
        let file = folder.appending(component: "session.jsonl")
        try StrangerFiles.plantLink(at: file, to: "important.txt", byStranger: false)
        do {
          try writer.write(file)
          Issue.record("the \(writer.name) was written through a link")
        } catch {
          #expect(
            "\(error)".contains(
              "\(file.path(percentEncoded: false)) is a symbolic link, and links are not "
                + "followed for this file"), "\(writer.name)")
        }
        #expect(try Data(contentsOf: target) == important, "\(writer.name)")
      }
    }
  }

  @Test("logs and timelines are written for their owner only, over an existing 0644 file too")
  func ownerOnly() throws {
    for writer in writers {
      try StrangerFiles.withFolder(sticky: false) { folder in
        let file = folder.appending(component: "session.jsonl")
        try Data().write(to: file)
        try FileManager.default.setAttributes(
          [.posixPermissions: 0o644], ofItemAtPath: file.path(percentEncoded: false))
        try writer.write(file)
        let attributes = try FileManager.default.attributesOfItem(
          atPath: file.path(percentEncoded: false))
        #expect(attributes[.posixPermissions] as? Int == 0o600, "\(writer.name)")
        #expect(try StrangerFiles.names(in: folder) == ["session.jsonl"])
      }
    }
  }
}
