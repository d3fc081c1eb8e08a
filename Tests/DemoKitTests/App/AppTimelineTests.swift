import CSReduxKit
import DemoUI
import Foundation
import Testing

@testable import CSDemoFeature
@testable import DemoKit
@testable import TodoFeature

@Suite("demo --log: one timeline for the whole app, its replay and its check")
@MainActor
struct AppTimelineTests {
  /// A session of the main module recorded in the app's timeline: two records, a rejected
  /// delete, a sign-out, one more record.
  static func record() async throws -> (app: DemoApp, log: AppTimeline) {
    let app = DemoApp()
    let log = AppTimeline(app: app, path: "unused.jsonl")
    let session = app.session(of: CSDemo.self)
    for line in ["add Buy milk", "add Call Bob", "delete 7", "signout", "add Eat"] {
      try await session.run(line)
    }
    await app.waitUntilIdle()
    return (app, log)
  }

  @Test("--log records every store of the app; sign-out is one cause with four effects")
  func recordsTheApp() async throws {
    let (_, log) = try await Self.record()
    #expect(
      log.timeline.storeNames == [
        "AppStore", "CSDemoStore", "TodoStore", "RPSStore", "SettingsStore",
      ])
    let entries = log.timeline.entries
    let signOut = try #require(entries.first { $0.storeName == "AppStore" })
    let effects = entries.filter { $0.cause?.sequence == signOut.sequence }
    #expect(effects.map(\.storeName) == ["CSDemoStore", "TodoStore", "RPSStore", "SettingsStore"])
    #expect(effects.allSatisfy { $0.cause?.kind == .broadcast })
    #expect(entries.filter { $0.cause != nil }.count == 4, "the user's own actions have no cause")
  }

  @Test("the saved timeline says where it went and reads back with the app's codecs")
  func savesAndReads() async throws {
    let (_, recorded) = try await Self.record()
    let file = TemporaryPath("app.jsonl")
    let log = AppTimeline(app: DemoApp(), path: file.path)
    let (isWritten, line) = log.save()
    #expect(isWritten)
    #expect(line == "demo: recorded 0 entries of 5 stores in \(file.path)")
    let text = try recorded.timeline.export()
    let session = try AppTimeline.decode(text)
    #expect(session.entries.count == recorded.timeline.entries.count)
    #expect(session.stores.map(\.name) == recorded.timeline.storeNames)
    let unwritable = AppTimeline(app: DemoApp(), path: "/nonexistent-dir/app.jsonl")
    #expect(
      unwritable.save() == (
        false,
        "demo: /nonexistent-dir/app.jsonl: cannot write the timeline: its folder "
          + "/nonexistent-dir/ could not be opened (No such file or directory, errno 2)"
      ))
  }

  @Test("an app replay steps through the app, every module's screen at each step")
  func replaySteps() async throws {
    let (_, log) = try await Self.record()
    let session = try AppTimeline.decode(try log.timeline.export())
    let replay = AppReplaySession(session: session, source: "app.jsonl")
    #expect(replay.lastStep == session.entries.count)
    #expect(replay.frameText().first == "replay 0/\(replay.lastStep)  initial states")
    let headings = replay.frameLines().filter { $0.hasPrefix("== ") }
    #expect(headings.count == 4)
    let signOut = try #require(session.entries.firstIndex { $0.storeName == "AppStore" })
    replay.show(step: signOut + 2)
    #expect(
      replay.positionLine
        == "replay \(signOut + 2)/\(replay.lastStep)  #\(signOut + 1) CSDemoStore  action "
        + "signOut (5)  <- #\(signOut) AppStore signOut (broadcast)")
    // The main module shows its state after its sign-out: no records.
    #expect(replay.frameLines().contains("list    | (empty)"))
    replay.show(step: signOut)
    #expect(replay.frameLines().contains("list    |   0  Buy milk"))
    #expect(replay.handle(.home) == .ok)
    #expect(replay.handle(.left) == .done(message: "this is the first step"))
    #expect(replay.handle(.end) == .ok)
    #expect(replay.handle(.right) == .done(message: "this is the last step; q quits"))
  }

  @Test("a rejected entry shows its diagnostic at its own step only")
  func rejectedStep() async throws {
    let (_, log) = try await Self.record()
    let session = try AppTimeline.decode(try log.timeline.export())
    let replay = AppReplaySession(session: session, source: "app.jsonl")
    let rejected = try #require(session.entries.firstIndex { $0.isRejected })
    replay.show(step: rejected + 1)
    let text = replay.frameText()
    #expect(text[0].hasSuffix("action deleteContent (2) payload 7  (rejected)"))
    #expect(text[1].hasPrefix("diagnostic: deleteContent (2) failed: "))
    replay.show(step: rejected + 2)
    #expect(!replay.frameText().contains { $0.hasPrefix("diagnostic:") })
  }

  @Test("replay --check: the app matches; a changed state names the first store and entry")
  func check() async throws {
    let (_, log) = try await Self.record()
    let text = try log.timeline.export()
    let session = try AppTimeline.decode(text)
    let (matches, report) = await AppTimeline.check(session)
    #expect(matches)
    #expect(report == "replay matches: \(session.entries.count) entries of 5 stores")
    let changed = text.replacingOccurrences(of: "\"Call Bob\"]", with: "\"Call Ann\"]")
    #expect(changed != text)
    let (differs, mismatch) = await AppTimeline.check(try AppTimeline.decode(changed))
    #expect(!differs)
    #expect(mismatch.hasPrefix("replay differs at entry #3 (CSDemoStore entry 3): "))
  }
}
