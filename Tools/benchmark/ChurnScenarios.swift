import CSReduxKit
import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A screen's state for the churn scenarios: what the detail store of a screen holds.
struct ScreenState: StateProtocol, Equatable, Codable {
  var userName = ""
  var notes: [String] = []
  var isClosed = false
}

/// The screen's actions: the user shown, the notes loaded, a note, close.
let screenReducer = Reducer<ScreenState> { action, state, finish in
  var state = state
  switch action.type {
  case 0: state.userName = (action.data as? String) ?? ""
  case 1: state.notes = (action.data as? [String]) ?? []
  case 2: state.notes.append((action.data as? String) ?? "")
  case 3: state.isClosed = true
  default: break
  }
  finish(state)
}

/// How many screens the churn scenario opens and closes before measuring: 5,000 unless
/// `CSREDUXKIT_CHURN_SCREENS` says otherwise.
let churnScreens =
  ProcessInfo.processInfo.environment["CSREDUXKIT_CHURN_SCREENS"].flatMap { Int($0) } ?? 5_000

/// The app store's dispatches the churn scenarios measure. Out of line, under its own name,
/// so that `valgrind --tool=callgrind --toggle-collect='*churnAppDispatches*'` counts the
/// instructions of these dispatches and nothing else (see `.ci/check-churn-cost`).
@inline(never)
func churnAppDispatches(_ store: Store<Counter>, _ action: any ActionProtocol, _ count: Int) {
  for _ in 0..<count { store.dispatch(action) }
}

extension Bench {
  /// The app store's dispatch with no screen ever opened, and after `churnScreens` screens
  /// opened and closed, each a store that followed the app store through a coordinator, was
  /// registered with it, recorded in the app's timeline, ran an effect and took four more
  /// actions. The two costs should be the same: the screens leave nothing in the app store.
  mutating func screenChurn() {
    for screens in [0, churnScreens] {
      let name = "churn/app-dispatch/\(screens)-screens"
      guard begins(name) else { continue }
      let app = makeCounterStore()
      let coordinator = StoreCoordinator()
      let timeline = Timeline(capacity: 1_000)
      var appCodec = ActionLogCodec<Counter>()
      appCodec.register(incrementType)
      do {
        try timeline.record(app, codec: appCodec)
        coordinator.register(app)
        let own = app.subscribe { _, _ in }
        for screen in 0..<screens {
          try openAndCloseScreen(screen, app: app, coordinator: coordinator, timeline: timeline)
        }
        let subscribers = app.subscriberCount
        check(subscribers == 1, "\(name): the app store has \(subscribers) subscribers, not 1")
        let action = makeAction(type: incrementType)
        var total = 0
        record(
          measure(name, options: options) { count in
            churnAppDispatches(app, action, count)
            total += count
          })
        Platform.printError("\(name): \(total) app dispatches measured")
        withExtendedLifetime(own) {}
      } catch {
        results.failures.append("\(name): \(error)")
      }
    }
  }

  /// One screen: made, wired to the app, five actions (one from an effect), dropped.
  func openAndCloseScreen(
    _ screen: Int, app: Store<Counter>, coordinator: StoreCoordinator, timeline: Timeline
  ) throws {
    let store = Store(state: ScreenState(), reducer: screenReducer, name: "Detail")
    var codec = ActionLogCodec<ScreenState>()
    codec.register(0, payload: String.self)
    codec.register(1, payload: [String].self)
    codec.register(2, payload: String.self)
    codec.register(3)
    try timeline.record(store, codec: codec)
    coordinator.register(store)
    coordinator.follow(app, select: { $0.unchanged }, in: store) { value in
      Action(type: 0, data: "user \(value)")
    }
    store.dispatch(
      Thunk<ScreenState>.effect { context in
        await Task.yield()
        context.dispatch(Action(type: 1, data: ["notes about \(screen)"]))
      })
    try store.waitUntilIdle(timeout: .seconds(60), includingEffects: true)
    store.dispatch(Action(type: 2, data: "seen"))
    store.dispatch(Action(type: 3))
  }
}
