import CSReduxKit
import CSReduxKitTestSupport
import Dispatch
import Testing

// The examples of docs/getting-started.md, concepts.md, threading-and-ordering.md,
// middleware-and-async.md, the two migration guides, and the DocC articles, compiled and run.
// `.ci/check-doc-examples` checks that each region between `// example: NAME` and
// `// end-example` is a code block of a guide, line for line. The getting-started regions are
// the files a new user writes; their public declarations are what a library module exports.

// MARK: docs/getting-started.md: the ShoppingList module

// example: shopping-state
/// Everything the shopping list module shows.
public struct ShoppingState: StateProtocol, Equatable {
  /// The items to buy, in the order they were added.
  public var items: [String] = []

  /// An empty list.
  public init() {}
}
// end-example

// example: shopping-action
/// The module's action types: each case's raw value is an action's `type`.
public enum ShoppingAction: Int, CaseIterable, Sendable {
  /// Adds an item at the end. Payload: the item, a `String`.
  case add
  /// Removes an item. Payload: its row, an `Int`.
  case remove
  /// Removes every item. No payload.
  case clear
}
// end-example

// example: shopping-reducer
/// The error for a row that is not in the list.
struct NoSuchRow: Error {
  let row: Int
}

/// The module's logic: computes the next state and hands it to `finish`.
struct ShoppingReducer: ReducerProtocol {
  func execute(action: any ActionProtocol, state: ShoppingState, finish: Finish<ShoppingState>) {
    var state = state
    do {
      switch ShoppingAction(rawValue: action.type) {
      case .add:
        state.items.append(try action.payload(as: String.self))
      case .remove:
        let row = try action.payload(as: Int.self)
        guard state.items.indices.contains(row) else { throw NoSuchRow(row: row) }
        state.items.remove(at: row)
      case .clear:
        state.items.removeAll()
      case nil:
        break  // not one of ours: nothing changes
      }
      finish(state)
    } catch {
      finish.fail(error)  // the state stays as it was; the store reports the error
    }
  }
}
// end-example

// example: shopping-store
/// The shopping list module's store: one per module, created by the module.
public final class ShoppingStore: Store<ShoppingState>, @unchecked Sendable {
  /// Creates the store with an empty list.
  ///
  /// - Parameter diagnostics: Receives the store's reports; `nil` (the
  ///   default) sends them to standard error.
  public init(diagnostics: StoreDiagnostic.Handler? = nil) {
    super.init(
      state: ShoppingState(), reducer: ShoppingReducer(),
      actions: ActionTypes(ShoppingAction.self), diagnostics: diagnostics)
  }
}
// end-example

// example: shopping-view-controller
/// The list screen. In an iOS app it subclasses `UIViewController`, which is
/// `@MainActor`; here `title` and `rows` stand in for its label and table.
@MainActor
final class ShoppingListViewController {
  let store: ShoppingStore
  private(set) var title = ""
  private(set) var rows: [String] = []

  init(store: ShoppingStore) {
    self.store = store
  }

  func viewDidLoad() {
    // Ends with the controller: no token to keep, no cancel in deinit.
    store.subscribeOnMainActor(owner: self) { controller, _, state in
      controller.show(state)
    }
    show(store.state)
  }

  func addTapped(_ name: String) {
    store.dispatch(Action(ShoppingAction.add, data: name))
    // The subscriber ran before dispatch returned: title and rows show
    // the new item now, in this same turn of the main actor.
  }

  private func show(_ state: ShoppingState) {
    title = "\(state.items.count) to buy"
    rows = state.items
  }
}
// end-example

// example: shopping-tests
@Suite("Shopping list")
struct ShoppingListTests {
  @Test("items are added at the end and removed by row")
  func addAndRemove() {
    let store = ShoppingStore()
    store.dispatch(Action(ShoppingAction.add, data: "Milk"))
    store.dispatch(Action(ShoppingAction.add, data: "Eggs"))
    store.dispatch(Action(ShoppingAction.remove, data: 0))
    #expect(store.state.items == ["Eggs"])  // the reducer finished synchronously
  }

