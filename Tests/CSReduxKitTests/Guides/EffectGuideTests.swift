import CSReduxKit
import CSReduxKitTestSupport
import Foundation
import Testing

// The effects examples of docs/middleware-and-async.md, on a small search module.

/// The search module's state: the hits of the last query, the details of the item shown.
struct SearchState: StateProtocol, Equatable {
  var hits: [String] = []
  var details: String?
}

enum SearchAction: Int, CaseIterable, Sendable {
  /// Payload: the hits, a `[String]`.
  case showHits
  /// Payload: the details, a `String`.
  case showDetails
}

let searchReducer = InPlaceReducer<SearchState> { action, state in
  switch SearchAction(rawValue: action.type) {
  case .showHits: state.hits = try action.payload(as: [String].self)
  case .showDetails: state.details = try action.payload(as: String.self)
  case nil: break
  }
}

/// A stand-in for a catalogue service. A test can hold a query's answer at a door: its hits
/// wait there whether or not the search was cancelled (a late answer), its details wait there
/// until the load is cancelled.
final class ItemCatalogue: Sendable {
  private let items = ["Milk", "Milk chocolate", "Mint", "Eggs"]
  private let held = Locked<[String: Door]>([:])

  func hold(_ key: String, at door: Door) {
    held.withLock { $0[key] = door }
  }

  func hits(for query: String) async throws -> [String] {
    if let door = held.withLock({ $0[query] }) { await door.wait() }
    return items.filter { $0.lowercased().hasPrefix(query.lowercased()) }
  }

  func details(of item: String) async throws -> String {
    if let door = held.withLock({ $0[item] }) { try await door.waitUnlessCancelled() }
    return "\(item): in aisle 3"
  }
}

let catalogue = ItemCatalogue()

// example: details-screen
/// The identity of the load of one item's details.
struct DetailsLoad: Hashable, Sendable {
  let item: String
}

/// A screen that shows an item's details: its load lasts as long as the screen.
final class DetailsScreen: Sendable {
  let store: Store<SearchState>
  let item: String

  init(store: Store<SearchState>, item: String) {
    self.store = store
    self.item = item
    store.dispatch(
      .effect(id: DetailsLoad(item: item)) { context in
        let details = try await catalogue.details(of: item)
        context.dispatch(Action(SearchAction.showDetails, data: details))
      })
  }

  deinit {
    store.cancelEffects(id: DetailsLoad(item: item))
  }
}
// end-example

@Suite("The guides' examples: effects")
struct EffectGuideTests {
  @Test("docs/middleware-and-async.md: a search cancels the one in flight; late hits are dropped")
  func searchCancelsInFlight() async throws {
    let store = Store(state: SearchState(), reducer: searchReducer)
    let printed = Locked<[String]>([])
    @Sendable func print(_ hits: [String]) { printed.append("\(hits)") }
    // The hits for "mi" come back only after those for "milk" are shown: a late answer.
    let milkShown = Door()
    catalogue.hold("mi", at: milkShown)
    store.subscribe { _, state in
      if state.hits.contains("Milk"), !state.hits.contains("Mint") { milkShown.open() }
    }

    // example: search
    /// One search at a time: a new query cancels the one in flight.
    struct ItemSearch: Hashable, Sendable {}

    func search(_ query: String) -> Thunk<SearchState> {
      Thunk.effect(id: ItemSearch(), cancelInFlight: true) { context in
        let hits = try await catalogue.hits(for: query)
        context.dispatch(Action(SearchAction.showHits, data: hits))
      }
    }

    store.dispatch(search("mi"))
    store.dispatch(search("milk"))  // cancels the search for "mi"
    try await store.waitUntilIdle()
    print(store.state.hits)  // ["Milk", "Milk chocolate"], never "mi"'s
    // end-example

    #expect(printed.current == [#"["Milk", "Milk chocolate"]"#])
  }

  @Test("docs/middleware-and-async.md: a screen's load is cancelled when the screen goes")
  func loadTiedToAScreen() async throws {
    let diagnostics = Locked<[StoreDiagnostic]>([])
    let store = Store(
      state: SearchState(), reducer: searchReducer,
      diagnostics: { diagnostics.append($0) })
    let answer = Door()
    catalogue.hold("Caviar", at: answer)

    var screen: DetailsScreen? = DetailsScreen(store: store, item: "Caviar")
    #expect(store.runningEffects.count == 1)
    _ = screen
    screen = nil
    // Cancelled, the load may end at once and leave the list: what still runs is cancelled.
    let uncancelled = store.runningEffects.filter { !$0.isCancelled }
    #expect(uncancelled.isEmpty, "the screen's deinit cancels")
    answer.open()  // too late: the answer is dropped
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(store.state.details == nil)
    #expect(diagnostics.current.isEmpty, "a cancelled load is not an error")

    let shown = DetailsScreen(store: store, item: "Eggs")
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(store.state.details == "Eggs: in aisle 3")
    _ = shown
  }
}
