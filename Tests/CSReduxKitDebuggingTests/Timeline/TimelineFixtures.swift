import CSReduxKit

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
    actionNames: ActionTypeNames(AccountAction.self), middleware: middleware,
    diagnostics: { _ in })
}

func todoStore(middleware: [Middleware<TodoState>] = [.thunks]) -> Store<TodoState> {
  Store(
    state: TodoState(), reducer: todoReducer, name: "Todos",
    actionNames: ActionTypeNames(TodoAction.self), middleware: middleware, diagnostics: { _ in })
}

func profileStore() -> Store<ProfileState> {
  Store(
    state: ProfileState(), reducer: profileReducer, name: "Profile",
    actionNames: ActionTypeNames(ProfileAction.self), diagnostics: { _ in })
}

var accountCodec: ActionLogCodec<AccountState> {
  var codec = ActionLogCodec<AccountState>(actionNames: ActionTypeNames(AccountAction.self))
  codec.register(AccountAction.signIn, payload: Credentials.self)
  codec.register(AccountAction.signOut)
  codec.register(AccountAction.noteActivity, payload: Int.self)
  return codec
}

var todosCodec: ActionLogCodec<TodoState> {
  var codec = ActionLogCodec<TodoState>(actionNames: ActionTypeNames(TodoAction.self))
  codec.register(TodoAction.add, payload: String.self)
  codec.register(TodoAction.delete, payload: Int.self)
  codec.register(TodoAction.load)
  codec.register(TodoAction.loaded, payload: [String].self)
  codec.register(TodoAction.signOut)
  return codec
}

var profileCodec: ActionLogCodec<ProfileState> {
  var codec = ActionLogCodec<ProfileState>(actionNames: ActionTypeNames(ProfileAction.self))
  codec.register(ProfileAction.showUser, payload: String.self)
  codec.register(ProfileAction.clear)
  return codec
}
