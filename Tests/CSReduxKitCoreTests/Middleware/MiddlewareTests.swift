import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Foundation
import Testing

/// The calling thread, told apart from the others running at the same time.
private func currentThread() -> ObjectIdentifier { ObjectIdentifier(Thread.current) }

@Suite("Middleware")
struct MiddlewareTests {
  /// Records every action it sees under `name`, then passes it on.
  static func recording(_ name: String, into log: Locked<[String]>) -> Middleware<Counter> {
    Middleware { action, context in
      log.append("\(name) \(action.type)")
      context.next(action)
    }
  }

  @Test("middleware runs in order, the first listed outermost, before the reducer")
  func order() {
    let log = Locked<[String]>([])
    let store = Store(
      state: Counter(),
      reducer: Reducer<Counter> { action, state, finish in
        log.append("reducer \(action.type)")
        finish(state)
      },
      middleware: [Self.recording("outer", into: log), Self.recording("inner", into: log)])
    store.dispatch(Action(type: 1))
    #expect(log.current == ["outer 1", "inner 1", "reducer 1"])
  }

  @Test("with pass-through middleware, dispatch is still synchronous when the store is idle")
  func stillSynchronous() {
    let log = Locked<[String]>([])
    let store = Store(
      state: Counter(), reducer: counterReducer(),
      middleware: [Self.recording("a", into: log), Self.recording("b", into: log)])
    store.dispatch(Action(type: 2, data: 5))
    #expect(store.state.value == 5)
  }

  @Test("middleware can transform an action")
  func transform() {
    let doubling = Middleware<Counter> { action, context in
      context.next(Action(type: action.type, data: ((action.data as? Int) ?? 1) * 2))
    }
    let store = Store(state: Counter(), reducer: counterReducer(), middleware: [doubling])
    store.dispatch(Action(type: 2, data: 5))
    #expect(store.state.value == 10)
  }

  @Test("middleware can drop an action; its completion still gets the current state")
  func drop() {
    let dropOdd = Middleware<Counter> { action, context in
      if action.type.isMultiple(of: 2) { context.next(action) }
    }
    let store = Store(state: Counter(), reducer: counterReducer(), middleware: [dropOdd])
    let completed = Locked<[Int]>([])
    store.dispatch(Action(type: 2))
    store.dispatch(Action(type: 3)) { state in completed.append(state.value) }
    store.dispatch(Action(type: 4))
    #expect(store.state.applied == [2, 4])
    #expect(completed.current == [1])
  }

  @Test("middleware can pass an action on later, from another thread, keeping the completion")
  func passOnLater() async {
    let delaying = Middleware<Counter> { action, context in
      DispatchQueue.global().async { context.next(action) }
    }
    let store = Store(state: Counter(), reducer: counterReducer(), middleware: [delaying])
    let state = await withCheckedContinuation { continuation in
      store.dispatch(Action(type: 2, data: 7)) { continuation.resume(returning: $0) }
    }
    #expect(state.value == 7)
  }

  @Test("actions a middleware dispatches run through the whole chain")
  func dispatchThroughChain() {
    let log = Locked<[String]>([])
    let expanding = Middleware<Counter> { action, context in
      if action.type == 9 {
        context.dispatch(Action(type: 1))
        context.dispatch(Action(type: 2))
      } else {
        context.next(action)
      }
    }
    let store = Store(
      state: Counter(), reducer: counterReducer(),
      middleware: [Self.recording("outer", into: log), expanding])
    store.dispatch(Action(type: 9))
    #expect(log.current == ["outer 9", "outer 1", "outer 2"])
    #expect(store.state.applied == [1, 2])
  }

  @Test("middleware sees the current state")
  func seesState() {
    let seen = Locked<[Int]>([])
    let peeking = Middleware<Counter> { action, context in
      seen.append(context.state.value)
      context.next(action)
    }
    let store = Store(state: Counter(), reducer: counterReducer(), middleware: [peeking])
    store.dispatch(Action(type: 1))
    store.dispatch(Action(type: 1))
    #expect(seen.current == [0, 1])
  }

