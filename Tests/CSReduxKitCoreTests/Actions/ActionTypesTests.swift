import CSReduxKitCore
import CSReduxKitTestSupport
import Testing

/// Two modules whose action enums both start at 0, as they do in a new app.
private enum AuthAction: Int, CaseIterable { case signIn, signOut }
private enum CartAction: Int, CaseIterable { case add, remove }
/// Two action families of one store that overlap: both start at 0.
private enum ToDoAction: Int, CaseIterable { case add, check }
private enum SelectionAction: Int, CaseIterable { case select, clear }

private struct AuthState: StateProtocol, Equatable {
  var user: String?
}

private let authReducer = Reducer<AuthState> { action, state, finish in
  var state = state
  switch AuthAction(rawValue: action.type) {
  case .signIn: state.user = try? action.payload(as: String.self)
  case .signOut: state.user = nil
  case nil: break
  }
  finish(state)
}

private enum NoteAction: EnumAction {
  case write(String)
  enum Kind: Int, CaseIterable, Sendable { case write }
  var kind: Kind { .write }
}

/// A user's action type laid out as ``Action`` is (its type, a box, an enum: three words, held
/// in an existential's inline buffer), whose third word is always Auth's enum while its
/// `origin` reports the enum it was given: a store must judge it by what it reports.
private struct LookAlikeAction: ActionProtocol {
  final class Box: Sendable {
    let name: String
    let reported: ActionOrigin

    init(name: String, reported: ActionOrigin) {
      self.name = name
      self.reported = reported
    }
  }

  let type = AuthAction.signIn.rawValue
  let box: Box
  let word: any Any.Type = AuthAction.self

  init(reporting reported: any Any.Type, data: String) {
    box = Box(name: data, reported: ActionOrigin(reported))
  }

  var data: (any Sendable)? { box.name }
  var origin: ActionOrigin? { box.reported }
}

private func authStore(
  declaring actions: ActionTypes = ActionTypes(AuthAction.self),
  middleware: [Middleware<AuthState>] = [], log: DiagnosticLog
) -> Store<AuthState> {
  Store(
    state: AuthState(), reducer: authReducer, name: "AuthStore", actions: actions,
    middleware: middleware, diagnostics: log.handler)
}

