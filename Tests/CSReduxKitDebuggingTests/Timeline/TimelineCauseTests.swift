import CSReduxKit
import CSReduxKitTestSupport
import Foundation
import Testing

/// The entry of `store` whose action has `type`, the `occurrence`-th one.
private func entry(
  _ timeline: Timeline, _ store: String, _ type: some RawRepresentable<Int>, occurrence: Int = 0
) -> TimelineEntry? {
  let matching = timeline.entries.filter {
    $0.storeName == store && $0.dispatchedAction.type == type.rawValue
  }
  return occurrence < matching.count ? matching[occurrence] : nil
}

/// An account store and a todo store, both recorded by one new timeline.
private func recordedAccountAndTodos() throws -> (
  Store<AccountState>, Store<TodoState>, Timeline
) {
  let account = accountStore()
  let todos = todoStore()
  let timeline = Timeline()
  try timeline.record(account, codec: accountCodec)
  try timeline.record(todos, codec: todosCodec)
  return (account, todos, timeline)
}

/// The entries a todo added makes when a todo subscriber dispatches to the account store and
/// an account subscriber to the profile store; the todo and profile stores are recorded, the
/// account store only when `recordingAccount`.
private func chainThroughAccount(recordingAccount: Bool) throws -> [TimelineEntry] {
  let account = accountStore()
  let todos = todoStore()
  let profile = profileStore()
  let timeline = Timeline()
  if recordingAccount { try timeline.record(account, codec: accountCodec) }
  try timeline.record(todos, codec: todosCodec)
  try timeline.record(profile, codec: profileCodec)
  let first = todos.subscribe(to: .cases(TodoAction.add)) { _, _ in
    account.dispatch(Action(AccountAction.noteActivity, data: 1))
  }
  let second = account.subscribe(to: .cases(AccountAction.noteActivity)) { _, _ in
    profile.dispatch(Action(ProfileAction.showUser, data: "busy"))
  }
  defer {
    first.cancel()
    second.cancel()
  }
  todos.dispatch(Action(TodoAction.add, data: "Buy milk"))
  return timeline.entries
}

@Suite("Timeline: causes")
struct TimelineCauseTests {
  @Test("stores of different state types share one global order, each entry naming its store")
  func globalOrder() throws {
    let account = accountStore()
    let todos = todoStore()
    let profile = profileStore()
    let timeline = Timeline()
    try timeline.record(account, codec: accountCodec)
    try timeline.record(todos, codec: todosCodec)
    try timeline.record(profile, codec: profileCodec)
    todos.dispatch(Action(TodoAction.add, data: "Buy milk"))
    account.dispatch(Action(AccountAction.noteActivity, data: 2))
    profile.dispatch(Action(ProfileAction.showUser, data: "ada"))
    todos.dispatch(Action(TodoAction.add, data: "Call Bob"))
    let entries = timeline.entries
    #expect(entries.map(\.sequence) == [0, 1, 2, 3])
    #expect(entries.map(\.storeName) == ["Todos", "Account", "Profile", "Todos"])
    #expect(entries.map(\.index) == [0, 0, 0, 1])
    #expect((entries[3].state as? TodoState)?.items == ["Buy milk", "Call Bob"])
    #expect(entries.allSatisfy { $0.cause == nil })
    #expect(timeline.storeNames == ["Account", "Todos", "Profile"])
  }

  @Test(
    "entries are dated by the wall clock at their commit, in order across stores, after a pause too"
  )
  func timestamps() throws {
    let account = accountStore()
    let todos = todoStore()
    let timeline = Timeline()
    try timeline.record(account, codec: accountCodec)
    try timeline.record(todos, codec: todosCodec)
    expectDatedByWallClock(
      burst: {
        for index in 0..<100 {
          if index.isMultiple(of: 2) {
            account.dispatch(Action(AccountAction.noteActivity, data: 1))
          } else {
            todos.dispatch(Action(TodoAction.add, data: "item \(index)"))
          }
        }
      },
      last: { todos.dispatch(Action(TodoAction.load)) },
      timestamps: { timeline.entries.map(\.timestamp) })
  }

  @Test("a subscriber's dispatch is caused by the entry it was notified of")
  func subscriber() throws {
    let (account, todos, timeline) = try recordedAccountAndTodos()
    let subscription = account.subscribe(to: .cases(AccountAction.signIn)) { _, _ in
      todos.dispatch(Action(TodoAction.load))
    }
    defer { subscription.cancel() }
    account.dispatch(Action(AccountAction.signIn, data: Credentials(name: "ada", password: "pw")))
    let signIn = try #require(entry(timeline, "Account", AccountAction.signIn))
    let load = try #require(entry(timeline, "Todos", TodoAction.load))
    #expect(load.cause == TimelineCause(sequence: signIn.sequence, kind: .subscriber))
    #expect(signIn.cause == nil)
    #expect(signIn.sequence < load.sequence)
  }

