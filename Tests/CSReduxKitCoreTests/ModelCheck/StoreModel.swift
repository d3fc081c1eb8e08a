import CSReduxKitCore
import CSReduxKitTestSupport

// The reference model of the store's documented semantics. A program (see `Program`) runs on a
// real store; the runner records what it observed (`Observation`), and `StoreModel.violations`
// derives what the store should have done from the commit order it chose, then lists every
// difference. Thread interleavings are not deterministic, so every property here holds for any
// interleaving: it is phrased relative to the commit order the store reports.

/// The state the model checks: the ids of the applied actions, in reduction order, and a
/// running checksum of them.
struct ModelState: StateProtocol, Equatable {
  var applied: [Int] = []
  var checksum: UInt64 = 0

  /// The state a replacement action `id` puts in place (time travel): it forgets what came
  /// before and holds only `id`.
  static func replaced(by id: Int) -> ModelState {
    ModelState().applying(id)
  }

  func applying(_ id: Int) -> ModelState {
    var next = self
    next.apply(id)
    return next
  }

  /// `applying`, in place, for the in-place reducers.
  mutating func apply(_ id: Int) {
    applied.append(id)
    checksum = checksum &* 1_099_511_628_211 &+ UInt64(id) &+ 1
  }
}

/// Which reducer flavour a program's store runs, and how the store gives it the state.
enum ModelReducer: Sendable, Equatable, CustomStringConvertible {
  /// A `Reducer` (finish flavour): every behaviour.
  case finish
  /// A non-throwing `InPlaceReducer` on a store with the default `.alwaysReadable`.
  case inPlace
  /// The same on a store created with `.lentToReducer`.
  case inPlaceLent

  /// Whether the reducer can do only what a synchronous, non-throwing reducer can.
  var isInPlace: Bool { self != .finish }

  var description: String {
    switch self {
    case .finish: "Reducer"
    case .inPlace: "InPlaceReducer"
    case .inPlaceLent: "InPlaceReducer, state lent"
    }
  }
}

/// What the reducer does for one action.
enum Behaviour: Sendable, Equatable, CustomStringConvertible {
  /// Calls finish before returning.
  case sync
  /// Calls finish later, on another queue.
  case async
  /// Calls finish, then again (at once, or later on another queue): `.finishCalledTwice`.
  case twice(later: Bool)
  /// Lets finish go without calling it (at once, or later on another queue).
  case release(later: Bool)
  /// Calls `finish.fail` (at once, or later on another queue).
  case fail(later: Bool)
  /// Keeps finish until the store reports `.reducerDidNotFinish`, then calls it.
  case slow
  /// Dispatches `child` from inside the reducer (`.dispatchFromReducer`), then finishes.
  case dispatchInside(child: Int)
  /// Not reduced: `replaceState` puts `ModelState.replaced(by: id)` in place, and every
  /// subscriber, whatever its filter, is notified (time travel).
  case replace

  /// Whether the action changes the state (failed and released actions do not).
  var isApplied: Bool {
    switch self {
    case .release, .fail: false
    default: true
    }
  }

  /// Whether the reducer calls finish, or lets it go, before returning.
  var completesSynchronously: Bool {
    switch self {
    case .sync, .twice, .release(later: false), .fail(later: false), .dispatchInside, .replace:
      true
    case .async, .release(later: true), .fail(later: true), .slow: false
    }
  }

  var description: String {
    switch self {
    case .sync: "sync"
    case .async: "async"
    case .twice(let later): later ? "twice-later" : "twice"
    case .release(let later): later ? "release-later" : "release"
    case .fail(let later): later ? "fail-later" : "fail"
    case .slow: "slow"
    case .dispatchInside(let child): "dispatch-inside(#\(child))"
    case .replace: "replace-state"
    }
  }
}

/// One action of a program: its type (for filters) and what its reducer does.
struct ActionSpec: Sendable, Equatable {
  var type: Int
  var behaviour: Behaviour
}

/// A nested dispatch made by a subscriber when it sees action `on`.
struct Trigger: Sendable, Equatable {
  var on: Int
  var child: Int
}

