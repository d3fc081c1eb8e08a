import CSReduxKit
import DemoUI
import Testing

@testable import DemoKit
@testable import TodoFeature

/// The todo session on a store holding `names`, newest first.
@MainActor
private func session(_ names: [String]) -> TodoSession {
  let store = TodoStore(
    state: TodoState(tasks: names.map { TodoTask(name: $0) }), diagnostics: { _ in })
  return TodoSession(screen: TodoScreen(store: store))
}

@Suite("Todo module: the task detail screen, a store that comes and goes")
@MainActor
struct TaskDetailTests {
  @Test("open shows the task followed from the list; its notes arrive through an effect")
  func openFollowsTheList() async throws {
    let (answered, answer) = AsyncStream.makeStream(of: [String].self)
    let store = TodoStore(
      state: TodoState(tasks: [TodoTask(name: "Eggs"), TodoTask(name: "Milk")]),
      diagnostics: { _ in })
    let session = TodoSession(screen: TodoScreen(store: store)) { name in
      // The service answers when the test says so: the screen is open before.
      var answers = answered.makeAsyncIterator()
      return await answers.next() ?? ["no answer for \(name)"]
    }
    #expect(session.perform(ScriptCommand(name: "open", argument: "1")) == .done(message: nil))
    let detail = try #require(session.detail)
    #expect(detail.render() == ["#1 Milk"])
    #expect(detail.store.runningEffects.count == 1)
    #expect(!session.isIdle)
    answer.yield(["about Milk"])
    await session.waitUntilIdle()
    await MainQueue.runQueuedBlocks()
    #expect(detail.render() == ["#1 Milk", "- about Milk"])
    _ = session.perform(ScriptCommand(name: "note", argument: "fresh"))
    store.dispatch(Action(TodoActionType.deleteTask, data: 1))
    try await store.waitUntilIdle(timeout: .seconds(300))
    #expect(detail.store.state.name == "")
    #expect(detail.store.state.notes == ["about Milk", "fresh"])
    #expect(session.sections.map(\.label) == ["tasks", "detail"])
  }

  @Test("closed while its notes load, the screen's effect is cancelled and its store goes")
  func closeCancelsTheLoad() async throws {
    let session = TodoSession(
      screen: TodoScreen(
        store: TodoStore(state: TodoState(tasks: [TodoTask(name: "Eggs")]), diagnostics: { _ in })
      )
    ) { _ in
      // A service that never answers: only cancellation ends the effect.
      try? await Task.sleep(for: .seconds(3_600))
      return []
    }
    _ = session.perform(ScriptCommand(name: "open", argument: "0"))
    weak let store = session.detail?.store
    let effects = try #require(store?.runningEffects)
    #expect(effects.count == 1)
    _ = session.perform(ScriptCommand(name: "close"))
    await session.waitUntilIdle()
    try await store?.waitUntilIdle(timeout: .seconds(300))
    #expect(store == nil)
  }

  @Test("done is the delegate action: the list deletes the task, and the screen closes")
  func doneTellsTheList() {
    let session = session(["Eggs", "Milk"])
    _ = session.perform(ScriptCommand(name: "open", argument: "0"))
    _ = session.perform(ScriptCommand(name: "done"))
    #expect(session.screen.store.state.tasks.map(\.name) == ["Milk"])
    #expect(session.detail == nil)
    #expect(session.sections.map(\.label) == ["tasks"])
  }

  @Test("opened and closed a hundred times, the screen leaves the list's store as it was")
  func openAndCloseRepeatedly() {
    let session = session(["Eggs", "Milk"])
    let store = session.screen.store
    let subscribers = store.subscriberCount
    let slots = store.subscriberSlotCount
    weak var lastDetail: Store<TaskDetailState>?
    for round in 0..<100 {
      _ = session.perform(ScriptCommand(name: "open", argument: "\(round % 2)"))
      lastDetail = session.detail?.store
      #expect(store.subscriberCount == subscribers + 1)
      _ = session.perform(ScriptCommand(name: "close"))
    }
    #expect(lastDetail == nil)
    #expect(store.subscriberCount == subscribers)
    #expect(store.subscriberSlotCount <= slots + 1)
  }

  @Test("detail commands without an open screen, or with a bad index, are refused")
  func misuseIsRefused() throws {
    let session = session(["Eggs"])
    for command in ["note x", "done", "close", "open 5", "open"] {
      let result = session.perform(try #require(ScriptCommand(line: command)))
      guard case .invalid = result else {
        Issue.record("\(command) gave \(result)")
        continue
      }
    }
  }
}

@Suite("Todo module: the detail screen in the app, recorded and registered while open")
@MainActor
struct TaskDetailInAppTests {
  /// The app recorded by its timeline, the todo module's session, and two visits of the detail
  /// screen of "Milk": a note, a sign-out while the second is open.
  static func twoVisits() async throws -> (app: DemoApp, log: AppTimeline) {
    let app = DemoApp()
    let log = AppTimeline(app: app, path: "unused.jsonl")
    let session = app.session(of: Todo.self)
    for line in ["add Milk", "open 0", "note fresh", "close", "open 0", "signout", "close"] {
      try await session.run(line)
    }
    await app.waitUntilIdle()
    return (app, log)
  }

  @Test("recorded in the app's timeline: one lane, each visit starting from its own state")
  func recordedInTheTimeline() async throws {
    let (_, log) = try await Self.twoVisits()
    #expect(log.timeline.storeNames.filter { $0 == TaskDetailScreen.storeName }.count == 1)
    let detail = log.timeline.entries.filter { $0.storeName == TaskDetailScreen.storeName }
    // The second visit's lane starts again from the screen's initial state.
    #expect(detail.filter { $0.action.type == StateReplacedAction.type }.count == 1)
    #expect(
      detail.filter { $0.action.type == TaskDetailActionType.loadedNotes.rawValue }.count == 2)
    #expect(
      detail.compactMap { ($0.state as? TaskDetailState)?.notes }.last == [],
      "the sign-out reached the second visit")
    // Written and read back with the app's codecs, the session replays, both visits included.
    let session = try AppTimeline.decode(try log.timeline.export())
    let (matches, report) = await AppTimeline.check(session)
    #expect(matches, "\(report)")
  }

  @Test("registered with the app's coordinator while open: the sign-out reaches it")
  func registeredWhileOpen() async throws {
    let app = DemoApp()
    let session = app.session(of: Todo.self)
    try await session.run("add Milk")
    try await session.run("open 0")
    #expect(app.coordinator.storeNames.contains(TaskDetailScreen.storeName))
    try await session.run("signout")
    let detail = try #require(session.session.detail)
    #expect(detail.store.state.notes == [])
    try await session.run("close")
    #expect(!app.coordinator.storeNames.contains(TaskDetailScreen.storeName))
  }
}
