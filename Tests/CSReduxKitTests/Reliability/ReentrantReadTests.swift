import CSReduxKit
import CSReduxKitTestSupport
import CSReduxKitTesting
import Dispatch
import Foundation
import Testing

// Every reducer flavour, in both state-access modes, against every way the state can be read
// while a reduction runs on the same thread (and a read from another thread meanwhile). None
// may stop the program or hang: by default a read gets the state from before the action; a
// store that lends its state gets the `readsInsideGet` value and a report.

/// The part a scoped reducer works on.
struct ReentryPart: StateProtocol, Equatable, Codable {
  var value = 0
}

/// The state of the matrix.
struct ReentryState: StateProtocol, Equatable, Codable {
  var part = ReentryPart()
  var value: Int {
    get { part.value }
    set { part.value = newValue }
  }
}

enum ReentryAction: Int {
  /// Runs the test's hook inside the reducer, then adds 1.
  case work = 1
  /// Adds 100.
  case followUp = 2
  /// Sets the value to the `Int` payload.
  case mirror = 3
}

/// What a read from inside a lending reducer gets.
let reentryPlaceholder = ReentryState(part: ReentryPart(value: -1000))

/// The hook a reducer runs for `.work`, before its change.
typealias ReentryHook = @Sendable () -> Void

private func apply(_ action: any ActionProtocol, to value: inout Int, hook: ReentryHook) {
  switch ReentryAction(rawValue: action.type) {
  case .work:
    hook()
    value += 1
  case .followUp: value += 100
  case .mirror: value = (action.data as? Int) ?? value
  case nil: break
  }
}

private func neverThrows() throws {}

/// A protocol-conforming in-place reducer whose `reduce` does not throw.
private struct CustomReentryReducer: InPlaceReducerProtocol {
  let hook: ReentryHook
  func reduce(_ action: any ActionProtocol, into state: inout ReentryState) {
    apply(action, to: &state.value, hook: hook)
  }
}

/// What each flavour reads and reports, and its reducer and store, on `ReentryState`.
extension ReducerFlavour {
  /// What a read of the state from inside the reducer, before its change, returns.
  var readInside: Int { lends ? reentryPlaceholder.value : 0 }

  /// The reports one such read makes.
  var readReports: [StoreDiagnostic.Kind] { lends ? [.stateReadWhileLent] : [] }

  func reducer(_ hook: @escaping ReentryHook) -> any ReducerProtocol<ReentryState> {
    switch kind {
    case .reducer:
      return Reducer<ReentryState> { action, state, finish in
        var state = state
        apply(action, to: &state.value, hook: hook)
        finish(state)
      }
    case .inPlaceThrowing:
      return InPlaceReducer<ReentryState> { action, state in
        try neverThrows()
        apply(action, to: &state.value, hook: hook)
      }
    case .inPlace:
      return InPlaceReducer<ReentryState>.nonThrowing { action, state in
        apply(action, to: &state.value, hook: hook)
      }
    case .custom:
      return CustomReentryReducer(hook: hook)
    case .router:
      return ActionRouter<ReentryState> {
        On(ReentryAction.work) { state in
          hook()
          state.value += 1
        }
        On(ReentryAction.followUp) { state in state.value += 100 }
        On(ReentryAction.mirror, payload: Int.self) { value, state in state.value = value }
      }
    case .combined:
      return CombinedReducer<ReentryState>(
        InPlaceReducer<ReentryState>.nonThrowing { action, state in
          apply(action, to: &state.value, hook: hook)
        },
        Reducer<ReentryState> { _, state, finish in finish(state) })
    case .scoped:
      return ScopedReducer(
        "part", state: \ReentryState.part,
        reducer: InPlaceReducer<ReentryPart>.nonThrowing { action, part in
          apply(action, to: &part.value, hook: hook)
        })
    }
  }

