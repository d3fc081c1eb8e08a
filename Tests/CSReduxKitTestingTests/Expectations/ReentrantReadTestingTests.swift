import CSReduxKit
import CSReduxKitTestSupport
import CSReduxKitTesting
import Foundation
import Testing

// The testing helpers against reducers that read their store's state while they run, for every
// reducer flavour in both state-access modes: nothing stops the program or hangs.

/// The state of these tests.
struct ReadBackState: StateProtocol, Equatable {
  var value = 0
  /// What the reducer read from the store.
  var readBack: [Int] = []
}

enum ReadBackAction: Int {
  /// Runs the test's hook, then adds 1.
  case work = 1
}

/// What a read from inside a lending reducer gets.
let readBackPlaceholder = ReadBackState(value: -1000)

private func neverThrows() throws {}

private struct CustomReadBackReducer: InPlaceReducerProtocol {
  let hook: @Sendable () -> Int
  func reduce(_ action: any ActionProtocol, into state: inout ReadBackState) {
    state.readBack.append(hook())
    state.value += 1
  }
}

/// The reducer and the store of each flavour, on `ReadBackState`.
extension ReducerFlavour {
  /// A reducer that appends what `hook` returns to `readBack`, then adds 1.
  func reducer(_ hook: @escaping @Sendable () -> Int) -> any ReducerProtocol<ReadBackState> {
    let step: @Sendable (inout ReadBackState) -> Void = { state in
      state.readBack.append(hook())
      state.value += 1
    }
    switch kind {
    case .reducer:
      return Reducer<ReadBackState> { _, state, finish in
        var state = state
        step(&state)
        finish(state)
      }
    case .inPlaceThrowing:
      return InPlaceReducer<ReadBackState> { _, state in
        try neverThrows()
        step(&state)
      }
    case .inPlace:
      return InPlaceReducer<ReadBackState>.nonThrowing { _, state in step(&state) }
    case .custom:
      return CustomReadBackReducer(hook: hook)
    case .router:
      return ActionRouter<ReadBackState> { On(ReadBackAction.work) { state in step(&state) } }
    case .combined:
      return CombinedReducer<ReadBackState>(
        InPlaceReducer<ReadBackState>.nonThrowing { _, state in step(&state) },
        Reducer<ReadBackState> { _, state, finish in finish(state) })
    case .scoped:
      return ScopedReducer(
        "all", state: \ReadBackState.self,
        reducer: InPlaceReducer<ReadBackState>.nonThrowing { _, state in step(&state) })
    }
  }

  /// A store whose reducer reads the store's own state and then runs `inside`.
  func makeStore(
    diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void,
    inside: @escaping @Sendable (Store<ReadBackState>) -> Void = { _ in }
  ) -> Store<ReadBackState> {
    let reference = WeakStore<ReadBackState>()
    let store = Store(
      state: ReadBackState(),
      reducer: reducer {
        guard let store = reference.store else { return -1 }
        let read = store.state.value
        inside(store)
        return read
      },
      stateAccess: asksToLend
        ? .lentToReducer(readsInsideGet: readBackPlaceholder) : .alwaysReadable,
      name: "ReadBack",
      diagnostics: { diagnostic in
        // Said once where the store is made when it cannot lend; not what these tests check.
        if diagnostic.kind != .stateCannotBeLent { diagnostics(diagnostic) }
      })
    reference.store = store
    return store
  }
}

@Suite("The testing helpers with reducers that read their store's state, every flavour")
struct ReentrantReadTestingTests {
  @Test(
    "Store.expect checks an action whose reducer reads the state", arguments: ReducerFlavour.all)
  func expect(flavour: ReducerFlavour) throws {
    let reports = Locked<[StoreDiagnostic.Kind]>([])
    let store = flavour.makeStore { diagnostic in reports.withLock { $0.append(diagnostic.kind) } }
    let read = flavour.lends ? readBackPlaceholder.value : 0
    try store.expect(dispatching: Action(ReadBackAction.work)) { state in
      state.value = 1
      state.readBack = [read]
    }
    #expect(reports.withLock { $0 } == (flavour.lends ? [.stateReadWhileLent] : []))
  }

  @Test(
    "Store.expect called inside the reducer fails with a timeout, never hangs or stops the program",
    arguments: ReducerFlavour.all)
  func expectInside(flavour: ReducerFlavour) {
    let failures = Locked<[StoreExpectationError.Kind]>([])
    let store = flavour.makeStore(diagnostics: { _ in }) { store in
      do {
        try store.expect(dispatching: Action(ReadBackAction.work), timeout: .milliseconds(50))
      } catch let error as StoreExpectationError {
        failures.withLock { $0.append(error.kind) }
      } catch {
        Issue.record(error)
      }
    }
    store.dispatch(Action(ReadBackAction.work))
    #expect(failures.withLock { $0 } == [.timedOut])
    #expect(store.state.value == 1)
  }

  @Test(
    "a StoreRecorder made inside the reducer records that action's commit",
    arguments: ReducerFlavour.all)
  func recorderInside(flavour: ReducerFlavour) throws {
    let recorder = Locked<StoreRecorder<ReadBackState>?>(nil)
    let store = flavour.makeStore(diagnostics: { _ in }) { store in
      recorder.withLock { $0 = $0 ?? StoreRecorder(store) }
    }
    store.dispatch(Action(ReadBackAction.work))
    store.dispatch(Action(ReadBackAction.work))
    let states = recorder.withLock { $0?.states } ?? []
    #expect(states.map(\.value) == [1, 2])
    let read = flavour.lends ? readBackPlaceholder.value : 0
    #expect(states.last?.readBack == [read, flavour.lends ? read : 1])
  }
}
