import CSReduxKit
import Testing

// The model of docs/concurrency.md's SwiftUI editor, on every platform: the binding reads the
// state and writes by dispatching (SwiftUIGuideTests.swift holds the view, where SwiftUI is).

// example: editor-module
struct EditorState: StateProtocol, Equatable {
  var title = ""
  var isPinned = false
}

enum EditorAction: Int {
  case setTitle, setPinned
}

let editorReducer = InPlaceReducer<EditorState> { action, state in
  switch EditorAction(rawValue: action.type) {
  case .setTitle: state.title = try action.payload(as: String.self)
  case .setPinned: state.isPinned = try action.payload(as: Bool.self)
  case nil: break
  }
}
// end-example

@Suite("The guides' examples: SwiftUI's model and bindings")
@MainActor
struct SwiftUIModelGuideTests {
  @Test("docs/concurrency.md: a binding reads the title and sets it by dispatching setTitle")
  func editorBinding() {
    // example: editor-binding
    let store = Store(state: EditorState(), reducer: editorReducer)
    let model = StoreViewModel(store)
    let title = model.binding(\.title) { Action(EditorAction.setTitle, data: $0) }
    title.value = "Groceries"  // what a TextField does on each keystroke
    print(model.title)  // Groceries: the reducer applied setTitle
    // end-example
    #expect(model.title == "Groceries")
    #expect(store.state == EditorState(title: "Groceries"))
    let pinned = model.binding(\.isPinned) { Action(EditorAction.setPinned, data: $0) }
    pinned.value = true
    #expect(model.isPinned)
  }
}
