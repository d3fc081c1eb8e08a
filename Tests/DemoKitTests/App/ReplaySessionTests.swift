import CSReduxKit
import DemoUI
import Foundation
import Testing

@testable import CSDemoFeature
@testable import DemoKit
@testable import RockPaperScissorsFeature
@testable import SettingsFeature
@testable import TodoFeature

/// Encodes one entry per action type with `payload(type)`, decodes it, and checks that every
/// entry comes back with its type, payload and state.
private func expectRoundTrip<State: StateProtocol & Codable & Equatable, Type: CaseIterable>(
  _ codec: ActionLogCodec<State>, state: State, _ types: Type.Type,
  payload: (Type) -> (any Sendable)?
) throws where Type: RawRepresentable, Type.RawValue == Int {
  let entries = Type.allCases.enumerated().map { index, type in
    ActionLogEntry(
      action: Action(type: type.rawValue, data: payload(type)), state: state,
      timestamp: Date(timeIntervalSince1970: 1_000 + Double(index)),
      reducerDuration: .nanoseconds(index), sequenceNumber: index)
  }
  let recording = ActionRecording(initialState: state, entries: entries, storeName: "Store")
  let decoded = try codec.decode(try codec.encode(recording))
  #expect(decoded.initialState == state)
  #expect(decoded.entries.count == Type.allCases.count)
  for (entry, type) in zip(decoded.entries, Type.allCases) {
    #expect(entry.action.type == type.rawValue)
    #expect(entry.action.data.map { "\($0)" } == payload(type).map { "\($0)" })
    #expect(entry.state == state)
  }
}

@Suite("action logs of the demo's modules")
@MainActor
struct ModuleLogCodecTests {
  @Test("the CSReduxKit demo's codec registers every action type with its payload")
  func csdemo() throws {
    let state = CSDemoState(
      listData: ["Buy milk"], currentAddText: "Buy milk", canEdit: true, title: "Buy milk")
    try expectRoundTrip(CSDemoActionType.logCodec, state: state, CSDemoActionType.self) {
      switch $0 {
      case .beginAddContent, .signOut: nil
      case .addContentFinish, .titleClick, .cellClick: "Buy milk"
      case .deleteContent: 0
      }
    }
  }

  @Test("the todo codec registers every action type with its payload")
  func todo() throws {
    let state = TodoState(tasks: [TodoTask(name: "Eat"), TodoTask(name: "Work")], query: "W")
    try expectRoundTrip(TodoActionType.logCodec, state: state, TodoActionType.self) {
      switch $0 {
      case .addTask, .showSearch: "Eat"
      case .deleteTask: 1
      case .signOut: nil
      }
    }
  }

  @Test("the rock, paper, scissors codec registers every action type with its payload")
  func rps() throws {
    var state = RPSState()
    state.player1Play = RPSPlay(chosen: true, weapon: .rock)
    state.turn = .two
    state.result = .draw
    try expectRoundTrip(RPSActionType.logCodec, state: state, RPSActionType.self) {
      switch $0 {
      case .chooseWeapon: Weapon.scissors
      case .newGame, .signOut: nil
      }
    }
  }

  @Test("the settings codec registers every action type with its payload")
  func settings() throws {
    let state = SettingsState(
      settings: AppSettings(filter: true, facebook: false), users: [SettingsUser(name: "Ann")])
    try expectRoundTrip(SettingsActionType.logCodec, state: state, SettingsActionType.self) {
      switch $0 {
      case .toggleFilter, .toggleFacebook, .signOut: nil
      case .addUser: SettingsUser(name: "Bob")
      }
    }
  }
}

@Suite("demo replay: frames and stepping")
@MainActor
struct ReplaySessionTests {
  /// A todo session recorded live: add Work, add Eat, a rejected delete.
  static func todoReplay() throws -> ReplaySession<Todo> {
    let store = TodoStore(diagnostics: { _ in })
    let log = ActionLog(recording: store, capacity: 100)
    store.dispatch(Action(TodoActionType.addTask, data: "Work"))
    store.dispatch(Action(TodoActionType.addTask, data: "Eat"))
    store.dispatch(Action(TodoActionType.deleteTask, data: 5))
    let text = try TodoActionType.logCodec.encode(log.recording)
    return ReplaySession<Todo>(
      recording: try TodoActionType.logCodec.decode(text), source: "todo.jsonl")
  }

