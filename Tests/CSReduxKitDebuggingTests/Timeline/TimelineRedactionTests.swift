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

// MARK: - Redaction that withholds

private struct VaultState: StateProtocol, Codable, Equatable {
  struct Inner: Codable, Equatable {
    var pin = "SECRET-nested-pin"
  }
  var secrets: [String: Int] = ["SECRET-dict-key": 0, "SECRET-other-key": 1]
  var inner = Inner()
  var shown = "visible"
}

/// A timeline of one store, Vault, whose state holds secrets in a dictionary's keys and in a
/// nested object, with one entry recorded.
private func vaultTimeline(_ redaction: TimelineRedaction) async throws -> Timeline {
  let store = Store(
    state: VaultState(), reducer: Reducer { _, state, finish in finish(state) }, name: "Vault")
  let timeline = Timeline(redaction: redaction)
  try timeline.record(store, codec: ActionLogCodec<VaultState>())
  await store.send(Action(type: 1))
  return timeline
}

@Suite("Timeline: redaction withholds everything of a withheld value")
struct TimelineRedactionWithholdsTests {
  @Test("a withheld object field leaves no key in the export, the page or the test source")
  func objectKeys() async throws {
    var redaction = TimelineRedaction()
    redaction.withholdStateField("secrets", in: "Vault")
    redaction.withholdStateField("inner", in: "Vault")
    let timeline = try await vaultTimeline(redaction)
    let text = try timeline.export()
    let page = try TimelinePage(jsonLines: text).html
    let source = try TimelineTestSource(suiteName: "Vault", stores: []).source(for: timeline)
    for (name, output) in [("export", text), ("page", page), ("test source", source)] {
      #expect(!output.contains("SECRET"), "\(name) holds a withheld key or value")
      #expect(output.contains("visible"), "\(name) lost what was not withheld")
    }
    #expect(text.contains(#""secrets":{}"#) && text.contains(#""inner":{}"#))
  }

  @Test("a rule naming a store the timeline lacks is named as not applied, not listed as a rule")
  func unknownStore() async throws {
    var redaction = TimelineRedaction()
    redaction.withholdStateField("secrets", in: "vault")
    redaction.withholdStateField("shown", in: "Vault")
    redaction.withholdStateField("missing", in: "Vault")
    let header = try #require(
      try await vaultTimeline(redaction).export().split(separator: "\n").first)
    #expect(
      header.contains(
        #""redaction":{"notApplied":["store \"Vault\": no state has the field \"missing\"","#
          + #""store \"vault\": no store of that name is in the timeline (its stores: Vault)"],"#
          + #""rules":[{"actionTypes":[],"payloadFields":[],"stateFields":["shown"],"#
          + #""store":"Vault"}]}"#))
    #expect(header.contains("SECRET"), "the misspelt rule withheld nothing")
  }
}
