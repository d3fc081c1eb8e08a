import CSReduxKit
import CSReduxKitTestSupport
import Testing

// The screen-scoped feature store of docs/screen-scoped-stores.md: an app store (the parent)
// and a detail screen's store (the child), made when the screen opens and dropped when it
// closes. The churn test opens and closes thousands of these screens.

// example: screen-states
struct ShellState: StateProtocol, Codable, Equatable {
  var userName = "ada"
  var closedItems: [String] = []
}

enum ShellAction: Int, CaseIterable {
  case signIn, signOut, detailClosed
}

struct DetailState: StateProtocol, Codable, Equatable {
  var item: String
  var userName = ""
  var notes: [String] = []
  var isLoading = false
  var isClosed = false
}

enum DetailAction: Int, CaseIterable {
  case showUser, load, loaded, addNote, close
}
// end-example

let shellReducer = Reducer<ShellState> { action, state, finish in
  var state = state
  switch ShellAction(rawValue: action.type) {
  case .signIn: state.userName = (action.data as? String) ?? ""
  case .signOut: state.userName = ""
  case .detailClosed:
    // Only the last few are kept: the app store's state does not grow with the screens.
    state.closedItems = Array(
      (state.closedItems + [(action.data as? String) ?? ""]).suffix(3))
  case nil: break
  }
  finish(state)
}

// example: screen-reducer
let detailReducer = Reducer<DetailState> { action, state, finish in
  var state = state
  switch DetailAction(rawValue: action.type) {
  case .showUser: state.userName = (action.data as? String) ?? ""
  case .load: state.isLoading = true
  case .loaded:
    state.notes = (action.data as? [String]) ?? []
    state.isLoading = false
  case .addNote: state.notes.append((action.data as? String) ?? "")
  case .close: state.isClosed = true
  case nil: break
  }
  finish(state)
}

/// The screen's effect: loads the item's notes.
func loadNotes(of item: String) -> Thunk<DetailState> {
  .effect { context in
    context.dispatch(Action(DetailAction.load))
    await Task.yield()  // the work an app awaits: a network call, a file
    context.dispatch(
      Action(DetailAction.loaded, data: ["notes about \(item)"]))
  }
}
// end-example

var detailCodec: ActionLogCodec<DetailState> {
  var codec = ActionLogCodec<DetailState>()
  codec.register(DetailAction.showUser, payload: String.self)
  codec.register(DetailAction.load)
  codec.register(DetailAction.loaded, payload: [String].self)
  codec.register(DetailAction.addNote, payload: String.self)
  codec.register(DetailAction.close)
  return codec
}

var shellCodec: ActionLogCodec<ShellState> {
  var codec = ActionLogCodec<ShellState>()
  codec.register(ShellAction.signIn, payload: String.self)
  codec.register(ShellAction.signOut)
  codec.register(ShellAction.detailClosed, payload: String.self)
  return codec
}

// example: screen-open
/// A detail screen: its feature store, and what ties it to the app.
final class DetailScreen: Sendable {
  let store: Store<DetailState>
  let coordinator: StoreCoordinator
  let follow: Subscription
  let delegate: Subscription

  /// Made by the parent, with what the screen needs: the item, the app
  /// store to follow, the coordinator and the timeline.
  init(
    item: String, app: Store<ShellState>,
    coordinator: StoreCoordinator, timeline: Timeline?
  ) throws {
    let store = Store(
      state: DetailState(item: item), reducer: detailReducer,
      name: "Detail")
    self.store = store
    self.coordinator = coordinator
    // One name for every visit: the timeline gives the screen one lane.
    try timeline?.record(store, codec: detailCodec)
    // App-wide actions: signing out closes the screen.
    coordinator.register(store) { action in
      action.type == ShellAction.signOut.rawValue
        ? Action(DetailAction.close) : nil
    }
    // The part of the parent's state the screen shows.
    follow = coordinator.follow(
      app, select: { $0.userName }, in: store
    ) { name in Action(DetailAction.showUser, data: name) }
    // The delegate action: the child tells the parent it is done.
    delegate = store.subscribe(to: .cases(DetailAction.close)) {
      [weak app] _, state in
      app?.dispatch(Action(ShellAction.detailClosed, data: state.item))
    }
    store.dispatch(loadNotes(of: item))
  }
}
// end-example

// example: screen-close
extension DetailScreen {
  /// Ends at once what dropping the screen ends anyway: the follow, the
  /// registration, the delegate and the running effects.
  func tearDown() {
    follow.cancel()
    delegate.cancel()
    coordinator.unregister(store)
    _ = store.cancelAllEffects()
  }
}
// end-example

/// The app of the churn test and the guide: an app store, recorded in a timeline, and a
/// coordinator, with one subscriber of the app's own.
final class ScreenApp: Sendable {
  let app: Store<ShellState>
  let coordinator = StoreCoordinator(diagnostics: { _ in })
  let timeline: Timeline
  let own: Subscription

  init(timelineCapacity: Int = 1_000) throws {
    app = Store(state: ShellState(), reducer: shellReducer, name: "App", diagnostics: { _ in })
    timeline = Timeline(capacity: timelineCapacity)
    try timeline.record(app, codec: shellCodec)
    coordinator.register(app)
    own = app.subscribe { _, _ in }
  }

