import CSReduxKit
import CSReduxKitTestSupport
import Dispatch
import Testing

// The examples of docs/multiple-stores.md and docs/concurrency.md, kept compiling and checked.
// Keep each example identical to its code block in the guide.

// MARK: docs/multiple-stores.md

// example: multiple-stores-types
struct AccountState: StateProtocol {
  var userName: String?
}

struct ProfileState: StateProtocol {
  var shownName = "(nobody)"
}

enum AccountAction: Int { case signIn, reset }
enum ProfileAction: Int { case show, reset }
enum AppWideAction: Int { case signOut = 100 }
// end-example

let accountReducer = Reducer<AccountState> { action, state, finish in
  switch AccountAction(rawValue: action.type) {
  case .signIn: finish(AccountState(userName: action.data as? String))
  case .reset: finish(AccountState())
  case nil: finish(state)
  }
}

let profileReducer = Reducer<ProfileState> { action, state, finish in
  switch ProfileAction(rawValue: action.type) {
  case .show: finish(ProfileState(shownName: (action.data as? String) ?? "(nobody)"))
  case .reset: finish(ProfileState())
  case nil: finish(state)
  }
}

@Suite("The guides' examples")
struct GuideExampleTests {
  @Test("docs/multiple-stores.md: sign out of two modules, one following the other")
  func multipleStores() {
    // example: multiple-stores
    let account = Store(state: AccountState(), reducer: accountReducer, name: "Account")
    let profile = Store(state: ProfileState(), reducer: profileReducer, name: "Profile")

    let coordinator = StoreCoordinator()
    coordinator.register(account) { action in
      action.type == AppWideAction.signOut.rawValue ? Action(AccountAction.reset) : nil
    }
    coordinator.register(profile) { action in
      action.type == AppWideAction.signOut.rawValue ? Action(ProfileAction.reset) : nil
    }
    coordinator.follow(account, select: { $0.userName }, in: profile) { name in
      Action(ProfileAction.show, data: name)
    }

    account.dispatch(Action(AccountAction.signIn, data: "Ann"))
    print(profile.state.shownName)  // Ann
    coordinator.broadcast(Action(AppWideAction.signOut))
    print(profile.state.shownName)  // (nobody)
    // end-example

    #expect(account.state.userName == nil)
    #expect(profile.state.shownName == "(nobody)")
  }

  @Test("docs/concurrency.md: updates, send and main-actor delivery", .timeLimit(.minutes(1)))
  func concurrency() async {
    let lines = Locked<[String]>([])
    @Sendable func print(_ line: String) { lines.append(line) }

    // example: concurrency
    let store = Store(state: AccountState(), reducer: accountReducer, name: "Account")

    // 1. Every update, in order.
    let updates = store.updates(of: .cases(AccountAction.signIn))
    let reader = Task {
      for await (action, state) in updates {
        print("action \(action.type): \(state.userName ?? "-")")
        if state.userName == "Bob" { break }
      }
    }

    // 2. Await the state committed for an action.
    let signedIn = await store.send(Action(AccountAction.signIn, data: "Ann")).state
    print(signedIn.userName ?? "-")  // Ann

    // 3. UI code: called on the main actor, in commit order.
    let subscription = store.subscribeOnMainActor { _, state in
      print("main actor sees \(state.userName ?? "-")")
    }
    store.dispatch(Action(AccountAction.signIn, data: "Bob"))

    await reader.value
    subscription.cancel()
    // end-example

    #expect(signedIn.userName == "Ann")
    #expect(lines.current.filter { $0.hasPrefix("action ") } == ["action 0: Ann", "action 0: Bob"])
  }

  @Test("docs/concurrency.md: send tells a failed action from an applied one")
  func sendOutcome() async {
    let lines = Locked<[String]>([])
    @Sendable func print(_ line: String) { lines.append(line) }
    struct EmptyName: Error {}
    let store = Store(
      state: AccountState(),
      reducer: Reducer<AccountState> { action, _, finish in
        guard let name = action.data as? String, !name.isEmpty else {
          finish.fail(EmptyName())
          return
        }
        finish(AccountState(userName: name))
      },
      name: "Account", diagnostics: { _ in })

    // example: send-outcome
    let signIn = Action(AccountAction.signIn, data: "")
    let result = await store.send(signIn)
    switch result.outcome {
    case .applied: print("signed in: \(result.state.userName ?? "-")")
    case .failed(let error): print("failed: \(error.map { "\($0)" } ?? "-")")
    case .dropped(let reason): print("not applied: \(reason)")
    case .thunkRan, .effectStarted: break  // a Thunk's outcomes
    }
    // end-example

    let applied = await store.send(Action(AccountAction.signIn, data: "Ann"))
    #expect(applied.isApplied)
    #expect(lines.current == ["failed: EmptyName()"])
  }
}
