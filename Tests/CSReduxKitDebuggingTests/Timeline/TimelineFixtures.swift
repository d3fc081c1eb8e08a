import CSReduxKit
import CSReduxKitTestSupport

/// Three feature modules of different state types, for the timeline's tests.
struct Credentials: Codable, Sendable, Equatable {
  var name: String
  var password: String
}

struct AccountState: StateProtocol, Codable, Equatable {
  var userName: String?
  var token = ""
  var activity = 0
}

enum AccountAction: Int, CaseIterable {
  case signIn, signOut, noteActivity
}

struct TodoState: StateProtocol, Codable, Equatable {
  var items: [String] = []
  var isLoading = false
}

enum TodoAction: Int, CaseIterable {
  case add, delete, load, loaded
  case signOut = 9
}

struct ProfileState: StateProtocol, Codable, Equatable {
  var displayName = ""
}

enum ProfileAction: Int, CaseIterable {
  case showUser, clear
}

struct OutOfRange: Error, CustomStringConvertible {
  var description: String { "index out of range" }
}

let accountReducer = Reducer<AccountState> { action, state, finish in
  var state = state
  switch AccountAction(rawValue: action.type) {
  case .signIn:
    guard let credentials = action.data as? Credentials else { return finish(state) }
    state.userName = credentials.name
    state.token = "token-of-\(credentials.password)"
  case .signOut:
    state.userName = nil
    state.token = ""
  case .noteActivity:
    state.activity += (action.data as? Int) ?? 1
  case nil:
    break
  }
  finish(state)
}

let todoReducer = Reducer<TodoState> { action, state, finish in
  var state = state
  switch TodoAction(rawValue: action.type) {
  case .add:
    state.items.append((action.data as? String) ?? "")
  case .delete:
    let index = (action.data as? Int) ?? 0
    guard state.items.indices.contains(index) else { return finish.fail(OutOfRange()) }
    state.items.remove(at: index)
  case .load:
    state.isLoading = true
  case .loaded:
    state.items = (action.data as? [String]) ?? []
    state.isLoading = false
  case .signOut:
    state = TodoState()
  case nil:
    break
  }
  finish(state)
}

let profileReducer = Reducer<ProfileState> { action, state, finish in
  var state = state
  switch ProfileAction(rawValue: action.type) {
  case .showUser: state.displayName = (action.data as? String) ?? ""
  case .clear: state.displayName = ""
  case nil: break
  }
  finish(state)
}

func accountStore(middleware: [Middleware<AccountState>] = []) -> Store<AccountState> {
  Store(
    state: AccountState(), reducer: accountReducer, name: "Account",
    actions: ActionTypes(AccountAction.self), middleware: middleware,
    diagnostics: { _ in })
}

func todoStore(middleware: [Middleware<TodoState>] = []) -> Store<TodoState> {
  Store(
    state: TodoState(), reducer: todoReducer, name: "Todos",
    actions: ActionTypes(TodoAction.self), middleware: middleware, diagnostics: { _ in })
}

func profileStore() -> Store<ProfileState> {
  Store(
    state: ProfileState(), reducer: profileReducer, name: "Profile",
    actions: ActionTypes(ProfileAction.self), diagnostics: { _ in })
}

var accountCodec: ActionLogCodec<AccountState> {
  var codec = ActionLogCodec<AccountState>(actions: ActionTypes(AccountAction.self))
  codec.register(AccountAction.signIn, payload: Credentials.self)
  codec.register(AccountAction.signOut)
  codec.register(AccountAction.noteActivity, payload: Int.self)
  return codec
}

var todosCodec: ActionLogCodec<TodoState> {
  var codec = ActionLogCodec<TodoState>(actions: ActionTypes(TodoAction.self))
  codec.register(TodoAction.add, payload: String.self)
  codec.register(TodoAction.delete, payload: Int.self)
  codec.register(TodoAction.load)
  codec.register(TodoAction.loaded, payload: [String].self)
  codec.register(TodoAction.signOut)
  return codec
}

var profileCodec: ActionLogCodec<ProfileState> {
  var codec = ActionLogCodec<ProfileState>(actions: ActionTypes(ProfileAction.self))
  codec.register(ProfileAction.showUser, payload: String.self)
  codec.register(ProfileAction.clear)
  return codec
}