  /// Opens a screen for `item`, runs its five actions (the user shown, the notes loading and
  /// loaded, a note, close) and lets it go; returns the screen's store, held weakly. The
  /// screen also keeps an action log of its store and an owner-bound subscription to the app
  /// store, as a screen's view would: both must go with it.
  func visit(_ item: String) async throws -> WeakBox<Store<DetailState>> {
    let screen = try DetailScreen(
      item: item, app: app, coordinator: coordinator, timeline: timeline)
    let log = ActionLog(recording: screen.store, capacity: 8)
    app.subscribe(owner: screen.store) { _, _, _ in }
    defer { withExtendedLifetime(log) {} }
    try await screen.store.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    _ = await screen.store.send(Action(DetailAction.addNote, data: "seen"))
    _ = await screen.store.send(Action(DetailAction.close))
    return WeakBox(screen.store)
  }
}

/// A weak reference to a store a test expects to be freed.
final class WeakBox<Object: AnyObject>: @unchecked Sendable {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}

@Suite("A screen-scoped feature store, step by step")
struct ScreenScopedStoreTests {
  @Test("the parent makes the screen with what it needs; it starts following the app store")
  func madeByTheParent() async throws {
    let shell = try ScreenApp()
    let screen = try DetailScreen(
      item: "Milk", app: shell.app, coordinator: shell.coordinator, timeline: shell.timeline)
    try await screen.store.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    #expect(screen.store.state.item == "Milk")
    #expect(screen.store.state.userName == "ada")
    #expect(screen.store.state.notes == ["notes about Milk"])
    #expect(shell.coordinator.storeNames == ["App", "Detail"])
    #expect(shell.timeline.storeNames == ["App", "Detail"])
  }

  @Test("the screen follows the parent's state, and receives the app's broadcasts")
  func followsTheParent() async throws {
    let shell = try ScreenApp()
    let screen = try DetailScreen(
      item: "Milk", app: shell.app, coordinator: shell.coordinator, timeline: nil)
    _ = await shell.app.send(Action(ShellAction.signIn, data: "grace"))
    #expect(screen.store.state.userName == "grace")
    shell.coordinator.broadcast(Action(ShellAction.signOut))
    try await screen.store.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    #expect(screen.store.state.isClosed)
  }

  @Test("the child's delegate action tells the parent it is done")
  func delegatesToTheParent() async throws {
    let shell = try ScreenApp()
    let screen = try DetailScreen(
      item: "Milk", app: shell.app, coordinator: shell.coordinator, timeline: nil)
    _ = await screen.store.send(Action(DetailAction.close))
    try await shell.app.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(shell.app.state.closedItems == ["Milk"])
  }

  @Test("torn down, the screen leaves nothing: follow, registration, effects, recording")
  func tornDownLeavesNothing() async throws {
    let shell = try ScreenApp()
    let before = shell.app.subscriberCount
    weak var weakStore: Store<DetailState>?
    do {
      let screen = try DetailScreen(
        item: "Milk", app: shell.app, coordinator: shell.coordinator, timeline: shell.timeline)
      // An effect that would run for ever: the teardown cancels it.
      screen.store.dispatch(
        .effect { _ in
          try await Task.sleep(for: .seconds(hangBound))
        })
      #expect(screen.store.runningEffects.count >= 1)
      #expect(shell.app.subscriberCount == before + 1)
      screen.tearDown()
      try await screen.store.waitUntilIdle(
        timeout: .seconds(hangBound), includingEffects: true)
      #expect(screen.store.runningEffects.isEmpty)
      #expect(shell.app.subscriberCount == before)
      #expect(shell.coordinator.storeNames == ["App"])
      weakStore = screen.store
    }
    #expect(weakStore == nil)
    #expect(shell.coordinator.keptFollowCount == 0)
  }

  @Test("dropped without a teardown, the screen's store is freed and its follow ends")
  func droppedLeavesNothing() async throws {
    let shell = try ScreenApp()
    let before = shell.app.subscriberCount
    let gone = try await shell.visit("Milk")
    #expect(gone.object == nil)
    #expect(shell.app.subscriberCount == before)
    #expect(shell.coordinator.storeNames == ["App"])
    #expect(shell.app.state.closedItems == ["Milk"])
  }

  @Test("a screen opened twice is recorded twice, in one lane, each visit from its own state")
  func openedTwiceIsRecordedTwice() async throws {
    let shell = try ScreenApp()
    _ = try await shell.visit("Milk")
    _ = try await shell.visit("Bread")
    #expect(shell.timeline.storeNames == ["App", "Detail"])
    let starts = shell.timeline.entries.filter {
      $0.storeName == "Detail" && $0.action.type == StateReplacedAction.type
    }
    #expect(starts.compactMap { ($0.state as? DetailState)?.item } == ["Bread"])
    let items = Set(
      shell.timeline.entries.compactMap { ($0.state as? DetailState)?.item })
    #expect(items == ["Milk", "Bread"])
  }
}