/// One step of one thread of a program.
enum Step: Sendable, Equatable, CustomStringConvertible {
  /// Dispatches action `id`, with a completion or not; the completion may dispatch `child`.
  case dispatch(id: Int, completion: Bool, completionChild: Int?)
  /// Subscribes subscriber `sub` to every type (`nil`) or to `filter`. It cancels itself when it
  /// sees `cancelOn`, and dispatches `trigger.child` when it sees `trigger.on`.
  case subscribe(sub: Int, filter: Set<Int>?, cancelOn: Int?, trigger: Trigger?)
  /// Cancels subscriber `sub` (made earlier on the same thread), or unsubscribes it.
  case cancel(sub: Int, viaUnsubscribe: Bool)

  var description: String {
    switch self {
    case .dispatch(let id, let completion, let child):
      var text = "dispatch #\(id)"
      if completion { text += " with completion" }
      if let child { text += " (completion dispatches #\(child))" }
      return text
    case .subscribe(let sub, let filter, let cancelOn, let trigger):
      var text = "subscribe S\(sub) to "
      text += filter.map { "types \($0.sorted())" } ?? "all"
      if let cancelOn { text += ", cancels itself on #\(cancelOn)" }
      if let trigger { text += ", on #\(trigger.on) dispatches #\(trigger.child)" }
      return text
    case .cancel(let sub, let viaUnsubscribe):
      return viaUnsubscribe ? "unsubscribe S\(sub)" : "cancel S\(sub)"
    }
  }
}

/// A random program over one store: the actions it may dispatch and each thread's steps.
struct Program: Sendable, Equatable, CustomStringConvertible {
  /// The type of slow actions, and only of them: a timeout report names its action's type.
  static let slowType = 4
  /// The type of the barrier actions the runner dispatches to drain the store.
  static let barrierType = 5

  var seed: UInt64
  var actions: [Int: ActionSpec]
  var threads: [[Step]]
  /// How many pass-through middleware the store has (each calls `context.next` at once): the
  /// guarantees must hold through the chain as they do without one.
  var middleware = 0
  /// The reducer flavour; an in-place one only has behaviours it can have (sync, dispatch
  /// inside, and replacements, which never reach it).
  var reducer = ModelReducer.finish

  var stepCount: Int { threads.reduce(0) { $0 + $1.count } }

