import CSReduxKit
import CSReduxKitTestSupport
import Dispatch
import Foundation
import Testing

/// A state that holds an object, so that a test can see which recorded states are still alive.
private struct Holding: StateProtocol {
  var marker: Tracked?
  var count = 0
}

/// Puts the action's `Tracked` payload (or none) into the state.
private let holdingReducer = Reducer<Holding> { action, state, finish in
  finish(Holding(marker: action.data as? Tracked, count: state.count + 1))
}

/// Runs `body` with a new empty directory, removed afterwards.
private func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
  let directory = FileManager.default.temporaryDirectory
    .appending(component: "LifetimeTests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  try body(directory)
}

/// Leak checks for what issue 5 added (the action log, persistence) and for a store with all of
/// it attached: each test holds weak references and fails while one is still set.
@Suite("Memory: action logs, persistence and fully equipped stores are freed with their owners")
struct LifetimeTests {
  @Test("an action log and its entries are freed when its owner lets go")
  func logAndEntriesFreed() {
    let store = Store(state: Holding(), reducer: holdingReducer)
    var log: ActionLog<Holding>? = ActionLog(recording: store)
    weak let weakLog = log
    var first: Tracked? = Tracked("first entry")
    weak let weakFirst = first
    store.dispatch(Action(type: 1, data: first))
    first = nil
    store.dispatch(Action(type: 1))  // the store's state no longer holds the first marker
    #expect(weakFirst != nil, "the log's entries hold the first action and its state")
    #expect(log?.entries.count == 2)
    log = nil
    #expect(weakLog == nil, "the store (or its subscription) kept the log alive")
    #expect(weakFirst == nil, "the log's entries outlived the log")
    #expect(store.subscriberCount == 0)
  }

  @Test("an action log is freed while the store it records has an asynchronous reducer in flight")
  func logFreedWithReducerInFlight() {
    let held = Locked<Finish<Holding>?>(nil)
    let store = Store(
      state: Holding(),
      reducer: Reducer<Holding> { action, state, finish in
        if action.type == 2 {
          held.withLock { $0 = finish }  // finishes when the test says so
        } else {
          holdingReducer.execute(action: action, state: state, finish: finish)
        }
      }, reducerTimeout: .zero)
    var log: ActionLog<Holding>? = ActionLog(recording: store)
    weak let weakLog = log
    var recorded: Tracked? = Tracked("recorded")
    weak let weakRecorded = recorded
    store.dispatch(Action(type: 1, data: recorded))
    recorded = nil
    store.dispatch(Action(type: 2))  // in flight
    #expect(throws: Never.self) { try log?.jump(toEntry: -1) }  // queued behind it
    #expect(!store.isIdle)
    log = nil
    #expect(weakLog == nil, "the action in flight or the queued jump kept the log alive")
    #expect(weakRecorded == nil || store.state.marker === weakRecorded)
    held.current?(Holding(count: 10))
    held.withLock { $0 = nil }
    #expect(store.isIdle)
    #expect(store.state.count == 0, "the queued jump still ran: back to the initial state")
    #expect(weakRecorded == nil)
    #expect(store.subscriberCount == 0)
  }

  @Test("keepSaving does not keep the store alive; its subscription ends with the store")
  func keepSavingDoesNotRetainStore() throws {
    try withTemporaryDirectory { directory in
      let persistence = StatePersistence<Counter.Saved>(
        fileURL: directory.appending(component: "counter.json"), schemaVersion: 1)
      var store: Store<Counter.Saved>? = Store(
        state: Counter.Saved(), reducer: Counter.savedReducer)
      weak let weakStore = store
      let subscription = try #require(store.map { persistence.keepSaving($0) })
      store?.dispatch(Action(type: 1))
      store = nil
      #expect(weakStore == nil, "keepSaving kept the store alive")
      #expect(subscription.isCancelled)
      persistence.flush()
      #expect(persistence.restore(or: Counter.Saved()).state.value == 1)
    }
  }