  /// A store of this flavour whose reducer runs `hook` for `.work`.
  func makeStore(
    middleware: [Middleware<ReentryState>] = [], diagnostics: DiagnosticLog,
    _ hook: @escaping @Sendable (Store<ReentryState>) -> Void
  ) -> Store<ReentryState> {
    let reference = WeakStore<ReentryState>()
    let store = Store(
      state: ReentryState(),
      reducer: reducer { reference.store.map(hook) },
      stateAccess: asksToLend
        ? .lentToReducer(readsInsideGet: reentryPlaceholder) : .alwaysReadable,
      name: "Reentry", middleware: middleware, diagnostics: diagnostics.handler)
    reference.store = store
    // A store asked to lend whose reducer cannot take it says so once, where it is made; the
    // tests below look at what happens after that.
    let refused = diagnostics.entries.withLock { entries in
      defer { entries.removeAll { $0.kind == .stateCannotBeLent } }
      return entries.filter { $0.kind == .stateCannotBeLent }.count
    }
    #expect(refused == (asksToLend && !lends ? 1 : 0))
    return store
  }
}

@Suite("Reading the state during a reduction: every reducer flavour, in both modes")
struct ReentrantReadTests {
  @Test(
    "store.state read inside the reducer: the state before the action, or readsInsideGet",
    arguments: ReducerFlavour.all)
  func storeState(flavour: ReducerFlavour) {
    let log = DiagnosticLog()
    let seen = Locked<[Int]>([])
    let store = flavour.makeStore(diagnostics: log) { store in seen.append(store.state.value) }
    store.dispatch(Action(ReentryAction.work))
    store.dispatch(Action(ReentryAction.work))
    #expect(seen.current == [flavour.readInside, flavour.lends ? flavour.readInside : 1])
    #expect(store.state.value == 2)
    #expect(log.kinds == flavour.readReports + flavour.readReports)
  }