  var description: String {
    var lines = [
      "program for seed \(seed): \(threads.count) thread(s), \(stepCount) step(s), "
        + "\(middleware) middleware, \(reducer)"
    ]
    for (index, steps) in threads.enumerated() {
      lines.append("  thread \(index):")
      for step in steps { lines.append("    \(step)") }
    }
    lines.append("  actions:")
    for id in actions.keys.sorted() {
      if let spec = actions[id] {
        lines.append("    #\(id): type \(spec.type), \(spec.behaviour)")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The ids each thread dispatches itself, in program order.
  var dispatchesPerThread: [[Int]] {
    threads.map { steps in
      steps.compactMap { step in
        if case .dispatch(let id, _, _) = step { return id }
        return nil
      }
    }
  }

  /// For every nested action, the action that must be committed before it.
  var parents: [Int: Int] {
    var parents: [Int: Int] = [:]
    for (id, spec) in actions {
      if case .dispatchInside(let child) = spec.behaviour { parents[child] = id }
    }
    for step in threads.joined() {
      switch step {
      case .dispatch(let id, _, let child?): parents[child] = id
      case .subscribe(_, _, _, let trigger?): parents[trigger.child] = trigger.on
      default: break
      }
    }
    return parents
  }
}

/// What a notification or completion carried: the action and the state it came with.
struct Snapshot: Sendable, Equatable {
  var id: Int
  var rejected: Bool
  var appliedCount: Int
  var lastApplied: Int?
}

/// What one subscriber saw, and the oracle commit counts its thread read around subscribe and
/// cancel.
struct SubscriberObservation: Sendable {
  var sub: Int
  var filter: Set<Int>?
  var cancelOn: Int?
  /// The id it saw when it cancelled itself, if it did.
  var selfCancelledAt: Int?
  var seen: [Int]
  /// Commits recorded before subscribe was called, and after it returned.
  var beforeSubscribe: Int
  var afterSubscribe: Int
  /// Commits recorded before cancel was called, and after it returned; `nil` if not cancelled.
  var beforeCancel: Int?
  var afterCancel: Int?
}

/// Everything a run of a program observed.
struct Observation: Sendable {
  /// The oracle's record: every notification, in commit order.
  var commits: [Snapshot] = []
  /// Every id dispatched, barriers and nested ones included, in the order of the calls.
  var dispatched: [Int] = []
  var barriers: Set<Int> = []
  var subscribers: [SubscriberObservation] = []
  /// Ids dispatched with a completion.
  var completionsExpected: Set<Int> = []
  var completions: [Int: [Snapshot]] = [:]
  var diagnostics: [(kind: StoreDiagnostic.Kind, actionType: Int?)] = []
  var finalState = ModelState()
  /// Problems found while running: timeouts, a dispatch that should have been synchronous.
  var runtimeViolations: [String] = []
}

/// The reference model: what the documented semantics require of an observation.
enum StoreModel {
  /// Every way `observation` departs from the store's documented semantics for `program`.
  static func violations(_ program: Program, _ observation: Observation) -> [String] {
    var problems = observation.runtimeViolations
    let commits = observation.commits
    var indexOf: [Int: Int] = [:]
    for (index, commit) in commits.enumerated() {
      if indexOf[commit.id] != nil {
        problems.append(
          "#\(commit.id) was applied twice (commit \(indexOf[commit.id] ?? -1) "
            + "and \(index))")
      } else {
        indexOf[commit.id] = index
      }
    }
    // (a) no action lost or applied twice, nothing applied that was not dispatched.
    var dispatchedSet = Set<Int>()
    for id in observation.dispatched where !dispatchedSet.insert(id).inserted {
      problems.append("#\(id) was dispatched twice by the program (runner bug)")
    }
    for id in observation.dispatched where indexOf[id] == nil {
      problems.append("#\(id) was dispatched but never committed (lost)")
    }
    for commit in commits where !dispatchedSet.contains(commit.id) {
      problems.append("#\(commit.id) was committed but never dispatched")
    }
    // (b) each thread's dispatches commit in the order the thread made them.
    for (thread, ids) in program.dispatchesPerThread.enumerated() {
      let positions = ids.compactMap { indexOf[$0] }
      if positions != positions.sorted() {
        problems.append(
          "thread \(thread) dispatched \(ids) but they committed in the order "
            + "\(positions.sorted().map { commits[$0].id })")
      }
    }
    // (c) a nested dispatch commits after the action that made it.
    for (child, parent) in program.parents {
      guard let childIndex = indexOf[child], let parentIndex = indexOf[parent] else { continue }
      if childIndex <= parentIndex {
        problems.append("nested #\(child) committed before its parent #\(parent)")
      }
    }
    // Rejections and the state delivered with each notification follow the fold.
    var expected = ModelState()
    var snapshots: [Int: Snapshot] = [:]
    for commit in commits {
      let applied = isApplied(commit.id, program, observation)
      if commit.rejected == applied {
        problems.append(
          "#\(commit.id) was delivered \(commit.rejected ? "as" : "without") a RejectedAction")
      }
      if isReplacement(commit.id, program) {
        expected = ModelState.replaced(by: commit.id)
      } else if applied {
        expected = expected.applying(commit.id)
      }
      let want = Snapshot(
        id: commit.id, rejected: !applied, appliedCount: expected.applied.count,
        lastApplied: expected.applied.last)
      snapshots[commit.id] = want
      if commit != want {
        problems.append("the notification for #\(commit.id) carried \(commit), expected \(want)")
      }
    }
    // (g) the final state is the fold of the commit order.
    if observation.finalState != expected {
      problems.append(
        "final state applied \(observation.finalState.applied), expected \(expected.applied)")
    }
    // (d) each subscriber saw exactly its window of the commit order.
    for subscriber in observation.subscribers {
      problems += subscriberViolations(subscriber, commits, indexOf, program, observation)
    }
    // (e) each completion is called once, with its action's state.
    for id in observation.completionsExpected {
      let calls = observation.completions[id] ?? []
      if calls.count != 1 {
        problems.append("the completion of #\(id) was called \(calls.count) times")
      } else if let want = snapshots[id],
        calls[0].appliedCount != want.appliedCount
          || calls[0].lastApplied != want.lastApplied
      {
        problems.append("the completion of #\(id) got \(calls[0]), expected \(want)")
      }
    }
    for id in observation.completions.keys where !observation.completionsExpected.contains(id) {
      problems.append("a completion was called for #\(id), dispatched without one")
    }
    problems += diagnosticViolations(program, observation)
    return problems
  }

  static func isApplied(_ id: Int, _ program: Program, _ observation: Observation) -> Bool {
    observation.barriers.contains(id) || program.actions[id]?.behaviour.isApplied == true
  }

  static func isReplacement(_ id: Int, _ program: Program) -> Bool {
    program.actions[id]?.behaviour == .replace
  }

  /// Whether a subscriber with `filter` receives action `id`: replacements reach everyone
  /// but a subscriber to an empty set of types, which receives nothing.
  static func reaches(
    _ filter: Set<Int>?, _ id: Int, _ program: Program, _ observation: Observation
  ) -> Bool {
    guard let filter else { return true }
    if isReplacement(id, program) { return !filter.isEmpty }
    return filter.contains(type(of: id, program, observation))
  }

  static func type(of id: Int, _ program: Program, _ observation: Observation) -> Int {
    observation.barriers.contains(id) ? Program.barrierType : program.actions[id]?.type ?? -1
  }

  static func subscriberViolations(
    _ subscriber: SubscriberObservation, _ commits: [Snapshot], _ indexOf: [Int: Int],
    _ program: Program, _ observation: Observation
  ) -> [String] {
    var problems: [String] = []
    let name = "S\(subscriber.sub)"
    let positions = subscriber.seen.map { indexOf[$0] ?? -1 }
    if positions.contains(-1) { problems.append("\(name) saw an action never committed") }
    for (earlier, later) in zip(positions, positions.dropFirst()) where earlier >= later {
      problems.append("\(name) saw commits out of order or twice: \(subscriber.seen)")
      break
    }
    for id in subscriber.seen where !reaches(subscriber.filter, id, program, observation) {
      problems.append("\(name), filtered to \(subscriber.filter?.sorted() ?? []), saw #\(id)")
    }
    // May see: commits at or after the count read before subscribing, before the count read
    // after cancel returned (a later commit reached the oracle after cancel had returned).
    let upper = subscriber.afterCancel ?? commits.count
    for (position, id) in zip(positions, subscriber.seen)
    where position >= 0 && (position < subscriber.beforeSubscribe || position >= upper) {
      problems.append(
        "\(name) saw #\(id) (commit \(position)) outside its window "
          + "[\(subscriber.beforeSubscribe), \(upper))")
    }
    // Must see: every matching commit after the round under way when subscribe returned, up to
    // the round before the one under way when cancel was called (or its own cancelling call).
    var mustEnd = subscriber.beforeCancel.map { $0 - 1 } ?? commits.count
    if let at = subscriber.selfCancelledAt, let index = indexOf[at] {
      mustEnd = min(mustEnd, index + 1)
      if subscriber.seen.last != at {
        problems.append("\(name) cancelled itself on #\(at) but then saw \(subscriber.seen)")
      }
    }
    let mustStart = subscriber.afterSubscribe + 1
    if mustStart < mustEnd {
      let seen = Set(subscriber.seen)
      for position in mustStart..<mustEnd {
        let id = commits[position].id
        if reaches(subscriber.filter, id, program, observation) && !seen.contains(id) {
          problems.append("\(name) missed #\(id) (commit \(position), window from \(mustStart))")
        }
      }
    }
    return problems
  }

  static func diagnosticViolations(_ program: Program, _ observation: Observation) -> [String] {
    var want: [StoreDiagnostic.Kind: Int] = [:]
    for id in observation.dispatched {
      guard let behaviour = program.actions[id]?.behaviour else { continue }
      switch behaviour {
      case .twice: want[.finishCalledTwice, default: 0] += 1
      case .release: want[.finishReleasedWithoutCall, default: 0] += 1
      case .fail: want[.reducerFailed, default: 0] += 1
      case .dispatchInside: want[.dispatchFromReducer, default: 0] += 1
      case .slow: want[.reducerDidNotFinish, default: 0] += 1
      case .sync, .async, .replace: break
      }
    }
    var got: [StoreDiagnostic.Kind: Int] = [:]
    for entry in observation.diagnostics {
      // A timeout is expected for slow actions only; an async one may be late under load.
      if entry.kind == .reducerDidNotFinish && entry.actionType != Program.slowType { continue }
      got[entry.kind, default: 0] += 1
    }
    var problems: [String] = []
    let kinds: [StoreDiagnostic.Kind] = [
      .finishCalledTwice, .reducerDidNotFinish, .finishReleasedWithoutCall,
      .dispatchFromReducer, .reducerFailed, .foreignSubscription, .crossStoreCycle,
    ]
    for kind in kinds where got[kind, default: 0] != want[kind, default: 0] {
      problems.append(
        "\(got[kind, default: 0]) \(kind) report(s), expected \(want[kind, default: 0])")
    }
    return problems
  }
}