  @Test("a main-actor subscriber's dispatch is caused by the entry it was notified of")
  func mainActorSubscriber() async throws {
    let (account, todos, timeline) = try recordedAccountAndTodos()
    let dispatched = Door()
    let subscription = account.subscribeOnMainActor(to: .cases(AccountAction.signIn)) { _, _ in
      todos.dispatch(Action(TodoAction.load))
      dispatched.open()
    }
    defer { subscription.cancel() }
    // Committed off the main queue: the subscriber runs later, on a turn of the main queue,
    // outside the account store's round.
    #expect(!isOnMainQueue())
    account.dispatch(Action(AccountAction.signIn, data: Credentials(name: "ada", password: "pw")))
    #expect(await dispatched.opened())
    let signIn = try #require(entry(timeline, "Account", AccountAction.signIn))
    let load = try #require(entry(timeline, "Todos", TodoAction.load))
    #expect(load.cause == TimelineCause(sequence: signIn.sequence, kind: .subscriber))
  }

  @Test("a main-actor delivery of a store nobody records takes no cause from the round it runs in")
  func mainActorDeliveryWithoutCause() async throws {
    let (account, todos, timeline) = try recordedAccountAndTodos()
    let unrecorded = todoStore()
    let fromUnrecorded = unrecorded.subscribeOnMainActor(to: .cases(TodoAction.add)) { _, _ in
      todos.dispatch(Action(TodoAction.load))
    }
    let fromAccount = account.subscribeOnMainActor(to: .all) { _, _ in }
    defer {
      fromUnrecorded.cancel()
      fromAccount.cancel()
    }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.main.async {
        // The unrecorded store commits on another thread while this block holds the main
        // queue, so its delivery waits. The account store then commits here, on the main
        // queue, inside its traced round: its delivery drains the queue at once, the
        // waiting delivery first, while the account's entry is the current cause.
        let committed = DispatchSemaphore(value: 0)
        Thread {
          unrecorded.dispatch(Action(TodoAction.add, data: "Buy milk"))
          committed.signal()
        }.start()
        committed.wait()
        account.dispatch(Action(AccountAction.noteActivity, data: 1))
        done.resume()
      }
    }
    let load = try #require(entry(timeline, "Todos", TodoAction.load))
    #expect(load.cause == nil)
  }

  @Test("a completion's dispatch is caused by the entry of the action it completes")
  func completion() throws {
    let (account, todos, timeline) = try recordedAccountAndTodos()
    todos.dispatch(Action(TodoAction.add, data: "Buy milk")) { _ in
      account.dispatch(Action(AccountAction.noteActivity, data: 1))
    }
    let add = try #require(entry(timeline, "Todos", TodoAction.add))
    let note = try #require(entry(timeline, "Account", AccountAction.noteActivity))
    #expect(note.cause == TimelineCause(sequence: add.sequence, kind: .completion))
  }

  @Test("a middleware's dispatch is caused by the entry of the action it handles")
  func middleware() throws {
    let account = accountStore()
    let noting = Middleware<TodoState> { action, context in
      if action.type == TodoAction.add.rawValue {
        account.dispatch(Action(AccountAction.noteActivity, data: 1))
      }
      context.next(action)
    }
    let todos = todoStore(middleware: [noting])
    let timeline = Timeline()
    try timeline.record(account, codec: accountCodec)
    try timeline.record(todos, codec: todosCodec)
    todos.dispatch(Action(TodoAction.add, data: "Buy milk"))
    let add = try #require(entry(timeline, "Todos", TodoAction.add))
    let note = try #require(entry(timeline, "Account", AccountAction.noteActivity))
    // Committed before the action that caused it: the cause has the larger number.
    #expect(note.cause == TimelineCause(sequence: add.sequence, kind: .middleware))
    #expect(add.cause == nil)
    #expect(note.sequence < add.sequence)
  }

  @Test(
    "a reducer's dispatch is caused by the reducer's entry, into its store or another, with or without middleware",
    arguments: [false, true])
  func reducerDispatch(throughMiddleware: Bool) throws {
    final class Own: @unchecked Sendable {
      var store: Store<TodoState>?  // set once, before the first dispatch
    }
    let own = Own()
    let account = accountStore()
    // Dispatching from a reducer is a misuse the store reports; it still happens in apps.
    let dispatching = Reducer<TodoState> { action, state, finish in
      if action.type == TodoAction.add.rawValue {
        account.dispatch(Action(AccountAction.noteActivity, data: 1))
        own.store?.dispatch(Action(TodoAction.load))
      }
      todoReducer.execute(action: action, state: state, finish: finish)
    }
    let passThrough = Middleware<TodoState> { action, context in context.next(action) }
    let todos = Store(
      state: TodoState(), reducer: dispatching, name: "Todos",
      actions: ActionTypes(TodoAction.self),
      middleware: throughMiddleware ? [passThrough] : [], diagnostics: { _ in })
    own.store = todos
    let timeline = Timeline()
    try timeline.record(account, codec: accountCodec)
    try timeline.record(todos, codec: todosCodec)
    todos.dispatch(Action(TodoAction.add, data: "Buy milk"))
    let add = try #require(entry(timeline, "Todos", TodoAction.add))
    let note = try #require(entry(timeline, "Account", AccountAction.noteActivity))
    let load = try #require(entry(timeline, "Todos", TodoAction.load))
    #expect(note.cause == TimelineCause(sequence: add.sequence, kind: .reducer), "another store")
    #expect(load.cause == TimelineCause(sequence: add.sequence, kind: .reducer), "its own store")
    #expect(add.cause == nil)
  }

  @Test("a coordinator's broadcast gives every store's entry the entry it was made during")
  func broadcast() throws {
    let account = accountStore()
    let todos = todoStore()
    let profile = profileStore()
    let coordinator = StoreCoordinator(diagnostics: { _ in })
    coordinator.register(todos) { $0.type == 100 ? Action(TodoAction.signOut) : nil }
    coordinator.register(profile) { $0.type == 100 ? Action(ProfileAction.clear) : nil }
    let timeline = Timeline()
    try timeline.record(account, codec: accountCodec)
    try timeline.record(todos, codec: todosCodec)
    try timeline.record(profile, codec: profileCodec)
    let subscription = account.subscribe(to: .cases(AccountAction.signOut)) { _, _ in
      coordinator.broadcast(Action(type: 100))
    }
    defer { subscription.cancel() }
    account.dispatch(Action(AccountAction.signOut))
    let signOut = try #require(entry(timeline, "Account", AccountAction.signOut))
    let todosOut = try #require(entry(timeline, "Todos", TodoAction.signOut))
    let cleared = try #require(entry(timeline, "Profile", ProfileAction.clear))
    let cause = TimelineCause(sequence: signOut.sequence, kind: .broadcast)
    #expect(todosOut.cause == cause)
    #expect(cleared.cause == cause)
  }

  @Test("a follow's dispatch is caused by the followed store's entry")
  func follow() throws {
    let account = accountStore()
    let profile = profileStore()
    let coordinator = StoreCoordinator(diagnostics: { _ in })
    let timeline = Timeline()
    try timeline.record(account, codec: accountCodec)
    try timeline.record(profile, codec: profileCodec)
    coordinator.follow(
      account, select: { $0.userName ?? "" }, in: profile, sendsInitialValue: false
    ) { Action(ProfileAction.showUser, data: $0) }
    account.dispatch(Action(AccountAction.signIn, data: Credentials(name: "ada", password: "pw")))
    let signIn = try #require(entry(timeline, "Account", AccountAction.signIn))
    let shown = try #require(entry(timeline, "Profile", ProfileAction.showUser))
    #expect(shown.cause == TimelineCause(sequence: signIn.sequence, kind: .follow))
    #expect((shown.state as? ProfileState)?.displayName == "ada")
  }

  @Test("an effect's dispatches are caused by the entry during which the effect was started")
  func effect() async throws {
    let (account, todos, timeline) = try recordedAccountAndTodos()
    let subscription = account.subscribe(to: .cases(AccountAction.signIn)) { _, _ in
      todos.dispatch(
        .effect { context in
          await Task.yield()
          context.dispatch(Action(TodoAction.loaded, data: ["Buy milk"]))
          account.dispatch(Action(AccountAction.noteActivity, data: 1))
        })
    }
    defer { subscription.cancel() }
    account.dispatch(Action(AccountAction.signIn, data: Credentials(name: "ada", password: "pw")))
    try await todos.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    try await account.waitUntilIdle(timeout: .seconds(hangBound))
    let signIn = try #require(entry(timeline, "Account", AccountAction.signIn))
    let loaded = try #require(entry(timeline, "Todos", TodoAction.loaded))
    let note = try #require(entry(timeline, "Account", AccountAction.noteActivity))
    let cause = TimelineCause(sequence: signIn.sequence, kind: .effect)
    #expect(loaded.cause == cause)
    #expect(note.cause == cause)
  }

  @Test("a chain of causes crosses stores: each link names the entry just before it")
  func chain() throws {
    let entries = try chainThroughAccount(recordingAccount: true)
    #expect(entries.map(\.storeName) == ["Todos", "Account", "Profile"])
    #expect(
      entries.map(\.cause) == [
        nil, .init(sequence: 0, kind: .subscriber), .init(sequence: 1, kind: .subscriber),
      ])
  }

  @Test("a store not recorded breaks no chain: the cause is the nearest recorded entry")
  func unrecordedHop() throws {
    let entries = try chainThroughAccount(recordingAccount: false)
    #expect(entries.map(\.storeName) == ["Todos", "Profile"])
    // Unrecorded stores carry no mark: the dispatch from the account's subscriber runs
    // inside the todo store's round, whose cause it keeps.
    #expect(entries[1].cause == TimelineCause(sequence: 0, kind: .subscriber))
  }

  @Test("a store is recorded by one timeline, under a name no other recorded store has")
  func attachErrors() throws {
    let todos = todoStore()
    let timeline = Timeline()
    try timeline.record(todos, codec: todosCodec)
    #expect(throws: TimelineError.self) { try timeline.record(todoStore(), codec: todosCodec) }
    let other = Timeline()
    #expect(throws: TimelineError.self) { try other.record(todos, codec: todosCodec) }
  }
}
