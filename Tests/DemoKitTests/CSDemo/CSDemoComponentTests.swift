import CSReduxKit
import Testing

@testable import DemoKit

@Suite("CSDemo components: each reacts only to its action types")
struct CSDemoComponentTests {
  let store = CSDemoStore(diagnostics: { _ in })

  @Test("ONE addContentFinish updates title, input and list at once")
  func headline() {
    let screen = CSDemoScreen(store: store)
    _ = screen.tapAdd()
    _ = screen.type("Buy milk")
    #expect(screen.inputView.isFocused)
    store.dispatch(Action(.addContentFinish, "Buy milk"))
    #expect(screen.titleView.render() == ["Buy milk"])
    #expect(screen.inputView.text.isEmpty)
    #expect(screen.inputView.isFocused == false)
    #expect(screen.inputView.render() == ["(please enter content)"])
    #expect(screen.listView.rows.last == "Buy milk")
    #expect(screen.addButton.isVisible)
  }

  @Test("components subscribe in the original order: title, input, list, then the screen")
  func subscriptionOrder() {
    #expect(store.subscriberCount == 0)
    let screen = CSDemoScreen(store: store)
    #expect(store.subscriberCount == 4)
    withExtendedLifetime(screen) {}
  }

  @Test("title view: initial text, Adding text...., currentAddText, no change on titleClick")
  func titleView() {
    let title = TitleView(store: store)
    #expect(title.render() == ["Title"])
    store.dispatch(Action(.beginAddContent))
    #expect(title.text == "Adding text....")
    store.dispatch(Action(.addContentFinish, "Eat"))
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
  func inputView() {
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
    #expect(input.isFocused == false)
    #expect(input.text.isEmpty)
  }

  @Test("input view keeps focus and text when the reducer rejects addContentFinish")
  func inputViewRejected() {
    let input = InputView(store: store)
    store.dispatch(Action(.beginAddContent))
    input.insert("Eat")
    store.dispatch(Action(.addContentFinish, 3))
    #expect(input.isFocused)
    #expect(input.text == "Eat")
  }

  @Test("list view shows listData; cellClick changes nothing")
  func listView() {
    let list = ListView(store: store)
    #expect(list.render() == ["(empty)"])
    store.dispatch(Action(.addContentFinish, "Eat"))
    store.dispatch(Action(.addContentFinish, "Work"))
    #expect(list.render() == ["  0  Eat", "  1  Work"])
    let revision = list.revision
    store.dispatch(Action(.cellClick, "Eat"))
    #expect(list.revision == revision)
  }

  @Test("list view highlights every row equal to state.title on titleClick")
  func listHighlight() {
    let list = ListView(store: store)
    for text in ["Eat", "Work", "Eat"] { store.dispatch(Action(.addContentFinish, text)) }
    store.dispatch(Action(.titleClick, "Eat"))
    #expect(list.highlightedRows == [0, 2])
    #expect(list.render() == ["  0  Eat  <- title", "  1  Work", "  2  Eat  <- title"])
  }

  @Test("list view keeps its selection within the rows after a delete")
  func listSelection() {
    let list = ListView(store: store)
    for text in ["Eat", "Work"] { store.dispatch(Action(.addContentFinish, text)) }
    #expect(list.select(1) == "Work")
    #expect(list.select(7) == nil)
    store.dispatch(Action(.deleteContent, 1))
    #expect(list.selectedRow == 0)
    #expect(list.render() == ["> 0  Eat"])
    store.dispatch(Action(.deleteContent, 0))
    #expect(list.selectedRow == nil)
  }

  @Test("the Add button hides while adding and shows again after addContentFinish")
  func addButton() {
    let button = AddButton(store: store)
    #expect(button.render() == ["[Add]"])
    store.dispatch(Action(.beginAddContent))
    #expect(button.render() == [""])
    store.dispatch(Action(.addContentFinish, "Eat"))
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