  @Test(
    "a middleware's context.state for an action the reducer dispatched is read after the commit",
    arguments: ReducerFlavour.all)
  func middlewareState(flavour: ReducerFlavour) {
    let log = DiagnosticLog()
    let events = Locked<[String]>([])
    let reading = Middleware<ReentryState> { action, context in
      events.append("middleware \(action.type) sees \(context.state.value)")
      context.next(action)
    }
    let store = flavour.makeStore(middleware: [reading], diagnostics: log) { store in
      events.append("reduce")
      store.dispatch(Action(ReentryAction.followUp))
      events.append("reducer goes on")
    }
    store.subscribe { action, state in events.append("commit \(action.type): \(state.value)") }
    store.dispatch(Action(ReentryAction.work))
    #expect(
      events.current == [
        "middleware 1 sees 0", "reduce", "reducer goes on", "commit 1: 1",
        "middleware 2 sees 1", "commit 2: 101",
      ])
    #expect(log.kinds == [.dispatchFromReducer])
  }

  @Test(
    "a thunk the reducer dispatched runs after the commit and reads the committed state",
    arguments: ReducerFlavour.all)
  func thunkState(flavour: ReducerFlavour) {
    let log = DiagnosticLog()
    let events = Locked<[String]>([])
    let store = flavour.makeStore(diagnostics: log) { store in
      store.dispatch(
        Thunk<ReentryState> { context in
          events.append("thunk sees \(context.state.value)")
          context.dispatch(Action(ReentryAction.followUp))
        })
    }
    store.subscribe { action, state in events.append("commit \(action.type): \(state.value)") }
    store.dispatch(Action(ReentryAction.work))
    #expect(events.current == ["commit 1: 1", "thunk sees 1", "commit 2: 101"])
    #expect(log.kinds == [.dispatchFromReducer])
  }

  @Test(
    "send from a thunk the reducer dispatched returns the state committed for its action",
    arguments: ReducerFlavour.all)
  func send(flavour: ReducerFlavour) async {
    let log = DiagnosticLog()
    let sent = Locked<[Int]>([])
    let done = AsyncLatch()
    let store = flavour.makeStore(diagnostics: log) { store in
      store.dispatch(
        .effect { context in
          sent.append(await context.send(Action(ReentryAction.followUp)).state.value)
          done.open()
        })
    }
    let state = await store.send(Action(ReentryAction.work)).state
    #expect(state.value == 1)
    await done.wait()
    #expect(sent.current == [101])
    #expect(log.kinds == [.dispatchFromReducer])
  }

  @Test(
    "updates() started inside the reducer yields that action's commit",
    arguments: ReducerFlavour.all)
  func updates(flavour: ReducerFlavour) async {
    let log = DiagnosticLog()
    let stream = Locked<AsyncStream<StoreUpdate<ReentryState>>?>(nil)
    let store = flavour.makeStore(diagnostics: log) { store in
      stream.withLock { $0 = store.updates() }
    }
    store.dispatch(Action(ReentryAction.work))
    store.dispatch(Action(ReentryAction.followUp))
    guard let updates = stream.current else {
      Issue.record("the reducer made no stream")
      return
    }
    let received = await collect(2, from: updates)
    #expect(received.map(\.action.type) == [1, 2])
    #expect(received.map(\.state.value) == [1, 101])
    #expect(log.kinds.isEmpty)
  }

  @Test(
    "subscribeOnMainActor from inside the reducer delivers that action's commit",
    arguments: ReducerFlavour.all)
  func subscribeOnMainActor(flavour: ReducerFlavour) async {
    let log = DiagnosticLog()
    let delivered = Locked<[Int]>([])
    let arrived = AsyncLatch()
    let subscription = Locked<Subscription?>(nil)
    let store = flavour.makeStore(diagnostics: log) { store in
      let made = store.subscribeOnMainActor { _, state in
        delivered.append(state.value)
        arrived.open()
      }
      subscription.withLock { $0 = made }
    }
    store.dispatch(Action(ReentryAction.work))
    await arrived.wait()
    #expect(delivered.current == [1])
    #expect(log.kinds.isEmpty)
    subscription.current?.cancel()
  }

  @Test(
    "a broadcast from inside the reducer is queued; another store's subscriber reads at once",
    arguments: ReducerFlavour.all)
  func broadcast(flavour: ReducerFlavour) {
    let log = DiagnosticLog()
    let coordinator = StoreCoordinator()
    let seen = Locked<[Int]>([])
    let store = flavour.makeStore(diagnostics: log) { _ in
      coordinator.broadcast(Action(ReentryAction.followUp))
    }
    let other = Store(
      state: ReentryState(), reducer: ReducerFlavour(kind: .reducer, asksToLend: false).reducer {})
    other.subscribe { [weak store] _, _ in seen.append(store?.state.value ?? -1) }
    coordinator.register(store)
    coordinator.register(other)
    store.dispatch(Action(ReentryAction.work))
    #expect(store.state.value == 101)
    #expect(other.state.value == 100)
    #expect(
      seen.current == [flavour.readInside], "the other store was reached during the reduction")
    #expect(log.kinds == [.dispatchFromReducer] + flavour.readReports)
  }

  @Test(
    "a follow set up inside the reducer starts from a defined value, then follows the commit",
    arguments: ReducerFlavour.all)
  func follow(flavour: ReducerFlavour) {
    let log = DiagnosticLog()
    let coordinator = StoreCoordinator()
    let target = Store(
      state: ReentryState(), reducer: ReducerFlavour(kind: .reducer, asksToLend: false).reducer {})
    let mirrored = Locked<[Int]>([])
    target.subscribe { action, state in
      if action.type == ReentryAction.mirror.rawValue { mirrored.append(state.value) }
    }
    let follow = Locked<Subscription?>(nil)
    let store = flavour.makeStore(diagnostics: log) { store in
      let made = coordinator.follow(store, select: \.value, in: target) {
        Action(ReentryAction.mirror, data: $0)
      }
      follow.withLock { $0 = made }
    }
    store.dispatch(Action(ReentryAction.work))
    #expect(mirrored.current == [flavour.readInside, 1])
    #expect(log.kinds == flavour.readReports)
    follow.current?.cancel()
  }

  @Test(
    "an ActionLog attached inside the reducer starts from a defined state and records the action",
    arguments: ReducerFlavour.all)
  func actionLog(flavour: ReducerFlavour) {
    let log = DiagnosticLog()
    let actionLog = Locked<ActionLog<ReentryState>?>(nil)
    let store = flavour.makeStore(diagnostics: log) { store in
      actionLog.withLock { $0 = ActionLog(recording: store) }
    }
    store.dispatch(Action(ReentryAction.work))
    let attached = actionLog.current
    #expect(attached?.initialState.value == flavour.readInside)
    #expect(attached?.entries.map(\.state.value) == [1])
    #expect(log.kinds.allSatisfy { $0 == .stateReadWhileLent })
    #expect(log.kinds.isEmpty == !flavour.lends)
    actionLog.withLock { $0 = nil }  // the log holds the store's engine: break the cycle
  }

  @Test(
    "StatePersistence.save inside the reducer saves a defined state; keepSaving saves the commit",
    arguments: ReducerFlavour.all)
  func persistence(flavour: ReducerFlavour) throws {
    let directory = FileManager.default.temporaryDirectory
      .appending(path: "csreduxkit-reentry-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let inside = StatePersistence<ReentryState>(
      fileURL: directory.appending(path: "inside.json"), schemaVersion: 1)
    let kept = StatePersistence<ReentryState>(
      fileURL: directory.appending(path: "kept.json"), schemaVersion: 1)
    let log = DiagnosticLog()
    let saving = Locked<Subscription?>(nil)
    let failures = Locked<[String]>([])
    let store = flavour.makeStore(diagnostics: log) { store in
      do {
        try inside.save(store.state)
      } catch {
        failures.append("\(error)")
      }
      saving.withLock { $0 = kept.keepSaving(store) }
    }
    store.dispatch(Action(ReentryAction.work))
    kept.flush()
    #expect(failures.current.isEmpty)
    #expect(inside.restore(or: ReentryState(), report: { _ in }).state.value == flavour.readInside)
    #expect(kept.restore(or: ReentryState(), report: { _ in }).state.value == 1)
    #expect(log.kinds == flavour.readReports)
    saving.current?.cancel()
  }

  @Test(
    "a read from another thread during a reduction returns at once, or waits when lent",
    arguments: ReducerFlavour.all)
  func readFromAnotherThread(flavour: ReducerFlavour) async {
    let log = DiagnosticLog()
    let started = Latch()
    let release = DispatchSemaphore(value: 0)
    let reducerEnded = Locked(false)
    let releasedInTime = Locked<Bool?>(nil)
    // A lending store makes the read wait for the reducer, so that reduction ends on its own
    // after 1 s; any other holds until the reader has its value, however loaded the machine.
    let reduction = flavour.lends ? 1 : hangBound
    let store = flavour.makeStore(diagnostics: log) { _ in
      started.open()
      let released = release.wait(timeout: .now() + reduction) == .success
      releasedInTime.withLock { $0 = released }
      reducerEnded.withLock { $0 = true }
    }
    // The reader blocks (a lent read waits): on a thread of its own, never the test's.
    let (read, endedBeforeRead) = await offThePool {
      let dispatched = Latch()
      let thread = Thread {
        store.dispatch(Action(ReentryAction.work))
        dispatched.open()
      }
      thread.start()
      started.wait()
      let read = store.state.value
      let endedBeforeRead = reducerEnded.current
      release.signal()
      dispatched.wait()
      return (read, endedBeforeRead)
    }
    if flavour.lends {
      // The read waited for the commit: the reducer ran its full second.
      #expect(read == 1)
      #expect(endedBeforeRead)
      #expect(releasedInTime.current == false)
    } else {
      #expect(read == 0)
      #expect(!endedBeforeRead, "the read waited for the reducer")
      #expect(releasedInTime.current == true)
    }
    #expect(store.state.value == 1)
    #expect(log.kinds.isEmpty)
  }
}

#if canImport(Observation)
  @Suite("Creating a StoreObservation during a reduction, every reducer flavour")
  struct ReentrantObservationTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test(
      "an observation made inside the reducer starts from a defined value, then follows",
      arguments: ReducerFlavour.all)
    @MainActor
    func observation(flavour: ReducerFlavour) async {
      let log = DiagnosticLog()
      let observation = Locked<StoreObservation<ReentryState, Int>?>(nil)
      let firstValue = Locked<Int?>(nil)
      let store = flavour.makeStore(diagnostics: log) { store in
        MainActor.assumeIsolated {
          let made = StoreObservation(store) { $0.value }
          firstValue.withLock { $0 = made.value }
          observation.withLock { $0 = made }
        }
      }
      store.dispatch(Action(ReentryAction.work))  // on the main actor: the reducer runs here
      await runPendingMainActorDeliveries()
      #expect(firstValue.current == flavour.readInside)
      #expect(observation.current?.value == 1)
      #expect(log.kinds == flavour.readReports)
    }
  }
#endif