  @Test("a row out of range is reported and changes nothing")
  func rowOutOfRange() async {
    await confirmation("the store reports the bad row") { reported in
      let store = ShoppingStore { diagnostic in
        #expect(diagnostic.kind == .reducerFailed)
        reported()
      }
      store.dispatch(Action(ShoppingAction.remove, data: 5))
      #expect(store.state.items.isEmpty)
    }
  }

  @Test("subscribers to add hear about every add and nothing else")
  func subscribers() async {
    let store = ShoppingStore()
    await confirmation("notified", expectedCount: 2) { notified in
      let subscription = store.subscribe(to: .cases(ShoppingAction.add)) { _, _ in notified() }
      store.dispatch(Action(ShoppingAction.add, data: "Milk"))
      store.dispatch(Action(ShoppingAction.add, data: "Eggs"))
      store.dispatch(Action(ShoppingAction.clear))
      subscription.cancel()
    }
  }
}
// end-example

// MARK: Shared by concepts.md, threading-and-ordering.md and the DocC articles

// example: slow-reducer
/// The shopping reducer, finishing later on another thread, as a reducer that waits for a
/// server would.
let slowShoppingReducer = Reducer<ShoppingState> { action, state, finish in
  DispatchQueue.global().async {
    // … slow work …
    ShoppingReducer().execute(action: action, state: state, finish: finish)
  }
}
// end-example

// example: testing-async
@Test("an asynchronous reducer's actions are applied in dispatch order")
func asynchronousReducerKeepsOrder() async throws {
  let store = Store(state: ShoppingState(), reducer: slowShoppingReducer)
  store.dispatch(Action(ShoppingAction.add, data: "Milk"))
  store.dispatch(Action(ShoppingAction.add, data: "Eggs"))
  let state = await store.send(Action(ShoppingAction.add, data: "Bread")).state
  #expect(state.items == ["Milk", "Eggs", "Bread"])
  try await store.waitUntilIdle()
  #expect(store.isIdle)
}
// end-example

/// A view object for the examples: it keeps what it was last asked to show.
final class ItemsView: Sendable {
  let shown = Locked<[String]>([])

  func show(_ items: [String]) { shown.withLock { $0 = items } }
}

/// A stand-in for a service the examples wait for.
func loadSavedItems() async -> [String] {
  ["Milk", "Eggs"]
}

/// A stand-in for a stock check the examples wait for.
func isInStock(_ item: String) async -> Bool {
  item != "Caviar"
}

struct OutOfStock: Error {
  let item: String
}

// MARK: docs/getting-started.md, docs/concepts.md, docs/threading-and-ordering.md

@Suite("The guides' examples: getting started, concepts, threading")
struct DocGuideTests {
  @Test("docs/getting-started.md: the view controller shows an item when dispatch returns")
  @MainActor func gettingStartedViewController() {
    weak var released: ShoppingListViewController?
    let store = ShoppingStore()
    do {
      let controller = ShoppingListViewController(store: store)
      released = controller
      controller.viewDidLoad()
      #expect(controller.title == "0 to buy")
      controller.addTapped("Milk")
      #expect(controller.title == "1 to buy")
      #expect(controller.rows == ["Milk"])
      controller.addTapped("Eggs")
      #expect(controller.rows == ["Milk", "Eggs"])
    }
    #expect(released == nil, "the store does not keep the controller")
    store.dispatch(Action(ShoppingAction.add, data: "Tea"))
    #expect(store.subscriberCount == 0)
  }

