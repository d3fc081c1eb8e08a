import CSReduxKit
import CSReduxKitTesting
import DemoUI
import Testing

@testable import CSDemoFeature

/// Waits until `store` committed everything dispatched to it: addContentFinish finishes once
/// its record is saved, on the saver's thread.
private func idle(_ store: CSDemoStore) async throws {
  try await store.waitUntilIdle(timeout: .seconds(300))
}

@Suite("CSDemo components: each reacts only to its action types")
@MainActor
struct CSDemoComponentTests {
  let store = CSDemoStore(diagnostics: { _ in })

  @Test("ONE addContentFinish updates title, input and list at once")
  func headline() async throws {
    let screen = CSDemoScreen(store: store)
    _ = screen.tapAdd()
    _ = screen.type("Buy milk")
    #expect(screen.inputView.isFocused)
    store.dispatch(Action(.addContentFinish, "Buy milk"))
    try await idle(store)
    #expect(screen.titleView.render() == ["Buy milk"])
    #expect(screen.inputView.text.isEmpty)
    #expect(screen.inputView.isFocused == false)
    #expect(screen.inputView.render() == ["(please enter content)"])
    #expect(screen.listView.rows.last == "Buy milk")
    #expect(screen.addButton.isVisible)
  }

  @Test(
    "on the main actor, ONE addContentFinish has updated title, input and list when dispatch returns"
  )
  func headlineBeforeDispatchReturns() {
    // A save that answers at once: the reducer finishes inside dispatch, on the main actor.
    let instant = RecordSaver { _, done in done() }
    let store = CSDemoStore(reducer: CSDemoReducer(saver: instant), diagnostics: { _ in })
    let screen = CSDemoScreen(store: store)
    store.dispatch(Action(.beginAddContent))
    #expect(screen.titleView.text == "Adding text....")
    #expect(screen.inputView.isFocused)
    _ = screen.type("Buy milk")
    store.dispatch(Action(.addContentFinish, "Buy milk"))
    // No wait: the components' main-actor subscribers ran before dispatch returned.
    #expect(screen.titleView.render() == ["Buy milk"])
    #expect(screen.inputView.render() == ["(please enter content)"])
    #expect(screen.listView.rows == ["Buy milk"])
    #expect(screen.addButton.isVisible)
  }

  @Test("components subscribe in the CSReduxKit demo's order: title, input, list, then the screen")
  func subscriptionOrder() {
    #expect(store.subscriberCount == 0)
    let screen = CSDemoScreen(store: store)
    #expect(store.subscriberCount == 4)
    withExtendedLifetime(screen) {}
  }

  @Test("title view: initial text, Adding text...., currentAddText, no change on titleClick")
  func titleView() async throws {
    let title = TitleView(store: store)
    #expect(title.render() == ["Title"])
    store.dispatch(Action(.beginAddContent))
    #expect(title.text == "Adding text....")
    store.dispatch(Action(.addContentFinish, "Eat"))
    try await idle(store)
    #expect(title.text == "Eat")
    let revision = title.revision
    store.dispatch(Action(.titleClick, "Eat"))
    #expect(title.text == "Eat")
    #expect(title.revision == revision)
    store.dispatch(Action(.cellClick, "Other"))
    #expect(title.text == "Other")
    store.dispatch(Action(.deleteContent, 0))
    #expect(title.text == "")
  }

  @Test("input view: focus on beginAddContent, cleared and unfocused on addContentFinish only")
  func inputView() async throws {
    let input = InputView(store: store)
    #expect(input.render() == ["(please enter content)"])
    store.dispatch(Action(.beginAddContent))
    #expect(input.isFocused)
    input.insert("Ea")
    input.insert("tx")
    input.deleteBackward()
    #expect(input.render() == ["[Eat_]"])
    let revision = input.revision
    store.dispatch(Action(.titleClick, "x"))
    store.dispatch(Action(.cellClick, "x"))
    #expect(input.revision == revision)
    store.dispatch(Action(.addContentFinish, "Eat"))
    try await idle(store)
    #expect(input.isFocused == false)
    #expect(input.text.isEmpty)
  }

  @Test("input view keeps focus and text when the reducer rejects addContentFinish")
  func inputViewRejected() async throws {
    let input = InputView(store: store)
    store.dispatch(Action(.beginAddContent))
    input.insert("Eat")
    input.beginSaving()
    store.dispatch(Action(.addContentFinish, 3))
    try await idle(store)
    #expect(input.isFocused)
    #expect(input.text == "Eat")
    #expect(input.isSaving == false)
  }

  @Test("list view shows listData; cellClick alone (as a replay plays it) selects the row")
  func listView() async throws {
    let list = ListView(store: store)
    #expect(list.render() == ["(empty)"])
    store.dispatch(Action(.addContentFinish, "Eat"))
    store.dispatch(Action(.addContentFinish, "Work"))
    try await idle(store)
    #expect(list.render() == ["  0  Eat", "  1  Work"])
    store.dispatch(Action(.cellClick, "Work"))
    #expect(list.render() == ["  0  Eat", "> 1  Work"])
  }

