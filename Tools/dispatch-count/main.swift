// `dispatch-count ROW N`: dispatches one boxed action N times to a store that uses no optional
// feature (no timeline, no action log, no owner-bound subscriber, no thunk), then exits. It does
// nothing else, so that `.ci/check-instructions` can count the instructions and heap allocations
// of a dispatch under valgrind as the difference of two runs over the difference of their N.
// The rows: 0-subscribers, 1-subscriber, 10-subscribers, 3-middleware (one subscriber behind
// three middleware that pass every action on), and 1-subscriber-declared: one subscriber on a
// store that declares its actions (`actions: ActionTypes(CounterAction.self)`), dispatched an
// action made from that enum's case, which the store checks before its reducer. One more row,
// which `.ci/check-instructions` does not run, measures the same on a store that declares an
// EnumAction, dispatched one of its cases: 1-subscriber-declared-enum-action.

import CSReduxKitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state of every row: two integers, as in the benchmark's `Counter`.
struct Counter: StateProtocol, Equatable {
  var value = 0
  var unchanged = 0
}

/// The actions of the declaring row's store.
enum CounterAction: Int, CaseIterable {
  case step
}

/// The actions of the row whose store declares an ``EnumAction``.
enum CounterEvent: EnumAction {
  case step
  enum Kind: Int, CaseIterable, Sendable { case step }
  var kind: Kind { .step }
}

/// Counts notifications; written only from the thread that dispatches.
final class Tally: @unchecked Sendable {
  var count = 0
}

/// Makes the action behind a call the optimizer cannot see through, so the store cannot be
/// specialized for its concrete type.
@inline(never)
func makeAction(row: String) -> any ActionProtocol {
  switch row {
  case "1-subscriber-declared": Action(CounterAction.step)
  case "1-subscriber-declared-enum-action": CounterEvent.step
  default: Action(type: 0)
  }
}

/// The reducer's logic, kept out of line as the benchmark keeps it.
@inline(never)
func counterStep(action: any ActionProtocol, state: Counter) -> Counter {
  var state = state
  if action.type == 0 { state.value &+= 1 }
  return state
}

let usage =
  "usage: dispatch-count 0-subscribers|1-subscriber|10-subscribers|3-middleware"
  + "|1-subscriber-declared|1-subscriber-declared-enum-action N"
let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
  print(usage)
  exit(2)
}
let row = arguments[1]
let subscribers: Int
var middleware: [Middleware<Counter>] = []
var actions = ActionTypes.none
switch row {
case "0-subscribers": subscribers = 0
case "1-subscriber": subscribers = 1
case "1-subscriber-declared":
  subscribers = 1
  actions = ActionTypes(CounterAction.self)
case "1-subscriber-declared-enum-action":
  subscribers = 1
  actions = ActionTypes(CounterEvent.self)
case "10-subscribers": subscribers = 10
case "3-middleware":
  subscribers = 1
  let pass = Middleware<Counter> { action, context in context.next(action) }
  middleware = [pass, pass, pass]
default:
  print(usage)
  exit(2)
}

let store = Store(
  state: Counter(),
  reducer: Reducer<Counter> { action, state, finish in
    finish(counterStep(action: action, state: state))
  },
  name: "CounterStore", actions: actions, middleware: middleware)
let tallies = (0..<subscribers).map { _ in Tally() }
let subscriptions = tallies.map { tally in store.subscribe { _, _ in tally.count &+= 1 } }
let action = makeAction(row: row)
for _ in 0..<count {
  store.dispatch(action)
}
guard store.state.value == count, tallies.allSatisfy({ $0.count == count }) else {
  print("dispatch-count: \(row): a dispatch was lost or a subscriber missed one")
  exit(1)
}
subscriptions.forEach { $0.cancel() }