@Suite("Actions that belong to their store")
struct ActionTypesTests {
  @Test("an action made from an enum case carries its enum; one made from a number none")
  func actionsCarryTheirEnum() {
    #expect(Action(CartAction.add, data: "milk").origin == ActionOrigin(CartAction.self))
    #expect(Action(CartAction.add).type == 0)
    #expect(Action(type: 0, data: "milk").origin == nil)
    #expect(NoteAction.write("x").origin == ActionOrigin(NoteAction.Kind.self))
    #expect(
      RejectedAction(Action(CartAction.remove), error: nil).origin?.description == "CartAction")
    // The enum is one word more in the action's inline value: no box, no allocation.
    #expect(MemoryLayout<Action>.size == 3 * MemoryLayout<Int>.size)
    #expect(MemoryLayout<ActionOrigin?>.size == MemoryLayout<Int>.size)
  }

  @Test("a Cart action dispatched to the Auth store signs nobody in, and is reported")
  func milkIsNotSignedIn() async {
    let log = DiagnosticLog()
    let auth = authStore(log: log)
    let seen = Locked<[any ActionProtocol]>([])
    auth.subscribe { action, _ in seen.append(action) }

    let result = await auth.send(Action(CartAction.add, data: "milk"))

    #expect(auth.state.user == nil)
    #expect(!result.isApplied)
    guard case .failed(let error as ForeignActionError) = result.outcome else {
      Issue.record("expected a ForeignActionError, got \(result.outcome)")
      return
    }
    #expect(error.kind == .foreignAction)
    #expect(error.origin == ActionOrigin(CartAction.self))
    #expect(log.kinds == [.foreignAction])
    let message = log.entries.current.first?.description ?? ""
    #expect(message.contains("AuthStore"))
    #expect(message.contains("CartAction.add"))
    #expect(message.contains("AuthAction"))
    #expect(seen.current.count == 1)
    #expect(seen.current.first is RejectedAction)

    // Its own action still signs in.
    let own = await auth.send(Action(AuthAction.signIn, data: "ada"))
    #expect(own.isApplied)
    #expect(auth.state.user == "ada")
  }

  @Test("a store that declares nothing reduces every action, as before")
  func undeclaredStoreReducesEverything() {
    let log = DiagnosticLog()
    let auth = authStore(declaring: .none, log: log)
    auth.dispatch(Action(CartAction.add, data: "milk"))
    #expect(auth.state.user == "milk")
    #expect(log.kinds.isEmpty)
  }

  @Test("a bare number is reduced when it is a case of the store's enums, refused otherwise")
  func bareNumbers() async {
    let log = DiagnosticLog()
    let auth = authStore(log: log)
    #expect(await auth.send(Action(type: 0, data: "ada")).isApplied)
    #expect(auth.state.user == "ada")
    let unknown = await auth.send(Action(type: 7, data: "eve"))
    #expect(!unknown.isApplied)
    #expect(auth.state.user == "ada")
    #expect(log.kinds == [.unknownActionType])
    #expect(log.entries.current.first?.message.contains("action 7") == true)
  }

  @Test("a middleware sees a foreign action and may translate it")
  func middlewareTranslates() {
    let log = DiagnosticLog()
    let translate = Middleware<AuthState> { action, context in
      if action.origin == ActionOrigin(CartAction.self), action.type == CartAction.add.rawValue {
        context.next(Action(AuthAction.signIn, data: action.data as? String))
      } else {
        context.next(action)
      }
    }
    let auth = authStore(middleware: [translate], log: log)
    auth.dispatch(Action(CartAction.add, data: "milk"))
    #expect(auth.state.user == "milk")
    #expect(log.kinds.isEmpty)
  }

  @Test("a state replacement and a thunk are always accepted")
  func reservedActionsAreAccepted() async {
    let log = DiagnosticLog()
    let auth = authStore(log: log)
    auth.replaceState(with: AuthState(user: "root"))
    #expect(auth.state.user == "root")
    let ran = await auth.send(.effect { context in context.dispatch(Action(AuthAction.signOut)) })
    #expect(ran.outcome == .effectStarted)
    try? await auth.waitUntilIdle(includingEffects: true)
    #expect(auth.state.user == nil)
    #expect(log.kinds.isEmpty)
  }

  @Test("an EnumAction store refuses another module's action")
  func enumActionStore() async {
    let log = DiagnosticLog()
    let notes = Store(
      state: AuthState(),
      reducer: Reducer<AuthState> { action, state, finish in
        var state = state
        if case .write(let text)? = NoteAction(reading: action) { state.user = text }
        finish(state)
      }, name: "NotesStore", actions: ActionTypes(NoteAction.self), diagnostics: log.handler)
    notes.dispatch(NoteAction.write("kept"))
    notes.dispatch(Action(AuthAction.signIn, data: "lost"))
    #expect(notes.state.user == "kept")
    #expect(log.kinds == [.foreignAction])
  }

  @Test("a type of one's own shaped like Action is judged by the enum it reports, not its words")
  func ownActionTypeIsJudgedByItsOrigin() async {
    let log = DiagnosticLog()
    let auth = authStore(log: log)
    // Both hold Auth's enum where an `Action` holds its enum; one reports Cart's.
    #expect(MemoryLayout<LookAlikeAction>.size == MemoryLayout<Action>.size)
    auth.dispatch(LookAlikeAction(reporting: CartAction.self, data: "milk"))
    #expect(auth.state.user == nil)
    #expect(log.kinds == [.foreignAction])
    auth.dispatch(LookAlikeAction(reporting: AuthAction.self, data: "ada"))
    #expect(auth.state.user == "ada")
    #expect(log.kinds == [.foreignAction])
  }

  @Test("two declared enums that start at 0 are reported once, where the store is made")
  func overlapsAreReportedAtCreation() {
    let log = DiagnosticLog()
    let actions = ActionTypes(ToDoAction.self, SelectionAction.self)
    _ = Store(
      state: Counter(), reducer: counterReducer(), name: "ToDoStore", actions: actions,
      diagnostics: log.handler)
    #expect(log.kinds == [.overlappingActionTypes])
    let message = log.entries.current.first?.message ?? ""
    #expect(message.contains("0 is both ToDoAction.add and SelectionAction.select"))
    #expect(message.contains("1 is both ToDoAction.check and SelectionAction.clear"))
    #expect(actions.enumNames == "ToDoAction, SelectionAction")
  }

  @Test("several enums with their own values: each one's actions are reduced, names kept")
  func severalEnums() {
    enum Selection: Int, CaseIterable { case select = 100, clear }
    let log = DiagnosticLog()
    let actions = ActionTypes(ToDoAction.self, Selection.self)
    let store = Store(
      state: Counter(), reducer: counterReducer(), actions: actions, diagnostics: log.handler)
    store.dispatch(Action(ToDoAction.add))
    store.dispatch(Action(Selection.select))
    store.dispatch(Action(CartAction.add))
    #expect(store.state.applied == [0, 100])
    #expect(log.kinds == [.foreignAction])
    #expect(actions[100] == "select")
    #expect(actions.label(for: 1) == "1 (check)")
  }
}

