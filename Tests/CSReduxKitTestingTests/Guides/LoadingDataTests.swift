import CSReduxKit
import CSReduxKitTestSupport
import CSReduxKitTesting
import Testing

// The "Loading data" guide (docs/loading-data.md and the DocC article of the same name): a
// catalogue that loads from an injected API, shows isLoading and an error, retries, cancels
// the load in flight, and searches with a 300 ms debounce; tested with TestStore and
// TestClock, in no wall time.

// example: loading-state
struct CatalogState: StateProtocol, Equatable {
  var query = ""
  var items: [String] = []
  var isLoading = false
  var error: String?
}

enum CatalogAction: Int, CaseIterable {
  case loadStarted, loaded, loadFailed, loadCancelled, queryChanged
}

let catalogReducer = InPlaceReducer<CatalogState> { action, state in
  switch CatalogAction(rawValue: action.type) {
  case .loadStarted:
    state.isLoading = true
    state.error = nil
  case .loaded:
    state.isLoading = false
    state.items = try action.payload(as: [String].self)
  case .loadFailed:
    state.isLoading = false
    state.error = try action.payload(as: String.self)
  case .loadCancelled:
    state.isLoading = false
  case .queryChanged:
    state.query = try action.payload(as: String.self)
  case nil:
    break
  }
}
// end-example

// example: loading-dependencies
/// What the catalogue's effects need from the world.
struct CatalogAPI: Sendable {
  var items: @Sendable (_ query: String) async throws -> [String]
}

struct CatalogAPIKey: EffectDependencyKey {
  // The app's value; a real one would call the server.
  static let liveValue = CatalogAPI { _ in [] }
}

extension EffectDependencies {
  var catalogAPI: CatalogAPI {
    get { self[CatalogAPIKey.self] }
    set { self[CatalogAPIKey.self] = newValue }
  }
}
// end-example

// example: loading-thunks
enum Catalog {
  /// The identity of the load: a new one cancels the one in flight.
  struct Load: Hashable, Sendable {}
  /// The identity of the debounced search.
  struct Search: Hashable, Sendable {}

  /// Shows "loading" at once, then loads in an effect. loadStarted is
  /// committed before `dispatch` returns: the view shows it at once.
  static func load() -> Thunk<CatalogState> {
    Thunk { context in
      context.dispatch(Action(CatalogAction.loadStarted))
      context.dispatch(fetch(context.state.query))
    }
  }

  /// Retrying is loading again: loadStarted clears the error.
  static func retry() -> Thunk<CatalogState> { load() }

  /// The load itself; it reports an error as an action, for the view.
  static func fetch(_ query: String) -> Thunk<CatalogState> {
    .effect(id: Load(), cancelInFlight: true) { context in
      do {
        let api = context.dependencies.catalogAPI
        let items = try await api.items(query)
        context.dispatch(Action(CatalogAction.loaded, data: items))
      } catch is CancellationError {
        // Cancelled: whoever cancelled says what the state shows.
      } catch {
        context.dispatch(Action(CatalogAction.loadFailed, data: "\(error)"))
      }
    }
  }

  /// Stops the load in flight: the view went away, or the user said so.
  static func cancel() -> Thunk<CatalogState> {
    Thunk { context in
      guard context.cancelEffects(id: Load()) > 0 else { return }
      context.dispatch(Action(CatalogAction.loadCancelled))
    }
  }

  /// Shows the query at once, and loads once the user stopped typing for
  /// 300 ms: each keystroke cancels the search before it.
  static func search(_ query: String) -> Thunk<CatalogState> {
    Thunk { context in
      context.dispatch(Action(CatalogAction.queryChanged, data: query))
      context.dispatch(
        Thunk<CatalogState>.effect(id: Search(), cancelInFlight: true) {
          context in
          let clock = context.dependencies.clock
          try await clock.sleep(for: .milliseconds(300))
          context.dispatch(load())
        })
    }
  }
}
// end-example

// example: loading-view
/// A view of the catalogue: it loads when it appears, and stops the load
/// when it goes.
final class CatalogView: Sendable {
  let store: Store<CatalogState>

  init(store: Store<CatalogState>) {
    self.store = store
    store.dispatch(Catalog.load())
  }

  deinit {
    store.dispatch(Catalog.cancel())
  }
}
// end-example

struct Offline: Error, CustomStringConvertible {
  var description: String { "offline" }
}

// example: loading-test
/// A fake API: answers after 100 ms on the test's clock, or fails when
/// `offline` says so.
func fakeAPI(clock: TestClock, offline: Locked<Bool>) -> CatalogAPI {
  CatalogAPI { query in
    try await clock.sleep(for: .milliseconds(100))
    if offline.current { throw Offline() }
    let all = ["Tea", "Coffee", "Teapot"]
    return all.filter { query.isEmpty || $0.contains(query) }
  }
}

