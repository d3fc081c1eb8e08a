import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Testing

private struct Settings: StateProtocol, Equatable {
  var filter = false
  var facebook = false
}

private struct Users: StateProtocol, Equatable {
  var names: [String] = []
}

private struct AppState: StateProtocol, Equatable {
  var settings = Settings()
  var users = Users()
}

private enum AppAction: Int, CaseIterable {
  case toggleFilter, toggleFacebook, addUser
}

private let settingsReducer = ActionRouter<Settings> {
  On(AppAction.toggleFilter) { state in state.filter.toggle() }
  On(AppAction.toggleFacebook) { state in state.facebook.toggle() }
}

private let usersReducer = ActionRouter<Users> {
  On(AppAction.addUser, payload: String.self) { name, state in state.names.append(name) }
}

/// The Redux-iOS app reducer: two sub-reducers on two parts of one state.
private let appReducer = CombinedReducer<AppState>(named: [
  "settings": ScopedReducer("settings", state: \.settings, reducer: settingsReducer),
  "users": ScopedReducer("users", state: \.users, reducer: usersReducer),
])

private struct Boom: Error {}

@Suite("Composed reducers: combine and scope")
struct ComposedReducerTests {
  @Test("combined scoped reducers each change their own part of the state")
  func reduxIOSAppReducer() {
    let store = Store(state: AppState(), reducer: appReducer)
    store.dispatch(Action(AppAction.toggleFacebook))
    store.dispatch(Action(AppAction.addUser, data: "Ann"))
    #expect(
      store.state == AppState(settings: Settings(facebook: true), users: Users(names: ["Ann"])))
  }

  @Test("children run in order, each on the state the previous one finished with")
  func order() {
    let append = { (tag: Int) in
      Reducer<Counter> { _, state, finish in
        var state = state
        state.applied.append(tag)
        finish(state)
      }
    }
    let store = Store(state: Counter(), reducer: CombinedReducer(append(1), append(2), append(3)))
    store.dispatch(Action(type: 0))
    #expect(store.state.applied == [1, 2, 3])
  }

  @Test("a child that finishes later delays the next child, not the order")
  func asynchronousChild() async {
    let log = Locked<[String]>([])
    let slow = Reducer<Counter> { _, state, finish in
      DispatchQueue.global().async {
        log.append("slow finishes")
        finish(Counter(value: state.value + 10))
      }
    }
    let fast = Reducer<Counter> { _, state, finish in
      log.append("fast starts with \(state.value)")
      finish(Counter(value: state.value * 2))
    }
    let store = Store(state: Counter(value: 1), reducer: CombinedReducer(slow, fast))
    let done = Latch()
    store.dispatch(Action(type: 0)) { _ in done.open() }
    await done.wait()
    #expect(log.current == ["slow finishes", "fast starts with 11"])
    #expect(store.state.value == 22)
  }

  @Test("a failing child fails the whole action, names the child, and keeps the state")
  func failingChild() {
    let log = DiagnosticLog()
    let failing = Reducer<Counter> { _, _, finish in finish.fail(Boom()) }
    let store = Store(
      state: Counter(value: 5),
      reducer: CombinedReducer(named: ["bump": valueOnlyReducer(), "check": failing]),
      diagnostics: log.handler)
    let seen = Locked<[Bool]>([])
    store.subscribe { action, _ in seen.append(action is RejectedAction) }
    store.dispatch(Action(type: 1))
    #expect(store.state.value == 5, "the first child's change is not committed either")
    #expect(seen.current == [true])
    let error = log.entries.current.first?.error as? ChildReducerError
    #expect(error?.child == "check")
    #expect(error?.error is Boom)
    #expect(log.entries.current.first?.description.contains("child reducer 'check' failed") == true)
  }

  @Test("a child that lets finish go is reported by name")
  func releasingChild() {
    let log = DiagnosticLog()
    let forgetful = Reducer<Counter> { _, _, _ in }
    let store = Store(
      state: Counter(),
      reducer: CombinedReducer(named: ["forgetful": forgetful]), diagnostics: log.handler)
    store.dispatch(Action(type: 1))
    #expect(log.kinds == [.reducerFailed])
    #expect(
      log.entries.current.first?.description.contains(
        "child reducer 'forgetful' let finish go without calling it") == true)
    #expect(store.isIdle)
  }

  @Test("a child that calls finish twice is reported by name")
  func childCallsTwice() {
    let log = DiagnosticLog()
    let twice = Reducer<Counter> { _, state, finish in
      finish(state)
      finish(state)
    }
    let store = Store(
      state: Counter(), reducer: CombinedReducer(named: ["twice": twice]),
      diagnostics: log.handler)
    store.dispatch(Action(type: 1))
    #expect(log.kinds == [.finishCalledTwice])
    #expect(
      log.entries.current.first?.description.contains("child reducer 'twice' called finish again")
        == true)
  }

  @Test("a child that never finishes is named in the timeout report")
  func slowChildNamed() async {
    let log = DiagnosticLog()
    let held = Locked<[Finish<Counter>]>([])
    let stuck = Reducer<Counter> { _, _, finish in held.append(finish) }
    let store = Store(
      state: Counter(),
      reducer: CombinedReducer(named: ["fast": valueOnlyReducer(), "stuck": stuck]),
      reducerTimeout: .milliseconds(10), diagnostics: log.handler)
    store.dispatch(Action(type: 1))
    await log.latch(for: .reducerDidNotFinish).wait()
    #expect(
      log.entries.current.first?.description.contains("child reducer 'stuck' has not called finish")
        == true)
    held.current.first?(Counter(value: 42))
    #expect(store.state.value == 42)
    held.withLock { $0 = [] }  // the reducer captures `held`: let the callbacks go
  }

  @Test("a failure inside nested composition names the whole path once")
  func nestedPath() {
    let log = DiagnosticLog()
    let failing = InPlaceReducer<Users> { _, _ in throw Boom() }
    let store = Store(
      state: AppState(),
      reducer: CombinedReducer(named: [
        "app": CombinedReducer(named: [
          "users": ScopedReducer("users", state: \AppState.users, reducer: failing)
        ])
      ]),
      diagnostics: log.handler)
    store.dispatch(Action(type: 1))
    let error = log.entries.current.first?.error as? ChildReducerError
    #expect(error?.child == "app > users > users")
    #expect(error?.error is Boom)
  }
}
