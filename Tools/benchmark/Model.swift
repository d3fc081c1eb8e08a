import CSReduxKit

// The states, actions and reducer logic the scenarios share. The store scenarios and the
// baseline call the very same `@inline(never)` functions, so the difference between them is
// what the store adds.

/// The counter state of most scenarios. `unchanged` is never written: a selector on it never
/// sees a change.
struct Counter: StateProtocol, Equatable, Codable {
  var value = 0
  var unchanged = 0
}

/// The action type that increments; every other type leaves the state as it is.
let incrementType = 0

/// Makes an action behind a call the optimizer cannot see through, so neither the baseline nor
/// the store can be specialized for its concrete type.
@inline(never)
func makeAction(type: Int) -> any ActionProtocol {
  Action(type: type)
}

/// The counter's action types as an enum, for a store that declares its actions.
enum CounterActionType: Int, CaseIterable {
  case increment = 0
}

/// An increment made from the enum's case, behind a call the optimizer cannot see through.
@inline(never)
func makeDeclaredAction() -> any ActionProtocol {
  Action(CounterActionType.increment)
}

/// The counter reducer's logic: what the baseline calls directly and the store's reducer calls.
@inline(never)
func counterStep(action: any ActionProtocol, state: Counter) -> Counter {
  var state = state
  if action.type == incrementType {
    state.value &+= 1
  }
  return state
}

/// The counter reducer in the finish flavour.
let counterReducer = Reducer<Counter> { action, state, finish in
  finish(counterStep(action: action, state: state))
}

/// The counter reducer as a type of the app's own.
struct CounterReducer: ReducerProtocol {
  func execute(action: any ActionProtocol, state: Counter, finish: Finish<Counter>) {
    finish(counterStep(action: action, state: state))
  }
}

/// The counter's logic as an in-place reducer type of the app's own that cannot throw: the
/// store applies it through the closure it found when it was created.
struct InPlaceCounterReducer: InPlaceReducerProtocol {
  func reduce(_ action: any ActionProtocol, into state: inout Counter) {
    state = counterStep(action: action, state: state)
  }
}

/// Counts calls; written only from the thread that commits, one round at a time.
final class Tally: @unchecked Sendable {
  var count = 0
}

/// A mutable value a `@Sendable` closure can write: the baseline's local variable. Written and
/// read by one thread only.
final class Slot<Value>: @unchecked Sendable {
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// An array state of which each action changes one item.
struct Items: StateProtocol {
  var items: [Int]
  /// Actions applied so far; also picks the item the next action changes.
  var tick = 0

  init(count: Int) {
    items = Array(repeating: 0, count: count)
  }
}

/// Adds one to one item (a different one each time) of `state`, in place.
@inline(never)
func touchOneItem(action: any ActionProtocol, state: inout Items) {
  guard action.type == incrementType else { return }
  state.items[state.tick % state.items.count] &+= 1
  state.tick &+= 1
}

/// Makes a counter store with the benchmark's settings.
func makeCounterStore(
  reducer: Reducer<Counter> = counterReducer, middleware: [Middleware<Counter>] = []
) -> Store<Counter> {
  Store(state: Counter(), reducer: reducer, name: "CounterStore", middleware: middleware)
}

/// A state shaped like an app's, beside the two-`Int` counter: strings, an array of structs and
/// a dictionary. Each action counts a visit and leaves the rest as it was, as most actions of an
/// app change one field, so that a log or a timeline meets the rest again in every state.
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

/// Counts a visit to `state` when `action` is an increment.
@inline(never)
func appStep(action: any ActionProtocol, state: AppState) -> AppState {
  var state = state
  if action.type == incrementType {
    state.visits &+= 1
  }
  return state
}

/// The app-shaped state's reducer in the finish flavour.
let appReducer = Reducer<AppState> { action, state, finish in
  finish(appStep(action: action, state: state))
}

/// Makes a store of the app-shaped state.
func makeAppStore() -> Store<AppState> {
  Store(state: AppState(), reducer: appReducer, name: "AppStore")
}
