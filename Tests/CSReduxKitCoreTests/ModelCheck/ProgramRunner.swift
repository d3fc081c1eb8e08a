import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Foundation

/// Runs a `Program` on a real store and records what happened.
final class ProgramRunner: @unchecked Sendable {
  /// How long the store may take to drain before the run counts as hung.
  static let drainDeadline = 20.0
  static let reducerTimeout = Duration.milliseconds(20)

  let program: Program
  private let commits = Locked<[Snapshot]>([])
  private let dispatched = Locked<[Int]>([])
  private let completions = Locked<[Int: [Snapshot]]>([:])
  private let diagnostics = Locked<[(kind: StoreDiagnostic.Kind, actionType: Int?)]>([])
  private let parked = Locked<(finish: Finish<ModelState>, state: ModelState)?>(nil)
  /// The slow action in flight was reported before its reducer parked `finish` (the watchdog
  /// counts from the start of the turn; a preempted thread can reach the reducer late): the
  /// reducer finishes at once when it gets there.
  private let reportedBeforeParking = Locked(false)
  private let lateFinishes = DispatchSemaphore(value: 0)
  private let runtimeViolations = Locked<[String]>([])
  private let subscribers = Locked<[Int: SubscriberRecord]>([:])
  private weak var store: Store<ModelState>?
  private let queue = DispatchQueue(label: "model-check.reducers", attributes: .concurrent)

  /// What the runner keeps about one subscriber while the program runs.
  final class SubscriberRecord: @unchecked Sendable {
    let sub: Int
    let filter: Set<Int>?
    let cancelOn: Int?
    let seen = Locked<[Int]>([])
    let selfCancelledAt = Locked<Int?>(nil)
    let triggered = Locked(false)
    let subscription = Locked<Subscription?>(nil)
    let window = Locked<(Int, Int, Int?, Int?)>((0, 0, nil, nil))

    init(sub: Int, filter: Set<Int>?, cancelOn: Int?) {
      self.sub = sub
      self.filter = filter
      self.cancelOn = cancelOn
    }
  }

  init(_ program: Program) {
    self.program = program
  }

  /// Runs the program once on a new store and returns what it observed.
  static func run(_ program: Program) -> Observation {
    ProgramRunner(program).run()
  }

  private var commitCount: Int { commits.withLock { $0.count } }

  private func violation(_ text: String) {
    runtimeViolations.append(text)
  }

  private func run() -> Observation {
    let passThrough = Middleware<ModelState> { action, context in context.next(action) }
    let reducer: any ReducerProtocol<ModelState> =
      program.reducer.isInPlace ? makeInPlaceReducer() : makeReducer()
    let store = Store(
      state: ModelState(), reducer: reducer,
      stateAccess: program.reducer == .inPlaceLent
        ? .lentToReducer(readsInsideGet: ModelState()) : .alwaysReadable,
      name: "ModelStore",
      middleware: Array(repeating: passThrough, count: program.middleware),
      reducerTimeout: Self.reducerTimeout,
      diagnostics: { [self] diagnostic in received(diagnostic) })
    self.store = store
    // The oracle: subscribed first, never cancelled, so it is the first called in every round.
    store.subscribe { [self] action, state in
      commits.append(snapshot(action, state))
    }
    let allSynchronous =
      program.threads.count == 1
      && program.actions.values.allSatisfy {
        $0.behaviour.completesSynchronously
      }
    let finished = onThreadsBlocking(program.threads.count, deadline: Self.drainDeadline) {
      [self] thread in
      for step in program.threads[thread] {
        perform(step, on: store)
        // The engine's own invariants hold between any two transitions, whatever the other
        // threads are doing: checked under its lock after every step.
        if let broken = store.brokenEngineInvariant {
          violation("engine invariant broken after \(step): \(broken)")
        }
        if allSynchronous, case .dispatch = step, commitCount != dispatched.withLock(\.count) {
          violation("dispatch returned before its actions were committed, on an idle store")
        }
      }
    }
    guard finished else {
      violation("the program's threads did not finish within \(Self.drainDeadline) s")
      return observation(store)
    }
    drain(store)
    if let broken = store.brokenEngineInvariant {
      violation("engine invariant broken after the store drained: \(broken)")
    }
    let lateIDs = program.actions.filter { $0.value.behaviour == .twice(later: true) }.keys
    let lateDispatched = dispatched.withLock { ids in lateIDs.filter(ids.contains).count }
    for _ in 0..<lateDispatched
    where lateFinishes.wait(timeout: .now() + Self.drainDeadline) == .timedOut {
      violation("a late second finish never returned")
      break
    }
    return observation(store)
  }

