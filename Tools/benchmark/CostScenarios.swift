import CSReduxKit
import CSReduxKitCore
import Dispatch

// What apps pay beyond a bare dispatch: a broadcast, a chain of follows, a dispatch recorded by
// an action log, observations, and effects. Each scenario runs in alternate runs with its
// floor (`floor/…`): the least the same work can cost done by hand, in the same process; the
// targets are ratios to it. Each comes in two sizes, to show how the cost grows.

/// Sets the counter to the action's `Int` payload: what a follow dispatches.
let setType = 1

/// The counter reducer, plus `setType`.
let chainReducer = Reducer<Counter> { action, state, finish in
  var state = counterStep(action: action, state: state)
  if action.type == setType, let value = action.data as? Int { state.value = value }
  finish(state)
}

/// An array state of which an observation follows one element each.
struct Cells: StateProtocol, Equatable {
  var cells: [Int]
}

/// The identity of the benchmark's effects.
struct EffectID: Hashable, Sendable {}

/// Opens once; everything waiting on it then resumes. Lets a burst of effects keep running
/// until the burst is over.
final class Latch: @unchecked Sendable {
  /// A semaphore of one, as a lock: the core imports no Foundation, nor does this file.
  private let lock = DispatchSemaphore(value: 1)
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      lock.wait()
      if isOpen {
        lock.signal()
        continuation.resume()
      } else {
        waiting.append(continuation)
        lock.signal()
      }
    }
  }

  func open() {
    lock.wait()
    isOpen = true
    let resumed = waiting
    waiting = []
    lock.signal()
    for continuation in resumed { continuation.resume() }
  }
}

extension Bench {
  /// Runs the scenarios of this file in order.
  mutating func appCosts() {
    broadcast(stores: 10)
    broadcast(stores: 100)
    followChain(stores: 3)
    followChain(stores: 6)
    logDispatch()
    timelineDispatch()
    logDispatchOnAppState()
    timelineDispatchOnAppState()
    logOnLendingStore(items: 10, label: "10")
    logOnLendingStore(items: 10_000, label: "10k")
    observations(100)
    observations(1_000)
    effectStartAndFinish()
    effectBurst(100)
    effectBurst(1_000)
    streamScenarios()
  }

  /// Records a scenario and its floor, measured in alternate runs.
  mutating func pair(
    _ name: String, floor: String, unit: String, maximumOperations: Int = 1 << 40,
    _ body: (Int) -> Void, floor floorBody: (Int) -> Void
  ) {
    let (measured, floorMeasured) = measurePair(
      name, floor: floor, unit: unit, options: options, maximumOperations: maximumOperations,
      body, floor: floorBody)
    record(measured)
    record(floorMeasured)
  }

  /// `StoreCoordinator.broadcast` to `stores` counter stores, against dispatching the same
  /// action to each of them in a loop.
  mutating func broadcast(stores count: Int) {
    let name = "coordinator/broadcast/\(count)"
    guard begins(name) else { return }
    let stores = (0..<count).map { _ in makeCounterStore() }
    let coordinator = StoreCoordinator()
    for store in stores { coordinator.register(store) }
    let action = makeAction(type: incrementType)
    var total = 0
    pair(
      name, floor: "floor/dispatch-loop/\(count)", unit: "broadcast",
      { operations in
        for _ in 0..<operations { coordinator.broadcast(action) }
        total += operations
      },
      floor: { operations in
        for _ in 0..<operations {
          for store in stores { store.dispatch(action) }
        }
        total += operations
      })
    check(
      stores.allSatisfy { $0.state.value == total },
      "\(name): a store missed a broadcast (\(stores.map(\.state.value).max() ?? 0) of \(total))")
  }