  // The program reports its bad row on standard error, as the guide says: it runs in a child
  // process, whose standard error is checked here instead of printed with the test log.
  #if os(macOS) || os(Linux) || os(Windows)
    @Test("docs/getting-started.md: the program prints every change")
    func gettingStartedProgram() async {
      let result = await #expect(
        processExitsWith: .success, observing: [\.standardErrorContent]
      ) {
        let printed = Locked<[String]>([])
        @Sendable func print(_ line: String) { printed.append(line) }

        // example: shopping-main
        let store = ShoppingStore()
        let subscription = store.subscribe { action, state in
          let name = ShoppingAction(rawValue: action.type).map { "\($0)" } ?? "\(action.type)"
          let outcome = action is RejectedAction ? "rejected" : "applied"
          print("\(name) \(outcome): \(state.items)")
        }
        store.dispatch(Action(ShoppingAction.add, data: "Milk"))
        store.dispatch(Action(ShoppingAction.add, data: "Eggs"))
        store.dispatch(Action(ShoppingAction.remove, data: 0))
        store.dispatch(Action(ShoppingAction.remove, data: 5))  // no such row: reported
        print("now: \(store.state.items)")
        subscription.cancel()
        // end-example

        #expect(
          printed.current == [
            #"add applied: ["Milk"]"#,
            #"add applied: ["Milk", "Eggs"]"#,
            #"remove applied: ["Eggs"]"#,
            #"remove rejected: ["Eggs"]"#,
            #"now: ["Eggs"]"#,
          ], "the program printed: \(printed.current)")
      }
      let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        standardError.split(separator: "\n").map(String.init) == [
          "CSReduxKit: ShoppingStore: action 1 (remove): the reducer failed: NoSuchRow(row: 5). "
            + "The state was left unchanged. Check the action's payload and the state it "
            + "applies to."
        ])
    }
  #endif

  @Test("docs/concepts.md: actions carry a type and a payload")
  func actions() throws {
    // example: concepts-action
    let add = Action(ShoppingAction.add, data: "Milk")
    let remove = Action(type: 1, data: 0)  // the same as Action(ShoppingAction.remove, data: 0)
    let item = try add.payload(as: String.self)  // "Milk"
    let wrong = Result { try remove.payload(as: String.self) }
    // .failure(PayloadError): "action 1: expected String payload, found Int"
    // end-example
    #expect(item == "Milk")
    #expect(remove.type == ShoppingAction.remove.rawValue)
    #expect(throws: PayloadError.self) { try wrong.get() }
  }

  @Test("docs/concepts.md: the ways to subscribe")
  func subscribing() {
    let printed = Locked<[String]>([])
    @Sendable func print(_ line: String) { printed.append(line) }
    let store = ShoppingStore()
    let view = ItemsView()

    // example: concepts-subscribe
    let everything = store.subscribe { action, state in
      print("action \(action.type): \(state.items)")
    }
    let adds = store.subscribe(to: .cases(ShoppingAction.add)) { action, state in
      print("added \(action.data ?? "nothing")")
    }
    let count = store.subscribe(select: { $0.items.count }) { count, action in
      print("\(count) items")  // only when the count changed
    }
    let changes = ActionFilter.cases(ShoppingAction.add, .remove, .clear)
    store.subscribe(owner: view, to: changes) { view, _, state in
      view.show(state.items)  // ends by itself once the view is gone
    }

    store.dispatch(Action(ShoppingAction.add, data: "Milk"))
    everything.cancel()
    adds.cancel()
    store.unsubscribe(count)  // the same as count.cancel()
    // end-example

    #expect(printed.current == [#"action 0: ["Milk"]"#, "added Milk", "1 items"])
    #expect(view.shown.current == ["Milk"])
    #expect(store.subscriberCount == 1)
  }

  @Test("docs/threading-and-ordering.md: an asynchronous reducer keeps dispatch order")
  func threading() async {
    let printed = Locked<[String]>([])
    @Sendable func print(_ line: String) { printed.append(line) }

    // example: threading
    let store = Store(state: ShoppingState(), reducer: slowShoppingReducer, name: "Shopping")
    store.dispatch(Action(ShoppingAction.add, data: "Milk"))  // returns at once
    store.dispatch(Action(ShoppingAction.add, data: "Eggs"))  // waits in the queue
    print("\(store.state.items)")  // whatever is committed so far; reading never waits
    store.dispatch(Action(ShoppingAction.remove, data: 0)) { state in
      print("after remove: \(state.items)")  // on the thread that committed it
    }
    let final = await store.send(Action(ShoppingAction.add, data: "Bread")).state
    print("after send: \(final.items)")  // Milk, Eggs, remove, Bread: in dispatch order
    // end-example

    let expected = [#"after remove: ["Eggs"]"#, #"after send: ["Eggs", "Bread"]"#]
    #expect(Array(printed.current.dropFirst()) == expected)
  }
}