  private func observation(_ store: Store<ModelState>) -> Observation {
    var observation = Observation()
    observation.commits = commits.current
    observation.dispatched = dispatched.current
    observation.barriers = Set(observation.dispatched.filter { program.actions[$0] == nil })
    observation.completions = completions.current
    observation.completionsExpected = Set(
      program.threads.joined().compactMap { step in
        if case .dispatch(let id, true, _) = step { return id }
        return nil
      }
    ).intersection(observation.dispatched)
    observation.diagnostics = diagnostics.current
    observation.finalState = store.state
    observation.runtimeViolations = runtimeViolations.current
    observation.subscribers = subscribers.current.values.sorted { $0.sub < $1.sub }.map { record in
      let (before, after, beforeCancel, afterCancel) = record.window.current
      return SubscriberObservation(
        sub: record.sub, filter: record.filter, cancelOn: record.cancelOn,
        selfCancelledAt: record.selfCancelledAt.current, seen: record.seen.current,
        beforeSubscribe: before, afterSubscribe: after, beforeCancel: beforeCancel,
        afterCancel: afterCancel)
    }
    return observation
  }

  /// Dispatches barriers until one completes with everything dispatched so far committed.
  ///
  /// The check runs inside the barrier's completion, which the store calls within its serial
  /// round: nothing can commit meanwhile, so "all dispatched actions are committed" there means
  /// the queue is empty. Checked on this thread after the completion, the counts could be read
  /// while the store still drains (a commit counted, the dispatch its subscriber makes next not
  /// yet): seed 888 under TSan stopped early that way.
  private func drain(_ store: Store<ModelState>) {
    var barrier = (program.actions.keys.max() ?? 0) + 1_000_000
    for _ in 0..<50 {
      let done = DispatchSemaphore(value: 0)
      let quiescent = Locked(false)
      dispatched.append(barrier)
      store.dispatch(Action(type: Program.barrierType, data: barrier)) { [self] _ in
        let settled = commitCount == dispatched.withLock(\.count)
        quiescent.withLock { $0 = settled }
        done.signal()
      }
      guard done.wait(timeout: .now() + Self.drainDeadline) == .success else {
        violation("the store did not drain within \(Self.drainDeadline) s (hung)")
        parked.withLock { $0 = nil }  // let a parked reducer go, so the store can end
        return
      }
      if quiescent.current { return }
      barrier += 1
    }
    violation("the store was still receiving actions after 50 barriers")
  }

  private func perform(_ step: Step, on store: Store<ModelState>) {
    switch step {
    case .dispatch(let id, let withCompletion, let child):
      guard let spec = program.actions[id] else { return }
      dispatched.append(id)
      if withCompletion {
        send(id, spec, to: store) { [self] state in
          completions.withLock { $0[id, default: []].append(snapshot(id: id, state)) }
          if let child { dispatchNested(child) }
        }
      } else {
        send(id, spec, to: store)
      }
    case .subscribe(let sub, let filter, let cancelOn, let trigger):
      let record = SubscriberRecord(sub: sub, filter: filter, cancelOn: cancelOn)
      subscribers.withLock { $0[sub] = record }
      let body: @Sendable (any ActionProtocol, ModelState) -> Void = { [self] action, _ in
        guard let id = Self.id(of: action) else {
          violation("S\(sub) got an action without an id: \(action)")
          return
        }
        record.seen.append(id)
        if id == cancelOn, let subscription = record.subscription.current {
          subscription.cancel()
          record.selfCancelledAt.withLock { $0 = id }
        }
        if let trigger, id == trigger.on, !record.triggered.withLock({ $0 }) {
          record.triggered.withLock { $0 = true }
          dispatchNested(trigger.child)
        }
      }
      let before = commitCount
      let subscription = store.subscribe(to: filter.map { .types($0) } ?? .all, body)
      let after = commitCount
      record.subscription.withLock { $0 = subscription }
      record.window.withLock { $0 = (before, after, nil, nil) }
    case .cancel(let sub, let viaUnsubscribe):
      guard let record = subscribers.withLock({ $0[sub] }),
        let subscription = record.subscription.current
      else { return }
      let before = commitCount
      if viaUnsubscribe { store.unsubscribe(subscription) } else { subscription.cancel() }
      let after = commitCount
      record.window.withLock {
        $0.2 = before; $0.3 = after
      }
    }
  }

