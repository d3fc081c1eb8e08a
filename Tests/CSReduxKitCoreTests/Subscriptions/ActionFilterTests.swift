import CSReduxKitCore
import CSReduxKitTestSupport
import Testing

@Suite("ActionFilter: every type, a list of types, or enum cases, on every way of listening")
struct ActionFilterTests {
  @Test("a list, a sequence and enum cases name the same types, sorted and without repeats")
  func spellings() {
    let listed: ActionFilter = [11, 10, 11]
    #expect(listed == .types(Set([10, 11])))
    #expect(listed == .cases(ModuleAction.setValue, .add))
    #expect(listed == .cases([ModuleAction.add, .setValue]))
    #expect(listed.description == "action types [10, 11]")
    #expect(ActionFilter.all.description == "every action type")
    #expect(listed.contains(10) && listed.contains(11) && !listed.contains(12))
    #expect(ActionFilter.all.contains(-7))
    #expect(!([] as ActionFilter).contains(0))
  }

  @Test("the common forms compile and filter: no filter, a list of types, a selection")
  func commonForms() {
    let store = moduleStore("A")
    let log = Locked<[String]>([])
    let closureValue: @Sendable (any ActionProtocol, Module) -> Void = { action, _ in
      log.append("value \(action.type)")
    }
    store.subscribe { action, _ in log.append("all \(action.type)") }
    store.subscribe(to: [ModuleAction.setValue.rawValue]) { action, _ in
      log.append("typed \(action.type)")
    }
    store.subscribe(select: { $0.value }) { value, _ in log.append("select \(value)") }
    store.subscribe(closureValue)
    store.dispatch(Action(ModuleAction.add, data: 2))
    store.dispatch(Action(ModuleAction.setValue, data: 2))
    #expect(
      log.current == [
        "all 10", "select 2", "value 10",
        "all 11", "typed 11", "value 11",
      ])
  }

  @Test("subscribers filtered on large and negative types merge with those to every action")
  func largeAndNegativeTypes() {
    // Types outside the routing array's range are looked up in its dictionary; the round reads
    // that bucket in place, merged in subscription order with the bucket to every action.
    let store = Store(
      state: Counter(), reducer: Reducer<Counter> { _, state, finish in finish(state) })
    let log = Locked<[String]>([])
    let large = 1_000_000
    let negative = -3
    let subscriptions = [
      store.subscribe { action, _ in log.append("all1 \(action.type)") },
      store.subscribe(to: [large, negative]) { action, _ in log.append("both \(action.type)") },
      store.subscribe { action, _ in log.append("all2 \(action.type)") },
      store.subscribe(to: [negative]) { action, _ in log.append("negative \(action.type)") },
    ]
    store.dispatch(Action(type: large))
    store.dispatch(Action(type: negative))
    store.dispatch(Action(type: 7))
    #expect(
      log.current == [
        "all1 \(large)", "both \(large)", "all2 \(large)",
        "all1 \(negative)", "both \(negative)", "all2 \(negative)", "negative \(negative)",
        "all1 7", "all2 7",
      ])
    subscriptions.forEach { $0.cancel() }
  }

  @Test("updates, main-actor and owner-bound subscriptions take the same filter")
  @MainActor func everyEntryPoint() async {
    let store = moduleStore("A")
    let filter = ActionFilter.cases(ModuleAction.setValue)
    let owner = Tracked()
    let view = PlainView()
    let seen = Locked<[String]>([])
    store.subscribe(owner: owner, to: filter) { _, action, _ in seen.append("owner \(action.type)")
    }
    store.subscribeOnMainActor(to: filter) { action, _ in seen.append("main \(action.type)") }
    store.subscribeOnMainActor(owner: view, to: filter) { _, action, _ in
      seen.append("main owner \(action.type)")
    }
    store.subscribe(select: \.value, to: filter) { value, _ in seen.append("select \(value)") }
    let updates = store.updates(of: filter)
    store.dispatch(Action(ModuleAction.add, data: 1))
    store.dispatch(Action(ModuleAction.setValue, data: 5))
    var iterator = updates.makeAsyncIterator()
    let update = await iterator.next()
    #expect(update?.action.type == ModuleAction.setValue.rawValue)
    #expect(
      seen.current == ["owner 11", "main 11", "main owner 11", "select 5"])
    withExtendedLifetime((owner, view)) {}
  }
}
