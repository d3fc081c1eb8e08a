import CSReduxKit
import CSReduxKitTestSupport
import Foundation
import Testing

// The examples of docs/debugging.md, kept compiling and checked. Keep each example identical to
// its code block in the guide.

// example: debugging-module
struct NotesState: StateProtocol, Codable, Equatable {
  var notes: [String] = []
}

enum NotesAction: Int, CaseIterable {
  case add, remove, clear
}

let notesReducer = InPlaceReducer<NotesState> { action, state in
  switch NotesAction(rawValue: action.type) {
  case .add: state.notes.append(try action.payload(as: String.self))
  case .remove: state.notes.remove(at: try action.payload(as: Int.self))
  case .clear: state.notes = []
  case nil: break
  }
}
// end-example

@Suite("docs/debugging.md")
struct DebuggingGuideTests {
  @Test("recording, time travel and skipping")
  func recording() throws {
    // example: debugging-record
    let store = Store(
      state: NotesState(), reducer: notesReducer,
      actions: ActionTypes(NotesAction.self))
    let log = ActionLog(recording: store, capacity: 1_000)

    store.dispatch(Action(NotesAction.add, data: "Buy milk"))
    store.dispatch(Action(NotesAction.add, data: "Call Ann"))
    store.dispatch(Action(NotesAction.clear))

    for entry in log.entries {
      print(entry.sequenceNumber, entry.action.type, entry.state.notes, entry.reducerDuration)
    }
    // end-example
    #expect(log.entries.map(\.state.notes) == [["Buy milk"], ["Buy milk", "Call Ann"], []])

    // example: debugging-time-travel
    try log.jump(toEntry: 1)  // the store holds ["Buy milk", "Call Ann"] again
    try log.jump(toEntry: -1)  // back to the state before the first entry
    try log.jump(toEntry: 2)  // and forward to the latest

    try log.setSkipped(true, at: 0)  // as if "Buy milk" had never been added
    // end-example
    #expect(log.entries.map(\.state.notes) == [[], ["Call Ann"], []])
    try log.setSkipped(false, at: 0)
    try log.jump(toEntry: 1)
    #expect(store.state.notes == ["Buy milk", "Call Ann"])

    // example: debugging-subscriber
    store.subscribe { action, state in
      if action.type == StateReplacedAction.type {
        print("state replaced: \(action)")  // time travel: redraw everything from `state`
      }
    }
    // end-example
  }

  @Test("export, import and replay")
  func exportAndReplay() async throws {
    let store = Store(state: NotesState(), reducer: notesReducer)
    let log = ActionLog(recording: store)
    store.dispatch(Action(NotesAction.add, data: "Buy milk"))
    store.dispatch(Action(NotesAction.remove, data: 0))
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("notes-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }

    // example: debugging-codec
    var codec = ActionLogCodec<NotesState>(actions: ActionTypes(NotesAction.self))
    codec.register(NotesAction.add, payload: String.self)
    codec.register(NotesAction.remove, payload: Int.self)
    codec.register(NotesAction.clear)

    try codec.write(log.recording, to: file)
    let recording = try codec.read(from: file)
    // end-example
    #expect(recording.entries.count == 2)

    // example: debugging-replay
    let fresh = Store(state: NotesState(), reducer: notesReducer)
    do {
      try await recording.replay(into: fresh)
    } catch {
      print(error)  // replay differs at entry 1 (action 1 (remove)): …
    }
    // end-example
    #expect(fresh.state == store.state)
  }

  @Test("an app of several stores: one timeline, its page and its replay")
  func timeline() async throws {
    // example: debugging-timeline-record
    let session = Store(
      state: SessionState(), reducer: sessionReducer, name: "Session",
      actions: ActionTypes(SessionAction.self))
    let notes = Store(
      state: NotesState(), reducer: notesReducer, name: "Notes",
      actions: ActionTypes(NotesAction.self))
    let coordinator = StoreCoordinator()
    coordinator.register(notes) { action in
      action.type == SessionAction.signOut.rawValue ? Action(NotesAction.clear) : nil
    }
    session.subscribe(to: [SessionAction.signOut.rawValue]) { action, _ in
      coordinator.broadcast(action)
    }

    let timeline = Timeline(capacity: 5_000)
    try timeline.record(session, codec: sessionCodec)
    try timeline.record(notes, codec: notesCodec)

    notes.dispatch(Action(NotesAction.add, data: "Buy milk"))
    session.dispatch(Action(SessionAction.signOut))

    for entry in timeline.entries {
      let cause = entry.cause.map { "\($0)" } ?? "-"
      print(entry.sequence, entry.storeName, entry.action.type, cause)
    }
    // 0 Notes 0 -
    // 1 Session 0 -
    // 2 Notes 2 #1 (broadcast)
    // end-example
    #expect(timeline.entries.map(\.storeName) == ["Notes", "Session", "Notes"])
    #expect(timeline.entries.map { $0.cause.map { "\($0)" } } == [nil, nil, "#1 (broadcast)"])

    // example: debugging-timeline-travel
    try await timeline.jump(toSequence: 0)  // "Buy milk" again, and signed in
    try await timeline.resumeLive()  // every store back to its newest entry
    // end-example
    #expect(notes.state.notes.isEmpty)

    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("timeline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let pageURL = directory.appendingPathComponent("session.html")

    // example: debugging-timeline-page
    let text = try timeline.export()
    let page = try TimelinePage(jsonLines: text, title: "notes session")
    try page.html.write(to: pageURL, atomically: true, encoding: .utf8)
    // end-example
    #expect(page.entryCount == 3)
    #expect(page.causeLinkCount == 1)

    // example: debugging-timeline-replay
    var codec = TimelineCodec()
    codec.register(store: "Session", codec: sessionCodec)
    codec.register(store: "Notes", codec: notesCodec)
    let recorded = try codec.decode(text)

    var replay = TimelineReplay()
    replay.add(
      Store(state: SessionState(), reducer: sessionReducer, name: "Session"),
      codec: sessionCodec)
    replay.add(
      Store(state: NotesState(), reducer: notesReducer, name: "Notes"), codec: notesCodec)
    do {
      try await replay.check(recorded)
    } catch {
      print(error)  // replay differs at entry #2 (Notes entry 1): …
    }
    // end-example
    #expect(try await replay.check(recorded) == 3)
  }
}

// example: debugging-timeline-module
struct SessionState: StateProtocol, Codable, Equatable {
  var isSignedIn = true
}

enum SessionAction: Int, CaseIterable {
  case signOut
}

let sessionReducer = InPlaceReducer<SessionState> { action, state in
  if action.type == SessionAction.signOut.rawValue { state.isSignedIn = false }
}

let sessionCodec: ActionLogCodec<SessionState> = {
  var codec = ActionLogCodec<SessionState>(actions: ActionTypes(SessionAction.self))
  codec.register(SessionAction.signOut)
  return codec
}()

let notesCodec: ActionLogCodec<NotesState> = {
  var codec = ActionLogCodec<NotesState>(actions: ActionTypes(NotesAction.self))
  codec.register(NotesAction.add, payload: String.self)
  codec.register(NotesAction.remove, payload: Int.self)
  codec.register(NotesAction.clear)
  return codec
}()
// end-example