  @Test("a store with a log, persistence and middleware is freed when the app lets go")
  func fullyEquippedStoreIsFreed() throws {
    try withTemporaryDirectory { directory in
      var inMiddleware: Tracked? = Tracked("middleware")
      weak let weakInMiddleware = inMiddleware
      var inReducer: Tracked? = Tracked("reducer")
      weak let weakInReducer = inReducer
      var persistence: StatePersistence<Counter.Saved>? = StatePersistence(
        fileURL: directory.appending(component: "counter.json"), schemaVersion: 1)
      weak let weakWriter = persistence?.writer
      var store: Store<Counter.Saved>? = Store(
        state: persistence?.restore(or: Counter.Saved()).state ?? Counter.Saved(),
        reducer: Reducer<Counter.Saved> { [inReducer] action, state, finish in
          _ = inReducer
          Counter.savedReducer.execute(action: action, state: state, finish: finish)
        },
        middleware: [
          Middleware { [inMiddleware] action, context in
            _ = inMiddleware
            context.next(action)
          }
        ])
      weak let weakStore = store
      var log: ActionLog<Counter.Saved>? = store.map { ActionLog(recording: $0) }
      weak let weakLog = log
      if let store { persistence?.keepSaving(store) }
      var view: Tracked? = Tracked("view")
      weak let weakView = view
      if let view { store?.subscribe(owner: view) { _, _, _ in } }
      store?.subscribe { [weak store] action, _ in
        if action.type == 1 { store?.dispatch(Action(type: 2)) }
      }
      store?.dispatch(Action(type: 1))
      store?.dispatch(Thunk<Counter.Saved> { context in context.dispatch(Action(type: 3)) })
      #expect(store?.state.value == 3)
      #expect(log?.entries.count == 3)
      try log?.jump(toEntry: 0)
      persistence?.flush()
      inMiddleware = nil
      inReducer = nil

      view = nil
      store = nil
      log = nil
      persistence = nil
      #expect(weakStore == nil, "the store was kept alive")
      #expect(weakLog == nil, "the log was kept alive")
      #expect(weakInMiddleware == nil, "the middleware was kept alive")
      #expect(weakInReducer == nil, "the reducer (and the store's engine) was kept alive")
      #expect(weakWriter == nil, "the persistence's writer queue was kept alive")
      #expect(weakView == nil, "the view following the store was kept alive")
    }
  }

  @Test("a thunk that keeps its context can dispatch after the store is gone; nobody is notified")
  func dispatchAfterStoreIsGone() async {
    var inReducer: Tracked? = Tracked("reducer")
    weak let weakInReducer = inReducer
    let kept = Locked<ThunkContext<Counter>?>(nil)
    var store: Store<Counter>? = Store(
      state: Counter(),
      reducer: Reducer<Counter> { [inReducer] action, state, finish in
        _ = inReducer
        counterReducer().execute(action: action, state: state, finish: finish)
      })
    weak let weakStore = store
    inReducer = nil
    let notified = Locked(0)
    store?.subscribe { _, _ in notified.withLock { $0 += 1 } }
    store?.dispatch(Thunk<Counter> { context in kept.withLock { $0 = context } })
    store = nil
    #expect(weakStore == nil, "a kept thunk context does not keep the Store object")

    do {
      let context = kept.current
      context?.dispatch(Action(type: 1))
      #expect(context?.state.value == 1, "the action was still reduced")
      let sent = await context?.send(Action(type: 2, data: 5)).state
      #expect(sent?.value == 6, "send still returns the committed state")
    }
    #expect(notified.current == 0, "the store's subscriptions ended with it")
    kept.withLock { $0 = nil }
    #expect(weakInReducer == nil, "the reducer outlived the last context")
  }
}

extension Counter {
  /// A `Codable` counter for the persistence lifetimes.
  struct Saved: StateProtocol, Codable, Equatable {
    var value = 0
  }

  /// Adds the action's type.
  static let savedReducer = Reducer<Saved> { action, state, finish in
    finish(Saved(value: state.value + ((action.data as? Int) ?? 1)))
  }
}