func catalogStore(
  clock: TestClock, offline: Locked<Bool>
) -> Store<CatalogState> {
  Store(
    state: CatalogState(), reducer: catalogReducer,
    actions: ActionTypes(CatalogAction.self),
    dependencies: EffectDependencies {
      $0.clock = clock
      $0.catalogAPI = fakeAPI(clock: clock, offline: offline)
    })
}

@Test("load, loaded, error, retry, cancel in flight, debounced search")
func catalogue() async {
  let clock = TestClock()
  let offline = Locked(false)
  let test = TestStore(
    catalogStore(clock: clock, offline: offline), timeout: .seconds(30))

  // Load: "loading" at once, the items once the API answers.
  await test.send(Catalog.load())
  await test.receive(CatalogAction.loadStarted) { $0.isLoading = true }
  await clock.advance(by: .milliseconds(100))
  await test.receive(CatalogAction.loaded) {
    $0.isLoading = false
    $0.items = ["Tea", "Coffee", "Teapot"]
  }

  // An error, then a retry that clears it.
  offline.withLock { $0 = true }
  await test.send(Catalog.load())
  await test.receive(CatalogAction.loadStarted) { $0.isLoading = true }
  await clock.advance(by: .milliseconds(100))
  await test.receive(CatalogAction.loadFailed) {
    $0.isLoading = false
    $0.error = "offline"
  }
  offline.withLock { $0 = false }
  await test.send(Catalog.retry())
  await test.receive(CatalogAction.loadStarted) {
    $0.isLoading = true
    $0.error = nil
  }
  await clock.advance(by: .milliseconds(100))
  await test.receive(CatalogAction.loaded) { $0.isLoading = false }

  // Typing "te", then "tea": the first search is cancelled in flight,
  // and only "tea" loads, 300 ms after the last keystroke.
  await test.send(Catalog.search("te"))
  await test.receive(CatalogAction.queryChanged) { $0.query = "te" }
  await clock.advance(by: .milliseconds(200))
  await test.send(Catalog.search("Tea"))
  await test.receive(CatalogAction.queryChanged) { $0.query = "Tea" }
  await clock.advance(by: .milliseconds(300))
  await test.receive(CatalogAction.loadStarted) { $0.isLoading = true }
  await clock.advance(by: .milliseconds(100))
  await test.receive(CatalogAction.loaded) {
    $0.isLoading = false
    $0.items = ["Tea", "Teapot"]
  }

  // Loading again while a load is in flight cancels it: one answer.
  await test.send(Catalog.load())
  await test.receive(CatalogAction.loadStarted) { $0.isLoading = true }
  await test.send(Catalog.load())
  await test.receive(CatalogAction.loadStarted)
  await clock.advance(by: .milliseconds(100))
  await test.receive(CatalogAction.loaded) { $0.isLoading = false }

  // The view goes while a load is in flight: the load is cancelled.
  await test.send(Catalog.load())
  await test.receive(CatalogAction.loadStarted) { $0.isLoading = true }
  await test.send(Catalog.cancel())
  await test.receive(CatalogAction.loadCancelled) { $0.isLoading = false }
  await test.finish()
}
// end-example

@Suite("The Loading data guide's catalogue")
struct LoadingDataTests {
  @Test("forgetting one receive fails at finish, naming the action")
  func forgottenReceive() async {
    let clock = TestClock()
    let test = TestStore(
      catalogStore(clock: clock, offline: Locked(false)), timeout: .seconds(hangBound))
    let issues = await recordedIssues {
      await test.send(Catalog.load())
      await test.receive(CatalogAction.loadStarted) { $0.isLoading = true }
      await clock.advance(by: .milliseconds(100))
      await test.finish()
    }
    #expect(
      issues == [
        "1 received action not asserted with receive:\n"
          + "  action 1 (loaded) with payload [\"Tea\", \"Coffee\", \"Teapot\"]"
      ])
  }

  @Test("loadStarted is committed when the dispatch of load returns: the view shows loading")
  func loadingIsVisibleAtOnce() async throws {
    let clock = TestClock()
    let store = catalogStore(clock: clock, offline: Locked(false))
    store.dispatch(Catalog.load())
    #expect(store.state.isLoading)
    await clock.run()
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(store.state.items == ["Tea", "Coffee", "Teapot"])
  }

  @Test("the view that goes away cancels the load in flight")
  func viewCancels() async {
    let clock = TestClock()
    let test = TestStore(
      catalogStore(clock: clock, offline: Locked(false)), timeout: .seconds(hangBound))
    var view: CatalogView? = CatalogView(store: test.store)
    await test.receive(CatalogAction.loadStarted) { $0.isLoading = true }
    #expect(view != nil)
    view = nil
    await test.receive(CatalogAction.loadCancelled) { $0.isLoading = false }
    await test.finish()
    #expect(clock.sleeperCount == 0)
  }
}