  @Test("a middleware's own completion runs before the dispatcher's")
  func completionsChain() {
    let log = Locked<[String]>([])
    let watching = Middleware<Counter> { action, context in
      context.next(action) { state in log.append("middleware \(state.value)") }
    }
    let store = Store(state: Counter(), reducer: counterReducer(), middleware: [watching])
    store.dispatch(Action(type: 1)) { state in log.append("dispatcher \(state.value)") }
    #expect(log.current == ["middleware 1", "dispatcher 1"])
  }

  @Test("many threads through middleware lose nothing and keep each thread's order")
  func concurrent() async {
    let passThrough = Middleware<Counter> { action, context in context.next(action) }
    let store = Store(
      state: Counter(), reducer: valueOnlyReducer(),
      middleware: [passThrough, passThrough, passThrough])
    let seen = Locked<[Int]>([])
    store.subscribe { _, state in seen.append(state.value) }
    await onThreads(4) { _ in
      for _ in 0..<2_000 { store.dispatch(Action(type: 1)) }
    }
    #expect(store.state.value == 8_000)
    #expect(seen.current == Array(1...8_000))
  }

  /// A debug build copies every closure it calls, so a chain that freed a middleware's
  /// captures during its call would pass here; the release benchmark checks that part on every
  /// run (`KeptContextCheck`, docs/performance.md "A middleware's context, handed on").
  @Test(
    "a context kept past its store passes the action on; a middleware's captures outlive its call"
  )
  func keptContextOutlivesItsStore() throws {
    let kept = Locked<MiddlewareContext<Counter>?>(nil)
    let reduced = Locked<[Int]>([])
    let keeping = Middleware<Counter> { _, context in kept.withLock { $0 = context } }
    var store: Store<Counter>? = Store(
      state: Counter(),
      reducer: Reducer<Counter> { action, state, finish in
        reduced.append(action.type)
        finish(state)
      },
      middleware: [keeping, KeptContextProbe.checking()])
    store?.dispatch(Action(type: 7))
    store = nil
    // The kept context is now the store's last reference. `consume` hands it over as an
    // optimized build does with a context used for the last time, so the chain releases the
    // store at its end, while the second middleware still runs.
    let context = try #require(kept.withLock { $0.take() })
    (consume context).next(Action(type: 7))
    #expect(reduced.current == [7])
    #expect(KeptContextProbe.canaryFreed.current, "the store and its chain went away")
    #expect(
      KeptContextProbe.freedWhenNextReturned.current == [false],
      "what the middleware captured was freed while it ran")
  }
}

@Suite("Thunks")
struct ThunkTests {
  @Test("a thunk runs with dispatch and state, and never reaches the reducer")
  func synchronousThunk() {
    let store = Store(state: Counter(), reducer: counterReducer())
    store.dispatch(
      Thunk<Counter> { context in
        if context.state.value == 0 { context.dispatch(Action(type: 2, data: 5)) }
        context.dispatch(Action(type: 2, data: context.state.value))
      })
    #expect(store.state.value == 10)
    #expect(store.state.applied == [2, 2])
  }

  @Test("an async thunk can await and dispatch")
  func asyncThunk() async {
    let store = Store(state: Counter(), reducer: counterReducer())
    let done = await withCheckedContinuation { continuation in
      store.dispatch(
        .effect { context in
          let first = await context.send(Action(type: 2, data: 3)).state
          let second = await context.send(Action(type: 2, data: first.value)).state
          continuation.resume(returning: second.value)
        })
    }
    #expect(done == 6)
    #expect(store.state.applied == [2, 2])
  }