/// An app of three recorded stores, wired as an app wires them: a follow, a broadcast, a
/// subscriber that starts an effect, a completion that dispatches to another store.
final class RecordedApp: Sendable {
  let account = accountStore()
  let todos = todoStore()
  let profile = profileStore()
  let coordinator = StoreCoordinator(diagnostics: { _ in })
  let timeline: Timeline
  let subscriptions: [Subscription]

  init(redaction: TimelineRedaction = TimelineRedaction(), capacity: Int = 1_000) throws {
    timeline = Timeline(capacity: capacity, redaction: redaction)
    try timeline.record(account, codec: accountCodec)
    try timeline.record(todos, codec: todosCodec)
    try timeline.record(profile, codec: profileCodec)
    let (todos, coordinator) = (self.todos, self.coordinator)
    coordinator.register(todos) { $0.type == 100 ? Action(TodoAction.signOut) : nil }
    coordinator.register(profile) { $0.type == 100 ? Action(ProfileAction.clear) : nil }
    coordinator.follow(
      account, select: { $0.userName ?? "" }, in: profile, sendsInitialValue: false
    ) { Action(ProfileAction.showUser, data: $0) }
    subscriptions = [
      account.subscribe(to: .cases(AccountAction.signIn)) { _, _ in
        todos.dispatch(
          .effect { context in
            await Task.yield()
            context.dispatch(Action(TodoAction.loaded, data: ["Buy milk"]))
          })
      },
      account.subscribe(to: .cases(AccountAction.signOut)) { _, _ in
        coordinator.broadcast(Action(type: 100))
      },
    ]
  }

  /// Signs in, loads, adds, fails a delete and signs out.
  func run() async throws {
    account.dispatch(
      Action(AccountAction.signIn, data: Credentials(name: "ada", password: "hunter2-secret")))
    try await todos.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    let account = self.account
    _ = await todos.send(Action(TodoAction.add, data: "my secret diary"))
    todos.dispatch(Action(TodoAction.add, data: "Call Bob")) { _ in
      account.dispatch(Action(AccountAction.noteActivity, data: 1))
    }
    _ = await todos.send(Action(TodoAction.delete, data: 7))
    account.dispatch(Action(AccountAction.signOut))
    try await todos.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    try await self.account.waitUntilIdle(timeout: .seconds(hangBound))
    try await profile.waitUntilIdle(timeout: .seconds(hangBound))
  }

  var codec: TimelineCodec {
    var codec = TimelineCodec()
    codec.register(store: "Account", codec: accountCodec)
    codec.register(store: "Todos", codec: todosCodec)
    codec.register(store: "Profile", codec: profileCodec)
    return codec
  }

  /// Fresh stores, wired to nothing, to replay a session into.
  static func freshReplay(todoReducer: Reducer<TodoState> = todoReducer) -> TimelineReplay {
    var replay = TimelineReplay()
    replay.add(
      Store(state: AccountState(), reducer: accountReducer, name: "Account", diagnostics: { _ in }),
      codec: accountCodec)
    replay.add(
      Store(state: TodoState(), reducer: todoReducer, name: "Todos", diagnostics: { _ in }),
      codec: todosCodec)
    replay.add(
      Store(state: ProfileState(), reducer: profileReducer, name: "Profile", diagnostics: { _ in }),
      codec: profileCodec)
    return replay
  }
}

/// The policy the redaction tests and the generated test use.
var appRedaction: TimelineRedaction {
  var redaction = TimelineRedaction()
  redaction.withholdPayloadField("password", in: "Account")
  redaction.withholdStateField("token", in: "Account")
  redaction.withholdPayload(ofActionType: TodoAction.add, in: "Todos")
  redaction.withholdPayload(ofActionType: TodoAction.loaded, in: "Todos")
  redaction.withholdStateField("items", in: "Todos")
  return redaction
}

/// A Todos store whose `load` starts an effect that dispatches `loaded`, as an app wires it:
/// the store a recorded session with an effect is made of, and its `TestStore` test too.
func loadingTodoStore() -> Store<TodoState> {
  let startsLoading = Middleware<TodoState> { action, context in
    if action.type == TodoAction.load.rawValue {
      context.dispatch(
        Thunk<TodoState>.effect { context in
          await Task.yield()
          context.dispatch(Action(TodoAction.loaded, data: ["Buy milk"]))
        })
    }
    context.next(action)
  }
  return todoStore(middleware: [startsLoading])
}
