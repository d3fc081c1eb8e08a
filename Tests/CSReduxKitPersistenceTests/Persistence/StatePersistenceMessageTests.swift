import CSReduxKit
import Foundation
import Testing

private struct SavedState: StateProtocol, Codable, Equatable {
  var tasks: [String] = []
}

/// Runs `body` with a new empty directory, removed afterwards.
private func withDirectory(_ body: (URL) throws -> Void) throws {
  let directory = FileManager.default.temporaryDirectory
    .appending(component: "csreduxkit-messages-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  try body(directory)
}

@Suite("StatePersistence: messages say what really happened")
struct StatePersistenceMessageTests {
  @Test("a schemaVersion or format of the wrong type is named, not called missing")
  func wrongFieldTypes() throws {
    try withDirectory { directory in
      let file = directory.appending(component: "todo.json")
      let persistence = StatePersistence<SavedState>(fileURL: file, schemaVersion: 1)
      let cases = [
        (
          #"{"format":"csreduxkit-state","schemaVersion":"1","state":{"tasks":[]}}"#,
          #"has a schemaVersion that is not a whole number: the string "1""#
        ),
        (
          #"{"format":"csreduxkit-state","schemaVersion":1.5,"state":{"tasks":[]}}"#,
          "has a schemaVersion that is not a whole number: the number 1.5"
        ),
        (
          #"{"format":"csreduxkit-state","schemaVersion":null,"state":{"tasks":[]}}"#,
          "has a schemaVersion that is not a whole number: null"
        ),
        (
          #"{"format":["csreduxkit-state"],"schemaVersion":1,"state":{"tasks":[]}}"#,
          #"is not a state file: its format marker is an array or an object, not the string "#
            + #""csreduxkit-state""#
        ),
      ]
      for (text, reason) in cases {
        try Data(text.utf8).write(to: file)
        let restored = persistence.restore(or: SavedState()) { _ in }
        #expect(restored.source == .badFile)
        #expect(restored.error?.kind == .notAStateFile)
        #expect(restored.error?.reason == reason)
      }
    }
  }

  @Test("a path through a regular file says there is no file to keep")
  func parentIsAFile() throws {
    try withDirectory { directory in
      let blocker = directory.appending(component: "todo.json")
      try Data("not a folder".utf8).write(to: blocker)
      let file = blocker.appending(component: "state.json")
      let persistence = StatePersistence<SavedState>(fileURL: file, schemaVersion: 1)
      let restored = persistence.restore(or: SavedState(tasks: ["initial"])) { _ in }
      #expect(restored.source == .badFile)
      #expect(restored.state == SavedState(tasks: ["initial"]))
      #expect(restored.error?.kind == .unreadable)
      #expect(restored.error?.movedTo == nil)
      let description = restored.error?.description ?? ""
      #expect(!description.contains("copy it elsewhere"))
      #expect(
        description.hasSuffix(
          "There is no file there to keep: \(blocker.path(percentEncoded: false)) is a regular "
            + "file, not a folder. The initial state is used instead; saves will fail until the "
            + "path leads to a folder."))
      #expect(try Data(contentsOf: blocker) == Data("not a folder".utf8), "nothing was moved")
    }
  }
}