  @Test("a thunk's completion gets the current state")
  func thunkCompletion() {
    let store = Store(state: Counter(value: 4), reducer: counterReducer())
    let completed = Locked<[Int]>([])
    store.dispatch(Thunk<Counter> { _ in }) { state in completed.append(state.value) }
    #expect(completed.current == [4])
  }

  @Test(
    "a thunk dispatched to a store created without middleware runs; its type never reaches the reducer"
  )
  func thunkWithoutMiddleware() async throws {
    let store = Store(state: Counter(), reducer: counterReducer())
    let ran = Locked(false)
    store.dispatch(Thunk<Counter> { _ in ran.withLock { $0 = true } })
    #expect(ran.current)
    store.dispatch(
      .effect(id: 1, cancelInFlight: true) { context in
        context.dispatch(Action(type: 2, data: 7))
      })
    try await store.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    #expect(store.state.applied == [2])
    #expect(store.state.value == 7)
  }

  @Test("a thunk runs as it leaves the middleware chain, whatever middleware the store has")
  func thunkAfterMiddleware() {
    let seen = Locked<[Int]>([])
    let passing = Middleware<Counter> { action, context in
      seen.append(action.type)
      context.next(action)
    }
    let store = Store(state: Counter(), reducer: counterReducer(), middleware: [passing, passing])
    store.dispatch(Thunk<Counter> { context in context.dispatch(Action(type: 2, data: 1)) })
    #expect(seen.current == [Int.min, Int.min, 2, 2])
    #expect(store.state.applied == [2])
  }

  @Test("send reports a thunk as run and an effect as started, not as dropped")
  func sendOutcomes() async throws {
    let store = Store(state: Counter(value: 4), reducer: counterReducer())
    let ran = await store.send(Thunk<Counter> { _ in })
    #expect(ran == SendResult(state: Counter(value: 4), outcome: .thunkRan))
    let started = await store.send(.effect { _ in })
    #expect(started.outcome == .effectStarted)
    #expect(started.outcome != .dropped(.middleware))
    try await store.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
  }

  @Test("an effect's work is tracked even when its closure neither awaits nor throws")
  func effectNamedAtTheCallSite() async throws {
    let store = Store(state: Counter(), reducer: counterReducer())
    // The work ran inside `dispatch` only if it ran on the dispatching thread before `dispatch`
    // returned: the effect's task may well run on another thread while `dispatch` still runs.
    let dispatchingThread = Locked<ObjectIdentifier?>(currentThread())
    let ranInside = Locked<Bool?>(nil)
    store.dispatch(
      .effect(id: "plain") { context in
        ranInside.withLock { $0 = dispatchingThread.current == currentThread() }
        context.dispatch(Action(type: 3))
      })
    dispatchingThread.withLock { $0 = nil }
    try await store.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    #expect(ranInside.current == false, "the work ran inside dispatch, untracked")
    #expect(store.state.applied == [3])
  }

  @Test("a store created with runsThunks: false reports each thunk that reaches its reducer")
  func optedOut() {
    let log = DiagnosticLog()
    let store = Store(
      state: Counter(), reducer: counterReducer(), name: "Plain", runsThunks: false,
      diagnostics: log.handler)
    store.dispatch(Thunk<Counter> { _ in Issue.record("work must not run") })
    #expect(store.state.applied == [Int.min])
    #expect(log.kinds == [.thunkNotRun])
    #expect(
      log.entries.current.first?.description
        == "CSReduxKit: Plain: Thunk() reached the reducer without running: the store was "
        + "created with runsThunks: false. Its work never runs; create the store with the "
        + "default runsThunks: true.")
    expectDocumented(log.entries.current.first?.message)
  }

  @Test("a thunk made for another state type is reported, not reduced in silence")
  func otherStateType() {
    let log = DiagnosticLog()
    let store = Store(
      state: Counter(), reducer: counterReducer(), name: "Plain", diagnostics: log.handler)
    store.dispatch(Thunk<Tally> { _ in Issue.record("work must not run") })
    #expect(log.kinds == [.thunkNotRun])
    #expect(
      log.entries.current.first?.message.contains(
        "it was made for another state type than Counter") == true)
    // The store runs thunks: the message does not tell it to.
    #expect(log.entries.current.first?.message.contains("runsThunks") == false)
    expectDocumented(log.entries.current.first?.message)
  }
}