  /// A chain of follows through `stores` stores, one dispatch to the first, against the same
  /// dispatches made directly: the increment to the first store, a set action to each other.
  mutating func followChain(stores count: Int) {
    let name = "coordinator/follow-chain/\(count)"
    guard begins(name) else { return }
    let coordinator = StoreCoordinator()
    let chain = (0..<count).map { _ in makeCounterStore(reducer: chainReducer) }
    for (source, target) in zip(chain, chain.dropFirst()) {
      coordinator.follow(source, select: { $0.value }, in: target, sendsInitialValue: false) {
        Action(type: setType, data: $0)
      }
    }
    let direct = (0..<count).map { _ in makeCounterStore(reducer: chainReducer) }
    let increment = makeAction(type: incrementType)
    pair(
      name, floor: "floor/direct-dispatches/\(count)", unit: "change",
      { operations in
        for _ in 0..<operations { chain[0].dispatch(increment) }
      },
      floor: { operations in
        for _ in 0..<operations {
          direct[0].dispatch(increment)
          let value = direct[0].state.value
          for store in direct.dropFirst() { store.dispatch(Action(type: setType, data: value)) }
        }
      })
    let first = chain[0].state.value
    check(
      chain.allSatisfy { $0.state.value == first },
      "\(name): the chain did not follow (\(chain.map(\.state.value)))")
  }

  /// A counter store with an `ActionLog` attached, against the same store without one, and
  /// against the same store without one plus the two clock reads a logged turn makes (the
  /// store times each reducer for the log's `reducerDuration`), in turn in one measurement.
  mutating func logDispatch() {
    let name = "log/dispatch/counter"
    guard begins(name) else { return }
    let logged = makeCounterStore()
    let log = ActionLog(recording: logged)
    let plain = makeCounterStore()
    let timed = makeCounterStore()
    let action = makeAction(type: incrementType)
    var clockSum: UInt64 = 0
    let measured = measureAlternately(
      [
        (
          name,
          { operations in
            for _ in 0..<operations { logged.dispatch(action) }
          }
        ),
        (
          "floor/no-log/counter",
          { operations in
            for _ in 0..<operations { plain.dispatch(action) }
          }
        ),
        (
          "floor/no-log-two-clock-reads/counter",
          { operations in
            for _ in 0..<operations {
              let start = _uptimeNanoseconds()
              timed.dispatch(action)
              clockSum &+= _uptimeNanoseconds() &- start
            }
          }
        ),
      ], unit: "dispatch", options: options)
    measured.forEach { record($0) }
    check(clockSum > 0, "\(name): the clock reads of the floor were optimized away")
    check(
      log.entries.last?.state.value == logged.state.value,
      "\(name): the log's last entry is not the store's state")
  }

  /// A counter store recorded by a `Timeline` (with one other store recorded beside it),
  /// against the same store without one: the mark, the task-local bindings around the round
  /// and the entry.
  mutating func timelineDispatch() {
    let name = "timeline/dispatch/counter"
    guard begins(name) else { return }
    let recorded = makeCounterStore()
    let timeline = Timeline(capacity: 1_000)
    var codec = ActionLogCodec<Counter>()
    codec.register(incrementType)
    do {
      try timeline.record(recorded, codec: codec)
      try timeline.record(
        Store(state: Counter(), reducer: counterReducer, name: "Other"), codec: codec)
    } catch {
      results.failures.append("\(name): \(error)")
      return
    }
    let plain = makeCounterStore()
    let action = makeAction(type: incrementType)
    pair(
      name, floor: "floor/no-timeline/counter", unit: "dispatch",
      { operations in
        for _ in 0..<operations { recorded.dispatch(action) }
      },
      floor: { operations in
        for _ in 0..<operations { plain.dispatch(action) }
      })
    check(
      (timeline.entries.last?.state as? Counter)?.value == recorded.state.value,
      "\(name): the timeline's last entry is not the store's state")
  }

