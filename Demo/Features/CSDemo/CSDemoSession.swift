import DemoUI

/// The CSReduxKit demo driven by commands and keys: one store, three components.
@MainActor
package final class CSDemoSession: FeatureSession {
  /// The screen the commands and keys drive.
  let screen: CSDemoScreen

  /// Drives `screen`.
  init(screen: CSDemoScreen) {
    self.screen = screen
  }

  nonisolated static let commands = [
    CommandHelp(
      usage: "add TEXT",
      summary: "begin, type TEXT, submit (dispatches beginAddContent, addContentFinish)"),
    CommandHelp(usage: "begin", summary: "tap Add (dispatches beginAddContent)"),
    CommandHelp(usage: "type TEXT", summary: "type into the input, only while adding"),
    CommandHelp(usage: "backspace", summary: "erase the last typed character"),
    CommandHelp(
      usage: "submit", summary: "submit the input (dispatches addContentFinish unless empty)"),
    CommandHelp(usage: "cancel", summary: "give up adding (dispatches nothing)"),
    CommandHelp(usage: "select ROW", summary: "select a row (dispatches cellClick with its text)"),
    CommandHelp(
      usage: "delete [ROW]", summary: "delete the selected row or ROW (dispatches deleteContent)"),
    CommandHelp(usage: "title", summary: "tap the title (dispatches titleClick with its text)"),
  ]

  nonisolated static let keys = [
    KeyHelp(key: "a", summary: "Add: begin adding"),
    KeyHelp(key: "typing", summary: "goes to the input while adding"),
    KeyHelp(key: "Enter", summary: "submit the input"),
    KeyHelp(key: "Esc", summary: "cancel adding"),
    KeyHelp(key: "Backspace", summary: "erase a character"),
    KeyHelp(key: "Up/Down", summary: "select a row (cellClick)"),
    KeyHelp(key: "d", summary: "delete the selected row"),
    KeyHelp(key: "t", summary: "tap the title (titleClick)"),
  ]

  package var keyHint: String {
    screen.isAdding
      ? "type text  Enter submit  Esc cancel  Up/Down select  Ctrl-C quit"
      : "a add  Up/Down select  d delete  t title  o sign out  q quit"
  }

  /// The components, top to bottom.
  package var sections: [FrameSection] {
    [
      FrameSection("title", screen.titleView),
      FrameSection("input", screen.inputView),
      FrameSection("button", screen.addButton),
      FrameSection("list", screen.listView),
    ]
  }

  package func perform(_ command: ScriptCommand) -> CommandResult {
    switch command.name {
    case "add":
      for step in [screen.tapAdd, { self.screen.type(command.argument) }, screen.submit] {
        if let message = step() { return .done(message: message) }
      }
      return .ok
    case "begin": return .done(message: screen.tapAdd())
    case "type":
      guard !command.argument.isEmpty else { return .invalid("type needs text: type Buy milk") }
      return .done(message: screen.type(command.argument))
    case "backspace": return .done(message: screen.deleteBackward())
    case "submit": return .done(message: screen.submit())
    case "cancel": return .done(message: screen.cancelAdding())
    case "select":
      guard let row = command.integerArgument else {
        return .invalid("select needs a row number: select 0")
      }
      return .done(message: screen.select(row: row))
    case "delete":
      if command.argument.isEmpty { return .done(message: screen.deleteSelected()) }
      guard let row = command.integerArgument else {
        return .invalid("delete takes an optional row number: delete 0")
      }
      return .done(message: screen.delete(row: row))
    case "title": return .done(message: screen.tapTitle())
    default: return .unknown
    }
  }

  package func handle(_ key: Key) -> CommandResult {
    let isAdding = screen.isAdding
    switch key {
    case .character(let character) where isAdding:
      return .done(message: screen.type(String(character)))
    case .character("a"): return .done(message: screen.tapAdd())
    case .character("t"): return .done(message: screen.tapTitle())
    case .character("d"): return .done(message: screen.deleteSelected())
    // Not typing: the app's own keys (sign out, quit) apply.
    case .character("o"), .character("q"): return .unknown
    case .character(let character):
      return .done(message: screen.type(String(character)))
    case .enter: return .done(message: screen.submit())
    case .escape: return .done(message: screen.cancelAdding())
    case .backspace: return .done(message: screen.deleteBackward())
    case .up: return .done(message: screen.moveSelection(by: -1))
    case .down: return .done(message: screen.moveSelection(by: 1))
    case .tab, .left, .right, .home, .end, .interrupt, .endOfInput: return .unknown
    }
  }
}