  @Test("frame 0 is the initial state; each frame after shows its entry and the components")
  func frames() throws {
    let replay = try Self.todoReplay()
    #expect(replay.lastFrame == 3)
    #expect(replay.frameText() == ["replay 0/3  initial state", "tasks | (no tasks)"])
    replay.show(frame: 1)
    #expect(
      replay.frameText() == [
        "replay 1/3  action addTask (0) payload \"Work\"", "tasks |   0  Work",
      ])
    replay.show(frame: 3)
    #expect(
      replay.frameText() == [
        "replay 3/3  action deleteTask (1) payload 5  (rejected)",
        "diagnostic: deleteTask (1) failed: task 5 is out of range: the list has 2 tasks; "
          + "the state is unchanged",
        "tasks |   0  Eat", "      |   1  Work",
      ])
  }

  @Test("arrow keys step forward and back; Home and End jump; the bounds say so")
  func stepping() throws {
    let replay = try Self.todoReplay()
    #expect(replay.handle(.left) == .done(message: "this is the first frame"))
    #expect(replay.frame == 0)
    #expect(replay.handle(.right) == .ok)
    #expect(replay.handle(.down) == .ok)
    #expect(replay.frame == 2)
    #expect(replay.frameLines() == ["tasks |   0  Eat", "      |   1  Work"])
    #expect(replay.handle(.up) == .ok)
    #expect(replay.frame == 1)
    #expect(replay.frameLines() == ["tasks |   0  Work"], "going back rebuilds the components")
    #expect(replay.lastActionLine == "replay 1/3  action addTask (0) payload \"Work\"")
    #expect(replay.handle(.end) == .ok)
    #expect(replay.frame == 3)
    #expect(replay.handle(.character(" ")) == .done(message: "this is the last frame; q quits"))
    #expect(replay.frame == 3)
    #expect(replay.handle(.home) == .ok)
    #expect(replay.frame == 0)
    #expect(replay.frameLines() == ["tasks | (no tasks)"])
    #expect(replay.handle(.character("q")) == .quit)
    #expect(replay.handle(.escape) == .quit)
  }

  @Test("show(frame:) clamps to the recording; stepping back keeps only that frame's diagnostic")
  func clampsAndDiagnostics() throws {
    let replay = try Self.todoReplay()
    replay.show(frame: 99)
    #expect(replay.frame == 3)
    _ = replay.diagnosticLog.takeLines()
    replay.show(frame: 2)
    #expect(replay.diagnosticLog.takeLines() == [])
    replay.show(frame: -4)
    #expect(replay.frame == 0)
  }

  @Test("a replay shows the row the live screen selected")
  func replayShowsSelection() async throws {
    let store = CSDemoStore(diagnostics: { _ in })
    let log = ActionLog(recording: store, capacity: 100)
    let screen = CSDemoScreen(store: store)
    for text in ["Eat", "Work"] {
      _ = screen.tapAdd()
      _ = screen.type(text)
      _ = screen.submit()
      try await store.waitUntilIdle(timeout: .seconds(300))
    }
    #expect(screen.moveSelection(by: 1) == nil)
    #expect(screen.moveSelection(by: 1) == nil)
    let live = screen.listView.render()
    #expect(live == ["  0  Eat", "> 1  Work"])
    let text = try CSDemoActionType.logCodec.encode(log.recording)
    let replay = ReplaySession<CSDemo>(
      recording: try CSDemoActionType.logCodec.decode(text), source: "csdemo.jsonl")
    replay.show(frame: replay.lastFrame)
    #expect(replay.frameLines().suffix(2) == ["list   |   0  Eat", "       | > 1  Work"])
  }
}