  /// The app-shaped state (strings, an array of structs, a dictionary) with an `ActionLog`
  /// attached, against the same store without one and without one plus the two clock reads of
  /// a logged turn, in turn in one measurement: the log counts the bytes of each state it keeps,
  /// which for such a state is more than its inline size.
  mutating func logDispatchOnAppState() {
    let name = "log/dispatch/app-state"
    guard begins(name) else { return }
    let logged = makeAppStore()
    let log = ActionLog(recording: logged)
    let plain = makeAppStore()
    let timed = makeAppStore()
    let action = makeAction(type: incrementType)
    var clockSum: UInt64 = 0
    let measured = measureAlternately(
      [
        (
          name,
          { operations in
            for _ in 0..<operations { logged.dispatch(action) }
          }
        ),
        (
          "floor/no-log/app-state",
          { operations in
            for _ in 0..<operations { plain.dispatch(action) }
          }
        ),
        (
          "floor/no-log-two-clock-reads/app-state",
          { operations in
            for _ in 0..<operations {
              let start = _uptimeNanoseconds()
              timed.dispatch(action)
              clockSum &+= _uptimeNanoseconds() &- start
            }
          }
        ),
      ], unit: "dispatch", options: options)
    measured.forEach { record($0) }
    check(clockSum > 0, "\(name): the clock reads of the floor were optimized away")
    check(
      log.entries.last?.state.visits == logged.state.visits,
      "\(name): the log's last entry is not the store's state")
  }

  /// The app-shaped state recorded by a `Timeline`, against the same store without one.
  mutating func timelineDispatchOnAppState() {
    let name = "timeline/dispatch/app-state"
    guard begins(name) else { return }
    let recorded = makeAppStore()
    let timeline = Timeline(capacity: 1_000)
    var codec = ActionLogCodec<AppState>()
    codec.register(incrementType)
    do {
      try timeline.record(recorded, codec: codec)
    } catch {
      results.failures.append("\(name): \(error)")
      return
    }
    let plain = makeAppStore()
    let action = makeAction(type: incrementType)
    pair(
      name, floor: "floor/no-timeline/app-state", unit: "dispatch",
      { operations in
        for _ in 0..<operations { recorded.dispatch(action) }
      },
      floor: { operations in
        for _ in 0..<operations { plain.dispatch(action) }
      })
    check(
      (timeline.entries.last?.state as? AppState)?.visits == recorded.state.visits,
      "\(name): the timeline's last entry is not the store's state")
  }

  /// A store that lends its `items`-item array state to an in-place reducer, with an
  /// `ActionLog` attached, against the same store without one.
  mutating func logOnLendingStore(items: Int, label: String) {
    let name = "log/lent-array/\(label)"
    guard begins(name) else { return }
    func makeStore() -> Store<Items> {
      Store(
        state: Items(count: items),
        reducer: InPlaceReducer<Items>.nonThrowing { action, state in
          touchOneItem(action: action, state: &state)
        }, stateAccess: .lentToReducer(readsInsideGet: Items(count: 0)), name: "ItemsStore")
    }
    let logged = makeStore()
    let log = ActionLog(recording: logged)
    let plain = makeStore()
    let action = makeAction(type: incrementType)
    pair(
      name, floor: "floor/no-log/lent-array/\(label)", unit: "dispatch",
      { operations in
        for _ in 0..<operations { logged.dispatch(action) }
      },
      floor: { operations in
        for _ in 0..<operations { plain.dispatch(action) }
      })
    check(
      log.entries.last?.state.tick == logged.state.tick,
      "\(name): the log's last entry is not the store's state")
  }

