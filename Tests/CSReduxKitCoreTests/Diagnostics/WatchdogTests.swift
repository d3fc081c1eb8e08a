import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Foundation
import Testing

/// A state with a counter, for the reducers that block below.
private struct Slow: StateProtocol {
  var value = 0
}

/// The reducer flavours that run synchronously inside the store's call: each blocks inside its
/// call until `release` opens.
private enum Blocking: CaseIterable, CustomStringConvertible {
  case reducer, throwingInPlace, inPlace

  var description: String {
    switch self {
    case .reducer: "Reducer"
    case .throwingInPlace: "throwing InPlaceReducer"
    case .inPlace: "InPlaceReducer"
    }
  }

  func store(release: Latch, log: DiagnosticLog) -> Store<Slow> {
    let timeout = Duration.milliseconds(40)
    switch self {
    case .reducer:
      return Store(
        state: Slow(),
        reducer: Reducer<Slow> { _, state, finish in
          release.wait()
          finish(Slow(value: state.value + 1))
        }, reducerTimeout: timeout, diagnostics: log.handler)
    case .throwingInPlace:
      return Store(
        state: Slow(),
        reducer: InPlaceReducer<Slow> { action, state in
          release.wait()
          state.value = try action.payload(as: Int.self)
        }, reducerTimeout: timeout, diagnostics: log.handler)
    case .inPlace:
      return Store(
        state: Slow(),
        reducer: InPlaceReducer<Slow>.nonThrowing { _, state in
          release.wait()
          state.value += 1
        }, reducerTimeout: timeout, diagnostics: log.handler)
    }
  }
}

@Suite("The reducer-timeout watchdog watches the whole turn")
struct WatchdogTests {
  @Test(
    "a reducer stuck inside its call is reported while it is still stuck",
    arguments: Blocking.allCases)
  fileprivate func stuckInsideExecute(flavour: Blocking) async {
    let log = DiagnosticLog()
    let release = Latch()
    let store = flavour.store(release: release, log: log)
    let reported = log.latch(for: .reducerDidNotFinish)
    let dispatched = Latch()
    // The dispatching thread is the one that blocks, inside the reducer's call.
    Thread.detachNewThread {
      store.dispatch(Action(type: 1, data: 5))
      dispatched.open()
    }
    await reported.wait()
    #expect(!store.isIdle, "reported while the reducer is still inside its call")
    let report = log.entries.current.first { $0.kind == .reducerDidNotFinish }
    #expect(report?.actionType == 1)
    #expect(
      report?.message
        == "the reducer has not called finish after 0.04 seconds; no later action is waiting. "
        + "Make sure every path through the reducer calls finish exactly once.")
    expectDocumented(report?.message)
    release.open()
    await dispatched.wait()
    #expect(store.state.value != 0)
    #expect(log.kinds == [.reducerDidNotFinish], "reported once, nothing else")
  }

  @Test("a lent reducer that waits for a reader of its state is reported, naming the readers")
  func lentReducerWaitingForAReader() async {
    let log = DiagnosticLog()
    let readerStarted = Latch()
    let reported = log.latch(for: .reducerDidNotFinish)
    let proceed = Latch()
    let readBack = Locked<Int?>(nil)
    let holder = Locked<Store<Slow>?>(nil)
    let store = Store(
      state: Slow(),
      reducer: InPlaceReducer<Slow>.nonThrowing { _, state in
        // Waits for a thread that reads the lent state: that read waits for this commit. The
        // wait ends with the report, so that the test can go on.
        let store = holder.current
        Thread.detachNewThread {
          readerStarted.open()
          readBack.withLock { $0 = store?.state.value }
        }
        readerStarted.wait()
        proceed.wait()
        state.value += 1
      },
      // The report names the reads waiting when the watchdog looks, and a reader that has
      // started may not have begun its read yet: the timeout leaves a loaded machine (or a
      // sanitizer) seconds for that, where a thread usually takes microseconds.
      stateAccess: .lentToReducer(readsInsideGet: Slow()), reducerTimeout: .seconds(3),
      diagnostics: log.handler)
    holder.withLock { $0 = store }
    defer { holder.withLock { $0 = nil } }
    let dispatched = Latch()
    Thread.detachNewThread {
      store.dispatch(Action(type: 1))
      dispatched.open()
    }
    await reported.wait()
    proceed.open()
    await dispatched.wait()
    let report = log.entries.current.first { $0.kind == .reducerDidNotFinish }
    #expect(
      report?.message
        == "the reducer has not called finish after 3.0 seconds; no later action is waiting. "
        + "1 read(s) of the state on other threads are waiting for the state lent to this "
        + "reducer: a reducer that waits for one of them never finishes. Make sure every path "
        + "through the reducer calls finish exactly once.")
    expectDocumented(report?.message)
    #expect(store.state.value == 1)
  }

  @Test("a store asked to lend whose reducer cannot take it says so once, where it is created")
  func lendingRefusedIsReported() {
    let log = DiagnosticLog()
    let lent = StateAccess<Slow>.lentToReducer(readsInsideGet: Slow())
    _ = Store(
      state: Slow(), reducer: Reducer<Slow> { _, state, finish in finish(state) },
      stateAccess: lent, name: "Copying", diagnostics: log.handler)
    _ = Store(
      state: Slow(),
      reducer: InPlaceReducer<Slow> { action, state in
        state.value = try action.payload(as: Int.self)
      }, stateAccess: lent, name: "Throwing", diagnostics: log.handler)
    // Without `try`, yet not named: lending is chosen by name, never by what a closure holds.
    _ = Store(
      state: Slow(), reducer: InPlaceReducer<Slow> { _, state in state.value += 1 },
      stateAccess: lent, name: "Unnamed", diagnostics: log.handler)
    let lending = Store(
      state: Slow(), reducer: InPlaceReducer<Slow>.nonThrowing { _, state in state.value += 1 },
      stateAccess: lent, name: "Lending", diagnostics: log.handler)
    lending.dispatch(Action(type: 1))
    let reports = log.entries.current
    #expect(reports.map(\.kind) == [.stateCannotBeLent, .stateCannotBeLent, .stateCannotBeLent])
    #expect(reports.map(\.storeName) == ["Copying", "Throwing", "Unnamed"])
    #expect(reports.allSatisfy { $0.actionType == nil })
    #expect(
      reports.first?.message
        == "stateAccess: .lentToReducer was given, but this reducer cannot take a lent state "
        + "(only an in-place reducer that cannot throw can: InPlaceReducer.nonThrowing, or an "
        + "InPlaceReducerProtocol whose reduce does not throw); the store keeps its committed "
        + "state and copies it, as with .alwaysReadable. Use such a reducer, or leave "
        + "stateAccess at its default.")
    expectDocumented(reports.first?.message)
  }
}
