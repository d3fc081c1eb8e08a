import DemoUI

/// The todo module driven by commands and keys.
@MainActor
package final class TodoSession: FeatureSession {
  /// The screen the commands and keys drive.
  let screen: TodoScreen

  /// Drives `screen`.
  init(screen: TodoScreen) {
    self.screen = screen
  }

  nonisolated static let commands = [
    CommandHelp(usage: "add NAME", summary: "add a task at the top (dispatches addTask)"),
    CommandHelp(usage: "delete INDEX", summary: "delete a task (dispatches deleteTask)"),
    CommandHelp(
      usage: "search [TEXT]", summary: "show the tasks containing TEXT (an effect; showSearch)"),
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
    default:
      return .unknown
    }
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