  /// `count` observations of one element each of an array state, one of which changes with
  /// each action; against the same selections compared by hand in a loop, and against
  /// `subscribe(select:)` subscriptions (the target's comparison).
  mutating func observations(_ count: Int) {
    #if canImport(Observation)
      let name = "observation/\(count)-one-changes"
      guard begins(name) else { return }
      let options = options
      let bump = Reducer<Cells> { action, state, finish in
        var state = state
        if action.type == incrementType { state.cells[0] &+= 1 }
        finish(state)
      }
      let action = makeAction(type: incrementType)
      let (observed, byHand, selected, correct) = MainActor.assumeIsolated {
        let store = Store(state: Cells(cells: Array(repeating: 0, count: count)), reducer: bump)
        let observations = (0..<count).map { index in
          StoreObservation(store) { $0.cells[index] }
        }
        let plain = Store(state: Cells(cells: Array(repeating: 0, count: count)), reducer: bump)
        let selections = (0..<count).map { index in
          { @Sendable (state: Cells) in state.cells[index] }
        }
        var last = selections.map { $0(plain.state) }
        let peer = Store(state: Cells(cells: Array(repeating: 0, count: count)), reducer: bump)
        let tally = Tally()
        let subscriptions = (0..<count).map { index in
          peer.subscribe(select: { $0.cells[index] }) { _, _ in tally.count &+= 1 }
        }
        // The three in turn, for twice the usual runs: the target compares the observations
        // with the subscriptions, and their medians wander apart under a changing load when
        // they are measured one after the other.
        let measured = measureAlternately(
          [
            (
              name,
              { operations in
                for _ in 0..<operations { store.dispatch(action) }
              }
            ),
            (
              "floor/selections-by-hand/\(count)",
              { operations in
                for _ in 0..<operations {
                  plain.dispatch(action)
                  let state = plain.state
                  for index in 0..<count {
                    let value = selections[index](state)
                    if value != last[index] { last[index] = value }
                  }
                }
                blackHole(last[0])
              }
            ),
            (
              "floor/subscribe-select/\(count)",
              { operations in
                for _ in 0..<operations { peer.dispatch(action) }
              }
            ),
          ], unit: "dispatch", options: options, rounds: 2 * options.runs + 1)
        subscriptions.forEach { $0.cancel() }
        let correct =
          observations[0].value == store.state.cells[0]
          && observations.dropFirst().allSatisfy { $0.value == 0 }
          && tally.count == peer.state.cells[0]
        return (measured[0], measured[1], measured[2], correct)
      }
      record(observed)
      record(byHand)
      record(selected)
      check(correct, "\(name): an observation missed its value or saw a wrong one")
    #endif
  }

  /// A `Thunk` with an identity and `cancelInFlight` started and awaited to its end, one at a
  /// time, against a `Task {}` started and awaited.
  mutating func effectStartAndFinish() {
    let name = "effect/cancel-in-flight/one"
    guard begins(name) else { return }
    let store = makeCounterStore()
    let done = DispatchSemaphore(value: 0)
    pair(
      name, floor: "floor/task/one", unit: "effect",
      { operations in
        for _ in 0..<operations {
          store.dispatch(
            Thunk<Counter>.effect(id: EffectID(), cancelInFlight: true) { _ in done.signal() })
          waitOrExit(done, name)
        }
      },
      floor: { operations in
        for _ in 0..<operations {
          Task { done.signal() }
          waitOrExit(done, name)
        }
      })
    let idle = DispatchSemaphore(value: 0)
    store.whenIdle { idle.signal() }
    waitOrExit(idle, name)
  }

  /// `count` such thunks started in a burst, each cancelling the one before while all keep
  /// running until the burst is over; against `count` tasks started in a burst. Per start.
  mutating func effectBurst(_ count: Int) {
    let name = "effect/cancel-in-flight/burst-\(count)"
    guard begins(name) else { return }
    let store = makeCounterStore()
    var (measured, floor) = measurePair(
      name, floor: "floor/task/burst-\(count)", unit: "start", options: options,
      { operations in
        for _ in 0..<operations {
          let latch = Latch()
          for _ in 0..<count {
            store.dispatch(
              Thunk<Counter>.effect(id: EffectID(), cancelInFlight: true) { _ in await latch.wait()
              })
          }
          latch.open()
          let idle = DispatchSemaphore(value: 0)
          store.whenIdle { idle.signal() }
          waitOrExit(idle, name)
        }
      },
      floor: { operations in
        for _ in 0..<operations {
          let latch = Latch()
          let group = DispatchGroup()
          for _ in 0..<count {
            group.enter()
            Task {
              await latch.wait()
              group.leave()
            }
          }
          latch.open()
          waitOrExit(group, name)
        }
      })
    // Each operation is a burst: per start is per burst over its starts.
    measured.samples = measured.samples.map { $0 / Double(count) }
    floor.samples = floor.samples.map { $0 / Double(count) }
    record(measured)
    record(floor)
  }
}
