import CSReduxKit
import CSReduxKitTesting
import Testing

@testable import CSDemoFeature

@Suite("CSDemo screen: user-side rules")
@MainActor
struct CSDemoScreenTests {
  let screen = CSDemoScreen(store: CSDemoStore(diagnostics: { _ in }))

  @Test("typing before Add says tap Add first! and changes nothing")
  func typingBeforeAdd() {
    #expect(screen.type("x") == "tap Add first!")
    #expect(screen.submit() == "tap Add first!")
    #expect(screen.inputView.text.isEmpty)
  }

  @Test("submitting empty text says enter content! and dispatches nothing")
  func submitEmpty() {
    _ = screen.tapAdd()
    let before = screen.store.state
    #expect(screen.submit() == "enter content!")
    #expect(screen.store.state == before)
    #expect(screen.isAdding)
  }

  @Test("Esc cancels adding: input cleared, Add shown, typing refused again")
  func cancel() {
    _ = screen.tapAdd()
    _ = screen.type("abc")
    #expect(screen.cancelAdding() == "adding cancelled")
    #expect(screen.inputView.text.isEmpty)
    #expect(screen.addButton.isVisible)
    #expect(screen.type("x") == "tap Add first!")
  }

  @Test("Esc after Add shows the title from before Add again")
  func cancelRestoresTitle() async throws {
    #expect(screen.titleView.text == "Title")
    _ = screen.tapAdd()
    _ = screen.tapAdd()
    #expect(screen.titleView.text == "Adding text....")
    _ = screen.cancelAdding()
    #expect(screen.titleView.text == "Title")
    _ = screen.tapAdd()
    _ = screen.type("Eat")
    _ = screen.submit()
    try await screen.store.waitUntilIdle(timeout: .seconds(300))
    _ = screen.tapAdd()
    _ = screen.cancelAdding()
    #expect(screen.titleView.text == "Eat")
  }

  @Test("tapping the title dispatches titleClick with the title's text")
  func tapTitle() {
    _ = screen.tapTitle()
    #expect(screen.store.state.title == "Title")
  }

  @Test("selecting a row dispatches cellClick; deleting dispatches deleteContent")
  func selectAndDelete() async throws {
    for text in ["Eat", "Work"] {
      _ = screen.tapAdd()
      _ = screen.type(text)
      _ = screen.submit()
      try await screen.store.waitUntilIdle(timeout: .seconds(300))
    }
    #expect(screen.deleteSelected() == "select a row first!")
    #expect(screen.moveSelection(by: 1) == nil)
    #expect(screen.store.state.currentAddText == "Eat")
    #expect(screen.moveSelection(by: 1) == nil)
    #expect(screen.titleView.text == "Work")
    #expect(screen.select(row: 9) == "there is no row 9")
    #expect(screen.deleteSelected() == nil)
    #expect(screen.store.state.listData == ["Eat"])
  }
}