  @Test("cellClick keeps a selection that shows the clicked text, among equal rows")
  func listViewKeepsEqualRowSelected() async throws {
    let list = ListView(store: store)
    for text in ["Eat", "Work", "Eat"] { store.dispatch(Action(.addContentFinish, text)) }
    try await idle(store)
    #expect(list.select(2) == "Eat")
    let revision = list.revision
    store.dispatch(Action(.cellClick, "Eat"))
    #expect(list.selectedRow == 2)
    #expect(list.revision == revision)
  }

  @Test("list view highlights every row equal to state.title on titleClick")
  func listHighlight() async throws {
    let list = ListView(store: store)
    for text in ["Eat", "Work", "Eat"] { store.dispatch(Action(.addContentFinish, text)) }
    store.dispatch(Action(.titleClick, "Eat"))
    try await idle(store)
    #expect(list.highlightedRows == [0, 2])
    #expect(list.render() == ["  0  Eat  <- title", "  1  Work", "  2  Eat  <- title"])
  }

  @Test("list view keeps its selection within the rows after a delete")
  func listSelection() async throws {
    let list = ListView(store: store)
    for text in ["Eat", "Work"] { store.dispatch(Action(.addContentFinish, text)) }
    try await idle(store)
    #expect(list.select(1) == "Work")
    #expect(list.select(7) == nil)
    store.dispatch(Action(.deleteContent, 1))
    #expect(list.selectedRow == 0)
    #expect(list.render() == ["> 0  Eat"])
    store.dispatch(Action(.deleteContent, 0))
    #expect(list.selectedRow == nil)
  }

  @Test("the Add button hides while adding and shows again after addContentFinish")
  func addButton() async throws {
    let button = AddButton(store: store)
    #expect(button.render() == ["[Add]"])
    store.dispatch(Action(.beginAddContent))
    #expect(button.render() == [""])
    store.dispatch(Action(.addContentFinish, "Eat"))
    try await idle(store)
    #expect(button.isVisible)
  }

  @Test("a component's subscription ends with the component")
  func subscriptionEndsWithOwner() {
    var title: TitleView? = TitleView(store: store)
    #expect(store.subscriberCount == 1)
    title = nil
    store.dispatch(Action(.beginAddContent))
    #expect(store.subscriberCount == 0)
    #expect(title == nil)
  }
}

/// The CSReduxKit demo's table of reactions: which component reacts to which action, and how.
///
/// | component | beginAddContent | addContentFinish | deleteContent | cellClick | titleClick |
/// |---|---|---|---|---|---|
/// | title | "Adding text...." | currentAddText | currentAddText | currentAddText | — |
/// | input | takes focus | unfocused, cleared | — | — | — |
/// | list | listData | listData | listData | selects the row | highlights rows equal to title |
/// | screen | hides Add | shows Add | — | — | — |
@Suite("CSDemo: the table of reactions, action by action")
@MainActor
struct CSDemoReactionTableTests {
  /// What the four components show, one row each.
  struct Frame: Equatable, CustomStringConvertible {
    var title: String
    var input: String
    var list: [String]
    var button: String

    @MainActor
    init(_ screen: CSDemoScreen) {
      title = screen.titleView.render().joined()
      input = screen.inputView.render().joined()
      list = screen.listView.render()
      button = screen.addButton.render().joined()
    }

    init(title: String, input: String, list: [String], button: String) {
      (self.title, self.input, self.list, self.button) = (title, input, list, button)
    }

    var description: String { "title \(title) | input \(input) | list \(list) | \(button)" }
  }

  @Test("each action changes exactly the components its column names")
  func table() async throws {
    let store = CSDemoStore(
      state: CSDemoState(listData: ["Eat"], currentAddText: "Eat"), diagnostics: { _ in })
    let screen = CSDemoScreen(store: store)
    var expected = Frame(
      title: "Title", input: "(please enter content)", list: ["(empty)"], button: "[Add]")
    #expect(Frame(screen) == expected, "before any action, the components show their defaults")

    store.dispatch(Action(.beginAddContent))
    expected.title = "Adding text...."
    expected.input = "[_]"
    expected.list = ["  0  Eat"]
    expected.button = ""
    #expect(Frame(screen) == expected, "beginAddContent")

    store.dispatch(Action(.addContentFinish, "Work"))
    try await store.waitUntilIdle(timeout: .seconds(300))
    expected.title = "Work"
    expected.input = "(please enter content)"
    expected.list = ["  0  Eat", "  1  Work"]
    expected.button = "[Add]"
    #expect(Frame(screen) == expected, "addContentFinish")

    store.dispatch(Action(.cellClick, "Eat"))
    expected.title = "Eat"
    expected.list = ["> 0  Eat", "  1  Work"]
    #expect(Frame(screen) == expected, "cellClick: the title and the list's selection")

    store.dispatch(Action(.titleClick, "Eat"))
    expected.list = ["> 0  Eat  <- title", "  1  Work"]
    #expect(Frame(screen) == expected, "titleClick: the list only")

    store.dispatch(Action(.deleteContent, 0))
    expected.title = "Work"
    expected.list = ["> 0  Work"]
    #expect(Frame(screen) == expected, "deleteContent: the title and the list")
  }
}