/// A payload element that counts how often it is described.
private struct CountedElement: CustomStringConvertible, Sendable {
  static let described = Locked(0)
  var description: String {
    Self.described.withLock { $0 += 1 }
    return "e"
  }
}

@Suite("Logging middleware")
struct LoggingMiddlewareTests {
  @Test("the line has the form its documentation shows")
  func documentedForm() {
    let lines = Locked<[String]>([])
    let store = Store(
      state: Counter(), reducer: counterReducer(), name: "Todo",
      actions: ActionTypes { $0 == 0 ? "add" : nil },
      middleware: [.logging(to: { lines.append($0) })])
    store.dispatch(Action(type: 0, data: "Buy milk"))
    let line = lines.current.first ?? ""
    #expect(line.hasPrefix(#"[Todo] 0 (add) "Buy milk" committed in "#))
  }

  @Test("a rejected action is logged as rejected, with the reducer's error")
  func rejected() {
    let lines = Locked<[String]>([])
    let store = Store(
      state: Counter(),
      reducer: InPlaceReducer<Counter> { action, _ in _ = try action.payload(as: String.self) },
      name: "TodoStore", actions: ActionTypes { $0 == 1 ? "delete" : nil },
      middleware: [.logging(to: { lines.append($0) })], diagnostics: { _ in })
    store.dispatch(Action(type: 1, data: 7))
    store.dispatch(Action(type: 1, data: "ok"))
    #expect(lines.current.count == 2)
    #expect(lines.current[0].hasPrefix("[TodoStore] 1 (delete) 7 rejected in "))
    #expect(lines.current[0].hasSuffix(": action 1: expected String payload, found Int"))
    #expect(lines.current[1].hasPrefix(#"[TodoStore] 1 (delete) "ok" committed in "#))
  }