@Suite("Broadcasts reach the stores that accept them")
struct BroadcastAcceptanceTests {
  @Test("a broadcast skips a store that does not declare the action, and says who took it")
  func broadcastSkipsForeignStores() {
    let log = DiagnosticLog()
    let auth = authStore(log: log)
    let open = Store(state: AuthState(), reducer: authReducer, name: "OpenStore")
    let coordinator = StoreCoordinator()
    coordinator.register(auth)
    coordinator.register(open)
    let received = coordinator.broadcast(Action(CartAction.add, data: "milk"))
    #expect(received == ["OpenStore"])
    #expect(auth.state.user == nil)
    #expect(open.state.user == "milk")
    #expect(log.kinds.isEmpty)
    #expect(
      coordinator.broadcast(Action(AuthAction.signIn, data: "ada")) == ["AuthStore", "OpenStore"])
  }
}

@Suite("Effects infer their store's state")
struct EffectInferenceTests {
  @Test("store.dispatch(.effect { … }) and .effect(id:cancelInFlight:) need no state type")
  func effectInfersState() async throws {
    let store = Store(state: Counter(), reducer: counterReducer())
    store.dispatch(.effect { context in context.dispatch(Action(type: 1)) })
    store.dispatch(
      .effect(id: "load", cancelInFlight: true) { context in
        await context.send(Action(type: 2))
        context.dispatch(.effect { inner in inner.dispatch(Action(type: 3)) })
      })
    try await store.waitUntilIdle(includingEffects: true)
    #expect(Set(store.state.applied) == [1, 2, 3])
  }

  @Test("an EnumAction reads an action back without throwing, for a middleware")
  func readingWithoutThrowing() {
    let note: NoteAction? = NoteAction(reading: NoteAction.write("x"))
    #expect(note != nil)
    #expect(NoteAction(reading: Action(type: 0, data: 42)) == nil)
    #expect(NoteAction(reading: Action(type: 5)) == nil)
  }
}

extension CartAction {
  fileprivate static let addItem = ActionCase(CartAction.add, payload: String.self)
}

@Suite("Typed payloads for Int enums")
struct ActionCaseTests {
  @Test("a declared case makes actions of its type, enum and payload, and reads them back")
  func declaredCase() throws {
    let action = CartAction.addItem("milk")
    #expect(action.type == CartAction.add.rawValue)
    #expect(action.origin == ActionOrigin(CartAction.self))
    #expect(try CartAction.addItem.payload(of: action) == "milk")
    #expect(CartAction.addItem.matches(action))
    #expect(throws: PayloadError.self) {
      try CartAction.addItem.payload(of: Action(CartAction.add, data: 42))
    }
    // `CartAction.addItem(42)` does not compile: the payload is a String.
  }
}