// MARK: docs/middleware-and-async.md

// example: trimming-middleware
/// Drops empty items and cuts long ones, before any reducer sees them.
let trimmingMiddleware = Middleware<ShoppingState> { action, context in
  guard action.type == ShoppingAction.add.rawValue, let text = action.data as? String else {
    context.next(action)  // not an add with a String: pass it on unchanged
    return
  }
  if text.isEmpty { return }  // dropped: the reducer never sees it
  context.next(Action(ShoppingAction.add, data: String(text.prefix(40))))  // transformed
}
// end-example

@Suite("The guides' examples: middleware and async")
struct MiddlewareGuideTests {
  @Test("docs/middleware-and-async.md: middleware transforms and drops actions")
  func middleware() {
    // example: middleware-store
    let store = Store(
      state: ShoppingState(), reducer: ShoppingReducer(), name: "Shopping",
      actions: ActionTypes(ShoppingAction.self),
      middleware: [trimmingMiddleware, .logging()])
    store.dispatch(Action(ShoppingAction.add, data: ""))  // dropped by trimmingMiddleware
    store.dispatch(Action(ShoppingAction.add, data: "Milk"))
    // prints: [Shopping] 0 (add) "Milk" committed in 3.1 µs
    // end-example
    #expect(store.state.items == ["Milk"])
  }

  @Test("docs/middleware-and-async.md: an async thunk loads and sends")
  func thunk() async {
    let store = Store(
      state: ShoppingState(), reducer: ShoppingReducer())
    let updates = store.updates(of: .cases(ShoppingAction.add))

    // example: thunk
    store.dispatch(
      .effect { context in
        let saved = await loadSavedItems()
        for item in saved where !context.state.items.contains(item) {
          let state = await context.send(Action(ShoppingAction.add, data: item)).state
          print("restored \(item): \(state.items.count) items")
        }
      })
    // end-example

    var seen = 0
    for await _ in updates {
      seen += 1
      if seen == 2 { break }
    }
    #expect(store.state.items == ["Milk", "Eggs"])
  }

  @Test("docs/middleware-and-async.md: an asynchronous reducer, awaited with send")
  func asynchronousReducer() async {
    // example: async-reducer
    let stockChecking = Reducer<ShoppingState> { action, state, finish in
      guard action.type == ShoppingAction.add.rawValue, let item = action.data as? String else {
        ShoppingReducer().execute(action: action, state: state, finish: finish)
        return
      }
      Task {  // the store waits for finish; later actions queue up meanwhile
        if await isInStock(item) {
          ShoppingReducer().execute(action: action, state: state, finish: finish)
        } else {
          finish.fail(OutOfStock(item: item))
        }
      }
    }
    let store = Store(state: ShoppingState(), reducer: stockChecking, diagnostics: { _ in })
    store.dispatch(Action(ShoppingAction.add, data: "Caviar"))  // fails later: not in stock
    let state = await store.send(Action(ShoppingAction.add, data: "Milk")).state
    print(state.items)  // ["Milk"]
    // end-example
    #expect(state.items == ["Milk"])
  }

  @Test("docs/middleware-and-async.md: updates as an asynchronous sequence")
  func updates() async {
    let store = ShoppingStore()
    let view = ItemsView()
    // example: updates
    let updates = store.updates(of: .cases(ShoppingAction.add, .remove))
    let follower = Task {
      for await (_, state) in updates {
        view.show(state.items)
        if state.items.isEmpty { break }
      }
    }
    store.dispatch(Action(ShoppingAction.add, data: "Milk"))
    store.dispatch(Action(ShoppingAction.remove, data: 0))
    await follower.value  // the loop saw ["Milk"], then []
    // end-example
    #expect(view.shown.current.isEmpty)
  }
}

