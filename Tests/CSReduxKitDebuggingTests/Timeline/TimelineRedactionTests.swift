import CSReduxKit
import Foundation
import Testing

@Suite("Timeline: redaction")
struct TimelineRedactionTests {
  @Test("nothing redacted can be found in the exported bytes")
  func bytes() async throws {
    let app = try RecordedApp(redaction: appRedaction)
    try await app.run()
    let data = Data(try app.timeline.export().utf8)
    for secret in ["hunter2", "my secret diary", "Call Bob", "Buy milk", "token-of"] {
      #expect(data.range(of: Data(secret.utf8)) == nil, "\(secret) leaked")
    }
    // The unredacted parts are there.
    #expect(data.range(of: Data("\"name\":\"ada\"".utf8)) != nil)
    // Without the policy, the same session has them all.
    let plain = try RecordedApp()
    try await plain.run()
    let plainData = Data(try plain.timeline.export().utf8)
    for secret in ["hunter2", "my secret diary", "Buy milk", "token-of"] {
      #expect(plainData.range(of: Data(secret.utf8)) != nil)
    }
  }

  @Test("each line marks what it withheld, and the header lists the policy without values")
  func marks() async throws {
    let app = try RecordedApp(redaction: appRedaction)
    try await app.run()
    let text = try app.timeline.export()
    let lines = text.split(separator: "\n")
    #expect(
      lines[0].contains(
        "\"redaction\":{\"rules\":[{\"actionTypes\":[],\"payloadFields\":[\"password\"],"
          + "\"stateFields\":[\"token\"],\"store\":\"Account\"},{\"actionTypes\":[{\"name\":"
          + "\"add\",\"type\":0},{\"name\":\"loaded\",\"type\":3}],\"payloadFields\":[],\"stateFields\":[\"items\"],"
          + "\"store\":\"Todos\"}]}"))
    let signIn = try #require(lines.dropFirst().first { $0.contains("\"name\":\"signIn\"") })
    #expect(signIn.contains("\"redacted\":[\"payload.password\",\"state.token\"]"))
    #expect(signIn.contains("\"password\":\"\""))
    let add = try #require(lines.dropFirst().first { $0.contains("\"name\":\"add\"") })
    #expect(add.contains("\"redacted\":[\"payload\",\"state.items\"]"))
    let session = try app.codec.decode(text)
    #expect(session.redaction == appRedaction)
    let read = try #require(
      session.entries.first { $0.dispatchedAction.type == 0 && $0.storeName == "Todos" })
    #expect(read.hasRedactedPayload)
  }

  @Test(
    "a redacted session replays: a withheld payload is a reset point, withheld fields are not compared"
  )
  func replay() async throws {
    let app = try RecordedApp(redaction: appRedaction)
    try await app.run()
    let session = try app.codec.decode(try app.timeline.export())
    let replayed = try await RecordedApp.freshReplay().check(session)
    #expect(replayed == session.entries.count)
  }
}