  private func dispatchNested(_ id: Int) {
    guard let spec = program.actions[id], let store else { return }
    dispatched.append(id)
    send(id, spec, to: store)
  }

  /// Dispatches action `id`, or replaces the state for a `.replace` one.
  private func send(
    _ id: Int, _ spec: ActionSpec, to store: Store<ModelState>,
    completion: (@Sendable (ModelState) -> Void)? = nil
  ) {
    if spec.behaviour == .replace {
      store.replaceState(with: ModelState.replaced(by: id), completion: completion)
    } else if let completion {
      store.dispatch(Action(type: spec.type, data: id), completion: completion)
    } else {
      store.dispatch(Action(type: spec.type, data: id))
    }
  }

  /// The program's id for an action: its payload, or for a replacement the id its state holds.
  static func id(of action: any ActionProtocol) -> Int? {
    if let replacement = action as? StateReplacedAction {
      return (replacement.data as? ModelState)?.applied.last
    }
    return action.data as? Int
  }

  private func snapshot(_ action: any ActionProtocol, _ state: ModelState) -> Snapshot {
    Snapshot(
      id: Self.id(of: action) ?? -1, rejected: action is RejectedAction,
      appliedCount: state.applied.count, lastApplied: state.applied.last)
  }

  /// A completion's view: the action's id and the state it got.
  private func snapshot(id: Int, _ state: ModelState) -> Snapshot {
    Snapshot(
      id: id, rejected: false, appliedCount: state.applied.count,
      lastApplied: state.applied.last)
  }

  private func received(_ diagnostic: StoreDiagnostic) {
    diagnostics.append((diagnostic.kind, diagnostic.actionType))
    guard diagnostic.kind == .reducerDidNotFinish, diagnostic.actionType == Program.slowType
    else { return }
    let waiting = parked.withLock { parked in
      defer { parked = nil }
      if parked == nil { reportedBeforeParking.withLock { $0 = true } }
      return parked
    }
    guard let (finish, state) = waiting else { return }
    queue.async { finish(state) }
  }

  /// The in-place flavour: applies the action to the state it is given, after dispatching the
  /// child of a `.dispatchInside` action (the generator gives it no other behaviour).
  private func makeInPlaceReducer() -> InPlaceReducer<ModelState> {
    InPlaceReducer.nonThrowing { [self] action, state in
      guard let id = action.data as? Int else {
        violation("the in-place reducer got an action without an id: \(action)")
        return
      }
      if case .dispatchInside(let child) = program.actions[id]?.behaviour {
        dispatchNested(child)
      }
      state.apply(id)
    }
  }

  private func makeReducer() -> Reducer<ModelState> {
    Reducer { [self] action, state, finish in
      guard let id = action.data as? Int else {
        violation("the reducer got an action without an id: \(action)")
        finish(state)
        return
      }
      let next = state.applying(id)
      let error = ModelCheckError(id: id)
      switch program.actions[id]?.behaviour ?? .sync {
      case .sync:
        finish(next)
      case .async:
        queue.async { finish(next) }
      case .twice(let later):
        finish(next)
        if later {
          queue.async { [self] in
            finish(next)
            lateFinishes.signal()
          }
        } else {
          finish(next)
        }
      case .release(let later):
        if later { queue.async { withExtendedLifetime(finish) {} } }
      case .fail(let later):
        if later { queue.async { finish.fail(error) } } else { finish.fail(error) }
      case .slow:
        let early = parked.withLock { parked in
          let early = reportedBeforeParking.withLock { reported in
            defer { reported = false }
            return reported
          }
          if !early { parked = (finish, next) }
          return early
        }
        if early { queue.async { finish(next) } }
      case .dispatchInside(let child):
        dispatchNested(child)
        finish(next)
      case .replace:
        violation("the reducer was called for replacement #\(id)")
        finish(state)
      }
    }
  }
}

/// The error a failing reducer of the model check reports.
struct ModelCheckError: Error, CustomStringConvertible {
  var id: Int
  var description: String { "model check: action #\(id) fails" }
}
