// `recording-count ROW N`: dispatches one boxed action N times to a store of an app-shaped
// state, then exits. It does nothing else, so that `.ci/check-recording-cost` can count the
// instructions of a dispatch under valgrind as the difference of two runs over the difference
// of their N, and compare a recorded dispatch with a plain one. The rows:
// plain-app-state (no recording), log-app-state (an `ActionLog` attached), timeline-app-state
// (recorded by a `Timeline`).

import CSReduxKitCore
import CSReduxKitDebugging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The benchmark's `AppState`: two strings past the 15 bytes a string keeps inline, an array of
/// 20 structs holding a string each, a dictionary of 10 strings, and a counter each action
/// changes, as most actions of an app change one field.
struct AppState: StateProtocol, Codable {
  struct Item: Codable, Equatable {
    var id: Int
    var title: String
    var isDone: Bool
  }

  var userName = "Ada Lovelace, signed in from the benchmark"
  var query = "notes about the analytical engine"
  var items: [Item] = (0..<20).map {
    Item(id: $0, title: "Item number \($0) of the list", isDone: false)
  }
  var drafts: [String: String] = Dictionary(
    uniqueKeysWithValues: (0..<10).map {
      ("draft-\($0)", "A draft text long enough to be on the heap \($0)")
    })
  var visits = 0
}

/// Makes the action behind a call the optimizer cannot see through, so the store cannot be
/// specialized for its concrete type.
@inline(never)
func makeAction() -> any ActionProtocol {
  Action(type: 0)
}

/// The reducer's logic, kept out of line as the benchmark keeps it.
@inline(never)
func appStep(action: any ActionProtocol, state: AppState) -> AppState {
  var state = state
  if action.type == 0 { state.visits &+= 1 }
  return state
}

let usage = "usage: recording-count plain-app-state|log-app-state|timeline-app-state N"
let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
  print(usage)
  exit(2)
}
let row = arguments[1]
let store = Store(
  state: AppState(),
  reducer: Reducer<AppState> { action, state, finish in
    finish(appStep(action: action, state: state))
  },
  name: "AppStore")
var log: ActionLog<AppState>?
let timeline = Timeline(capacity: 1_000)
switch row {
case "plain-app-state": break
case "log-app-state": log = ActionLog(recording: store)
case "timeline-app-state":
  var codec = ActionLogCodec<AppState>()
  codec.register(0)
  do {
    try timeline.record(store, codec: codec)
  } catch {
    print("recording-count: \(error)")
    exit(1)
  }
default:
  print(usage)
  exit(2)
}

let action = makeAction()
for _ in 0..<count {
  store.dispatch(action)
}
let recorded =
  switch row {
  case "log-app-state": log?.entries.last?.state.visits
  case "timeline-app-state": (timeline.entries.last?.state as? AppState)?.visits
  default: count
  }
guard store.state.visits == count, count == 0 || recorded == count else {
  print("recording-count: \(row): a dispatch was lost or not recorded")
  exit(1)
}