  @Test("an action whose finish the reducer lets go is logged as rejected, and why")
  func finishReleased() {
    let lines = Locked<[String]>([])
    let store = Store(
      state: Counter(), reducer: Reducer<Counter> { _, _, _ in }, name: "S",
      middleware: [.logging(to: { lines.append($0) })], diagnostics: { _ in })
    store.dispatch(Action(type: 3))
    #expect(lines.current.count == 1)
    #expect(lines.current.first?.hasPrefix("[S] 3 rejected in ") == true)
    #expect(
      lines.current.first?.hasSuffix(": the reducer let finish go without calling it") == true)
  }

  @Test("an action a later middleware does not pass on is logged as dropped by middleware")
  func droppedByMiddleware() {
    let lines = Locked<[String]>([])
    let store = Store(
      state: Counter(), reducer: counterReducer(), name: "S",
      middleware: [
        .logging(to: { lines.append($0) }),
        Middleware { action, context in
          guard action.type != 9 else { return }
          context.next(action)
        },
      ], diagnostics: { _ in })
    store.dispatch(Action(type: 9, data: "gone"))
    store.dispatch(Action(type: 7))
    #expect(lines.current.count == 2)
    #expect(lines.current[0].hasPrefix(#"[S] 9 "gone" dropped (middleware) after "#))
    #expect(lines.current[1].hasPrefix("[S] 7 committed in "))
  }

  @Test("a feedback action past the limit is logged as dropped by the feedback limit")
  func droppedByFeedbackLimit() {
    let lines = Locked<[String]>([])
    let store = Store(
      state: Counter(), reducer: counterReducer(), name: "S",
      middleware: [.logging(to: { lines.append($0) })], nestedDispatchLimit: 3,
      diagnostics: { _ in })
    let subscription = store.subscribe { _, _ in
      // Dispatched back into the store from its own subscriber: past 3, they are dropped.
      store.dispatch(Action(type: 7))
    }
    store.dispatch(Action(type: 7))
    subscription.cancel()
    #expect(lines.current.first?.hasPrefix("[S] 7 committed in ") == true)
    #expect(lines.current.contains { $0.hasPrefix("[S] 7 dropped (feedback limit) after ") })
  }

  @Test("a huge payload is summarized without describing all of it")
  func boundedSummary() {
    let lines = Locked<[String]>([])
    let store = Store(
      state: Counter(), reducer: counterReducer(), name: "S",
      middleware: [.logging(payloadLimit: 20, to: { lines.append($0) })])
    CountedElement.described.withLock { $0 = 0 }
    store.dispatch(Action(type: 7, data: Array(repeating: CountedElement(), count: 1_000_000)))
    // A few elements fill 20 characters; the other 999,99x are never described.
    #expect(CountedElement.described.current <= 20)
    let wrapped: [CountedElement]? = Array(repeating: CountedElement(), count: 1_000_000)
    store.dispatch(Action(type: 7, data: wrapped as any Sendable))  // an Optional payload
    #expect(CountedElement.described.current <= 40, "an Optional is walked, not described")
    store.dispatch(Action(type: 7, data: String(repeating: "x", count: 20_000_000)))
    store.dispatch(Action(type: 7, data: ["k": [1, 2, 3]]))
    #expect(lines.current.count == 4)
    #expect(lines.current[0].hasPrefix("[S] 7 [e, e, e, e, e, e, … committed in "))
    #expect(lines.current[1].hasPrefix("[S] 7 Optional([e, e, e, … committed in "))
    #expect(lines.current[2].hasPrefix(#"[S] 7 "xxxxxxxxxxxxxxxxxx… committed in "#))
    #expect(lines.current[3].hasPrefix(#"[S] 7 ["k": [1, 2, 3]] committed in "#))
  }

  @Test("logs the store, the action type and name, the payload and the time to commit")
  func logsOneLinePerAction() {
    let lines = Locked<[String]>([])
    let store = Store(
      state: Counter(), reducer: counterReducer(), name: "CounterStore",
      // Names only: the store checks no enum, so the unnamed type 7 is reduced.
      actions: ActionTypes { $0 == CounterAction.add.rawValue ? "add" : nil },
      middleware: [.logging(to: { lines.append($0) })])
    store.dispatch(Action(CounterAction.add, data: 5))
    store.dispatch(Action(type: 7))
    store.dispatch(Action(type: 7, data: String(repeating: "x", count: 100)))
    #expect(lines.current.count == 3)
    #expect(lines.current[0].hasPrefix("[CounterStore] 2 (add) 5 committed in "))
    #expect(lines.current[1].hasPrefix("[CounterStore] 7 committed in "))
    #expect(lines.current[2].contains("\"xxxxx"))
    #expect(lines.current[2].contains("x… committed in "))
    #expect(lines.current.allSatisfy { $0.hasSuffix("µs") || $0.hasSuffix("ms") })
  }
}

/// What `keptContextOutlivesItsStore` observes, kept outside the middleware's closure so that
/// reading it never reads what the closure captured.
private enum KeptContextProbe {
  static let canaryFreed = Locked(false)
  static let freedWhenNextReturned = Locked<[Bool]>([])

  /// Captured by the middleware only: it goes away with the closure's captures.
  final class Canary: Sendable {
    deinit { KeptContextProbe.canaryFreed.withLock { $0 = true } }
  }

  /// A middleware that passes the action on and then records whether its captures are gone.
  static func checking() -> Middleware<Counter> {
    let canary = Canary()
    return Middleware { action, context in
      withExtendedLifetime(canary) {}
      (consume context).next(action)
      freedWhenNextReturned.append(canaryFreed.current)
    }
  }
}