// MARK: docs/migrating-from-csreduxkit.md and docs/migrating-from-reswift.md

// example: reswift-action
/// An action as a type of its own, like a ReSwift action: the store reads
/// its type and data.
struct AddItem: ActionProtocol {
  let item: String
  var type: Int { ShoppingAction.add.rawValue }
  var data: (any Sendable)? { item }
}
// end-example

// example: reswift-reducer
/// A ReSwift-style function from an action and a state to the next state. It
/// reads the action by type and payload, which an imported log's actions have
/// too, and throws for a payload it cannot use.
func shoppingReduce(
  _ action: any ActionProtocol, _ state: ShoppingState
) throws -> ShoppingState {
  var state = state
  switch ShoppingAction(rawValue: action.type) {
  case .add: state.items.append(try action.payload(as: String.self))
  case .clear: state.items.removeAll()
  case .remove, nil: break
  }
  return state
}

let pureShoppingReducer = Reducer<ShoppingState> { action, state, finish in
  do {
    finish(try shoppingReduce(action, state))
  } catch {
    finish.fail(error)  // the state stays as it was; the store reports it
  }
}
// end-example

// example: reswift-enum-action
/// A to-do list module whose actions are one enum, as in many ReSwift apps.
struct TodoListState: StateProtocol, Codable, Equatable {
  var titles: [String] = []
  var done: [Bool] = []
}

enum TodoListAction: EnumAction, Codable, Equatable {
  case add(title: String)
  case check(row: Int)
  case rename(row: Int, title: String)
  case remove(row: Int)

  /// The action types: one per case; their raw values are the actions' `type`.
  enum Kind: Int, CaseIterable, Sendable {
    case add, check, rename, remove
  }

  var kind: Kind {
    switch self {
    case .add: .add
    case .check: .check
    case .rename: .rename
    case .remove: .remove
    }
  }
}
// end-example

// example: reswift-enum-reducer
struct NoSuchTodo: Error {
  let row: Int
}

/// The ReSwift reducer's switch, over `TodoListAction(action)`: the same for
/// an action dispatched now and one read back from an exported log.
let todoListReducer = InPlaceReducer<TodoListState> { action, state in
  switch try TodoListAction(action) {
  case .add(let title)?:
    state.titles.append(title)
    state.done.append(false)
  case .check(let row)?:
    guard state.done.indices.contains(row) else { throw NoSuchTodo(row: row) }
    state.done[row] = true
  case .rename(let row, let title)?:
    guard state.titles.indices.contains(row) else { throw NoSuchTodo(row: row) }
    state.titles[row] = title
  case .remove(let row)?:
    guard state.titles.indices.contains(row) else { throw NoSuchTodo(row: row) }
    state.titles.remove(at: row)
    state.done.remove(at: row)
  case nil:
    break  // not one of this module's action types
  }
}
// end-example

/// The shopping state, written to action logs by the migration guide's round-trip tests.
extension ShoppingState: Codable {}

@Suite("The guides' examples: migrating")
struct MigrationGuideTests {
  @Test("docs/migrating-from-csreduxkit.md: subscribe, unsubscribe, dispatch")
  func fromCSReduxKit() {
    let printed = Locked<[String]>([])
    @Sendable func print(_ line: String) { printed.append(line) }

    // example: migrate-csreduxkit
    let store = ShoppingStore()  // was: [[ShoppingStore alloc] init]
    let subscription = store.subscribe { action, state in  // was: subscribe:^(action, state)
      print("\(action.type): \(state.items)")
    }
    store.dispatch(Action(ShoppingAction.add, data: "Milk"))  // was: dispatch:action
    store.unsubscribe(subscription)  // was: unSubscribe:block, which removed nothing
    store.dispatch(Action(ShoppingAction.add, data: "Eggs"))  // no longer printed
    // end-example
    #expect(printed.current == [#"0: ["Milk"]"#])
    #expect(store.subscriberCount == 0)
  }

