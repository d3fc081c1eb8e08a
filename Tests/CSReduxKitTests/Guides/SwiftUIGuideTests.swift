// The guides' SwiftUI listings, compiled wherever SwiftUI exists: by `swift test` on macOS and
// the iOS Simulator build of the Apple workflow, for the package's minimums (macOS 13, iOS 16).
// What they do without SwiftUI (the model, the binding's get and send) is tested on every
// platform by StoreViewModelTests and SwiftUIModelGuideTests.
#if canImport(SwiftUI)
  import CSReduxKit
  import SwiftUI

  // example: shopping-swiftui
  @MainActor
  struct ShoppingListView: View {
    @StateObject private var model: StoreViewModel<ShoppingState>
    @State private var draft = ""

    init(store: ShoppingStore) {
      _model = StateObject(wrappedValue: StoreViewModel(store))
    }

    var body: some View {
      VStack {
        Text("\(model.items.count) to buy")
        List {
          ForEach(model.items, id: \.self) { Text($0) }
            .onDelete { rows in
              for row in rows.sorted(by: >) {
                model.send(Action(ShoppingAction.remove, data: row))
              }
            }
        }
        TextField("Item", text: $draft)
          .onSubmit {
            model.send(Action(ShoppingAction.add, data: draft))
            draft = ""
          }
      }
    }
  }
  // end-example

  // example: editor-swiftui
  @MainActor
  struct EditorView: View {
    @StateObject var model: StoreViewModel<EditorState>

    var body: some View {
      Form {
        TextField(
          "Title",
          text: Binding(
            model.binding(\.title) { Action(EditorAction.setTitle, data: $0) }))
        Toggle(
          "Pinned",
          isOn: Binding(
            model.binding(\.isPinned) { Action(EditorAction.setPinned, data: $0) }))
      }
    }
  }
  // end-example
  // example: observation-shopping
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  struct ShoppingCountView: View {
    let store: ShoppingStore
    @State private var items: StoreObservation<ShoppingState, [String]>

    init(store: ShoppingStore) {
      self.store = store
      _items = State(initialValue: StoreObservation(store) { $0.items })
    }

    var body: some View {
      List(items.value, id: \.self) { Text($0) }
      Button("Add milk") {
        store.dispatch(Action(ShoppingAction.add, data: "Milk"))
        // items.value already holds "Milk" here
      }
    }
  }
// end-example
#endif
