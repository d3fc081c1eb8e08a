/// The todo module driven by commands and keys.
final class TodoSession: DemoSession {
  let app: DemoApp
  let screen: TodoScreen
  let transcript: ActionTranscript
  var diagnosticLog: DiagnosticLog { app.diagnosticLog }

  /// Builds the screen on the app's todo store.
  init(app: DemoApp = DemoApp()) {
    self.app = app
    screen = TodoScreen(store: app.todoStore)
    transcript = ActionTranscript(store: screen.store)
  }

  var heading: String { "CSReduxKit demo: todo list (newest first)" }

  static let commands = [
    CommandHelp(usage: "add NAME", summary: "add a task at the top (dispatches addTask)"),
    CommandHelp(usage: "delete INDEX", summary: "delete a task (dispatches deleteTask)"),
  ]

  static let keys = [
    KeyHelp(key: "a", summary: "type a new task; Enter adds it, Esc cancels"),
    KeyHelp(key: "Up/Down", summary: "select a task"),
    KeyHelp(key: "d", summary: "delete the selected task"),
  ]

  var keyHint: String {
    screen.isTyping
      ? "type a name  Enter add  Esc cancel  Ctrl-C quit"
      : "a add  Up/Down select  d delete  o sign out  q quit"
  }

  var sections: [FrameSection] { Self.sections(of: screen) }

  /// The list, and the new task's line while typing; `demo replay` lays out its frames with
  /// them too.
  static func sections(of screen: TodoScreen) -> [FrameSection] {
    var sections = [FrameSection("tasks", screen.listView)]
    if screen.isTyping {
      let screen = screen
      sections.append(
        FrameSection("new", revision: { screen.draftRevision }, render: { screen.renderDraft() }))
    }
    return sections
  }

  func perform(_ command: ScriptCommand) -> CommandResult {
    switch command.name {
    case "add":
      guard !command.argument.isEmpty else { return .invalid("add needs a name: add Work") }
      return .done(message: screen.add(command.argument))
    case "delete":
      guard let index = command.integerArgument else {
        return .invalid("delete needs an index: delete 0")
      }
      return .done(message: screen.delete(index: index))
    case "signout":
      return .done(message: app.signOut())
    default:
      return .unknown
    }
  }

  func handle(_ key: Key) -> CommandResult {
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
    case .character("d"): return .done(message: screen.deleteSelected())
    case .character("o"): return .done(message: app.signOut())
    case .character("q"): return .quit
    case .up: screen.listView.moveSelection(by: -1)
    case .down: screen.listView.moveSelection(by: 1)
    default: break
    }
    return .ok
  }
}