  @Test("docs/migrating-from-reswift.md: store, typed actions, selection, middleware, thunks")
  func fromReSwift() {
    let printed = Locked<[String]>([])
    @Sendable func print(_ line: String) { printed.append(line) }

    // example: reswift-store
    let store = Store(
      state: ShoppingState(), reducer: pureShoppingReducer,
      middleware: [
        Middleware { action, context in  // ReSwift: { dispatch, getState in { next in { action in
          print("\(context.state.items.count) items before action \(action.type)")
          context.next(action)
        }
      ])
    let subscription = store.subscribe(select: { $0.items }) { items, _ in
      print("items: \(items)")  // called only when items changed, like skipRepeats
    }
    store.dispatch(AddItem(item: "Milk"))
    store.dispatch(
      Thunk { context in  // ReSwift-Thunk: Thunk { dispatch, getState in … }
        if context.state.items.count < 2 { context.dispatch(AddItem(item: "Eggs")) }
      })
    subscription.cancel()
    // end-example
    #expect(
      printed.current == [
        "0 items before action 0", #"items: ["Milk"]"#,
        // The thunk goes through the middleware, then runs: type Int.min.
        "1 items before action \(Int.min)", "1 items before action 0",
        #"items: ["Milk", "Eggs"]"#,
      ])
  }
}

@Suite("The guides' examples: migrating from ReSwift, through an action log")
struct MigrationRoundTripTests {
  @Test("docs/migrating-from-reswift.md: enum actions are exported, imported and replayed")
  func enumActionsRoundTrip() async throws {
    let printed = Locked<[String]>([])
    @Sendable func print(_ line: String) { printed.append(line) }

    // example: reswift-enum-session
    let store = Store(
      state: TodoListState(), reducer: todoListReducer,
      actions: ActionTypes(TodoListAction.Kind.self))
    let log = ActionLog(recording: store)
    let removals = store.subscribe(to: .cases(TodoListAction.Kind.remove)) { _, state in
      print("removed; left: \(state.titles)")
    }
    store.dispatch(TodoListAction.add(title: "Milk"))
    store.dispatch(TodoListAction.add(title: "Eggs"))
    store.dispatch(TodoListAction.check(row: 0))
    store.dispatch(TodoListAction.rename(row: 1, title: "Bread"))
    store.dispatch(TodoListAction.remove(row: 0))
    removals.cancel()

    var codec = ActionLogCodec<TodoListState>(actions: store.declaredActions)
    codec.register(TodoListAction.self)  // every case; the payload is the enum
    let text = try codec.encode(log.recording)  // or codec.write(_:to:)
    let imported = try codec.decode(text)  // or codec.read(from:)
    let fresh = Store(state: TodoListState(), reducer: todoListReducer)
    try await imported.replay(into: fresh)  // throws ReplayMismatch if it differs
    // end-example

    #expect(printed.current == [#"removed; left: ["Bread"]"#])
    #expect(fresh.state == TodoListState(titles: ["Bread"], done: [false]))
    #expect(text.contains(#""name":"rename","payload":{"rename":{"row":1,"title":"Bread"}}"#))
    // The imported actions are plain `Action`s; the enum reads them as they were dispatched.
    #expect(imported.entries.allSatisfy { $0.action is Action })
    #expect(
      try imported.entries.map { try TodoListAction($0.action) } == [
        .add(title: "Milk"), .add(title: "Eggs"), .check(row: 0),
        .rename(row: 1, title: "Bread"), .remove(row: 0),
      ])
  }

  @Test("enum actions read back from a log travel in time: a jump, then a skipped entry")
  func enumActionsTimeTravel() async throws {
    let store = Store(state: TodoListState(), reducer: todoListReducer)
    let log = ActionLog(recording: store)
    for action: TodoListAction in [
      .add(title: "Milk"), .add(title: "Eggs"), .check(row: 0),
      .rename(row: 1, title: "Bread"), .remove(row: 0),
    ] {
      store.dispatch(action)
    }
    var codec = ActionLogCodec<TodoListState>()
    codec.register(TodoListAction.self)
    let imported = try codec.decode(try codec.encode(log.recording))

    // Replayed into a store with a log of its own, whose entries hold the imported actions
    // after a first one: the replay's reset to the recording's initial state.
    let fresh = Store(state: TodoListState(), reducer: todoListReducer, diagnostics: { _ in })
    let freshLog = ActionLog(recording: fresh)
    try await imported.replay(into: fresh)
    #expect(freshLog.entries.first?.isStateReplacement == true)
    try freshLog.jump(toEntry: 2)
    try await fresh.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(fresh.state == TodoListState(titles: ["Milk", "Eggs"], done: [false, false]))
    try freshLog.jump(toEntry: 5)
    // Without "Milk", the recomputation checks "Eggs", cannot rename row 1 and removes "Eggs".
    try freshLog.setSkipped(true, at: 1)
    try await fresh.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(fresh.state == TodoListState())
    #expect(freshLog.entries.map(\.isRejected) == [false, false, false, false, true, false])
  }

  @Test("docs/migrating-from-reswift.md: the pure reducer replays an exported and imported log")
  func pureReducerRoundTrip() async throws {
    let store = Store(
      state: ShoppingState(), reducer: pureShoppingReducer,
      actions: ActionTypes(ShoppingAction.self))
    let log = ActionLog(recording: store)
    store.dispatch(AddItem(item: "Milk"))
    store.dispatch(AddItem(item: "Eggs"))
    store.dispatch(Action(ShoppingAction.clear))
    store.dispatch(AddItem(item: "Tea"))
    var codec = ActionLogCodec<ShoppingState>(actions: store.declaredActions)
    codec.register(ShoppingAction.add, payload: String.self)
    codec.register(ShoppingAction.clear)
    let imported = try codec.decode(try codec.encode(log.recording))
    let fresh = Store(state: ShoppingState(), reducer: pureShoppingReducer)
    try await imported.replay(into: fresh)
    #expect(fresh.state.items == ["Tea"])
  }
}

