import CSReduxKit
import DemoUI

/// The todo module driven by commands and keys.
@MainActor
package final class TodoSession: FeatureSession {
  /// The screen the commands and keys drive.
  let screen: TodoScreen

  /// Follows the todo store for the task detail screen.
  private let coordinator = StoreCoordinator()
  /// The task detail screen while it is open: made by `open`, dropped by `close` and `done`.
  private(set) var detail: TaskDetailScreen?
  /// What the app hands the detail screen: its coordinator and timeline.
  private var services: AppServices?

  /// The service the detail screen asks for a task's notes.
  private let loadNotes: @Sendable (String) async -> [String]

  /// Drives `screen`; the detail screens it opens ask `loadNotes` for a task's notes.
  init(
    screen: TodoScreen,
    loadNotes: @escaping @Sendable (String) async -> [String] = TaskDetailScreen.notesService
  ) {
    self.screen = screen
    self.loadNotes = loadNotes
  }

  package func connect(_ services: AppServices) {
    self.services = services
  }

  package var isIdle: Bool { detail?.store.isIdle ?? true }

  package func waitUntilIdle() async {
    // A store still busy after a minute is shown as it is rather than holding the terminal.
    try? await detail?.store.waitUntilIdle(timeout: .seconds(60))
  }

  nonisolated static let commands = [
    CommandHelp(usage: "add NAME", summary: "add a task at the top (dispatches addTask)"),
    CommandHelp(usage: "delete INDEX", summary: "delete a task (dispatches deleteTask)"),
    CommandHelp(
      usage: "search [TEXT]", summary: "show the tasks containing TEXT (an effect; showSearch)"),
    CommandHelp(
      usage: "open INDEX", summary: "open a task's detail screen, a store of its own"),
    CommandHelp(usage: "note TEXT", summary: "add a note on the open detail screen"),
    CommandHelp(
      usage: "done", summary: "mark the open task done (the detail tells the list) and close"),
    CommandHelp(usage: "close", summary: "close the detail screen; its store goes"),
  ]

  nonisolated static let keys = [
    KeyHelp(key: "a", summary: "type a new task; Enter adds it, Esc cancels"),
    KeyHelp(key: "/", summary: "type a search; Enter searches, an empty one shows all"),
    KeyHelp(key: "Up/Down", summary: "select a task"),
    KeyHelp(key: "d", summary: "delete the selected task"),
  ]

  package var keyHint: String {
    switch screen.draftKind {
    case .task: "type a name  Enter add  Esc cancel  Ctrl-C quit"
    case .search: "type a search  Enter search  Esc cancel  Ctrl-C quit"
    case nil: "a add  / search  Up/Down select  d delete  o sign out  q quit"
    }
  }

  /// The list, and the new task's line while typing.
  package var sections: [FrameSection] {
    var sections: [FrameSection] = []
    if screen.listView.query != nil {
      let listView = screen.listView
      sections.append(
        FrameSection(
          "search", revision: { listView.revision }, render: { listView.renderSearch() }))
    }
    sections.append(FrameSection("tasks", screen.listView))
    if let detail {
      sections.append(
        FrameSection("detail", revision: { detail.revision }, render: { detail.render() }))
    }
    if let kind = screen.draftKind {
      let screen = screen
      sections.append(
        FrameSection(
          kind == .task ? "new" : "find", revision: { screen.draftRevision },
          render: { screen.renderDraft() }))
    }
    return sections
  }

  package func perform(_ command: ScriptCommand) -> CommandResult {
    switch command.name {
    case "add":
      guard !command.argument.isEmpty else { return .invalid("add needs a name: add Work") }
      return .done(message: screen.add(command.argument))
    case "delete":
      guard let index = command.integerArgument else {
        return .invalid("delete needs an index: delete 0")
      }
      return .done(message: screen.delete(index: index))
    case "search":
      screen.search(command.argument)
      return .done(message: nil)
    case "open":
      guard let index = command.integerArgument,
        screen.store.state.tasks.indices.contains(index)
      else { return .invalid("open needs the index of a task: open 0") }
      // The screen open before goes first: the new one continues its lane in the timeline.
      closeDetail()
      let opened = TaskDetailScreen(
        index: index, parent: screen.store, coordinator: coordinator, services: services,
        loadNotes: loadNotes)
      detail = opened
      return .done(message: opened.recordingFailure.map { "not recorded: \($0)" })
    case "note":
      guard let detail else { return .invalid("open a task first: open 0") }
      guard !command.argument.isEmpty else { return .invalid("note needs a text: note Soon") }
      detail.addNote(command.argument)
      return .done(message: nil)
    case "done":
      guard let detail else { return .invalid("open a task first: open 0") }
      detail.markDone()
      closeDetail()
      return .done(message: nil)
    case "close":
      guard detail != nil else { return .invalid("no detail screen is open") }
      closeDetail()
      return .done(message: nil)
    default:
      return .unknown
    }
  }

  /// Closes the detail screen, if one is open: its follow, registration and effects end, and
  /// its store goes with it.
  private func closeDetail() {
    detail?.close()
    detail = nil
  }

  package func handle(_ key: Key) -> CommandResult {
    if screen.isTyping {
      switch key {
      case .character(let character): screen.type(String(character))
      case .backspace: screen.deleteBackward()
      case .escape: screen.cancelTyping()
      case .enter: return .done(message: screen.submit())
      default: break
      }
      return .ok
    }
    switch key {
    case .character("a"): screen.beginTyping()
    case .character("/"): screen.beginSearch()
    case .character("d"): return .done(message: screen.deleteSelected())
    case .up: screen.listView.moveSelection(by: -1)
    case .down: screen.listView.moveSelection(by: 1)
    default: return .unknown
    }
    return .ok
  }
}
