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
      actionNames: ActionTypeNames(NotesAction.self))
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
    var codec = ActionLogCodec<NotesState>(actionNames: ActionTypeNames(NotesAction.self))
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
}