// MARK: The DocC catalog's root page

@Test("CSReduxKitCore.docc: the overview example prints every change")
func overviewExample() {
  let printed = Locked<[String]>([])
  @Sendable func print(_ line: Any) { printed.append("\(line)") }

  // example: overview
  struct CounterState: StateProtocol {
    var count = 0
  }

  enum CounterAction: Int {
    case increment, add
  }

  let counterReducer = Reducer<CounterState> { action, state, finish in
    var state = state
    do {
      switch CounterAction(rawValue: action.type) {
      case .increment: state.count += 1
      case .add: state.count += try action.payload(as: Int.self)
      case nil: break
      }
      finish(state)  // now, or later from any thread
    } catch {
      finish.fail(error)  // a wrong payload: reported; the state stays as it was
    }
  }

  let store = Store(state: CounterState(), reducer: counterReducer)
  let subscription = store.subscribe { action, state in
    print("action \(action.type): count \(state.count)")
  }
  store.dispatch(Action(CounterAction.increment))  // prints "action 0: count 1"
  store.dispatch(Action(CounterAction.add, data: 41))  // prints "action 1: count 42"
  print(store.state.count)  // 42: the reducer finished synchronously, so it is committed
  subscription.cancel()
  // end-example

  #expect(printed.current == ["action 0: count 1", "action 1: count 42", "42"])

  // The reducer reads its payload: a wrong one fails the action instead of adding nothing.
  let failure = Locked<String?>(nil)
  counterReducer.execute(
    action: Action(CounterAction.add, data: "41"), state: CounterState(),
    finish: Finish { outcome in
      if case .failure(let error) = outcome { failure.withLock { $0 = "\(error)" } }
    })
  #expect(failure.current == "action 1: expected Int payload, found String")
}
