import CSReduxKitCore
import CSReduxKitTestSupport
import Testing

@Suite("Calling a reducer yourself with Finish(_:)")
struct DirectFinishTests {
  @Test("the new state reaches the closure")
  func success() {
    let result = Locked<Counter?>(nil)
    counterReducer().execute(
      action: Action(type: 2, data: 5), state: Counter(),
      finish: Finish { outcome in result.withLock { $0 = try? outcome.get() } })
    #expect(result.current == Counter(value: 5, applied: [2]))
  }

  @Test("fail hands over the error")
  func failure() {
    struct Bad: Error {}
    let result = Locked<String>("")
    Reducer<Counter> { _, _, finish in finish.fail(Bad()) }.execute(
      action: Action(type: 1), state: Counter(),
      finish: Finish { outcome in
        result.withLock { text in
          if case .failure(let error) = outcome { text = "\(type(of: error))" }
        }
      })
    #expect(result.current == "Bad")
  }

  @Test("a callback released uncalled reports a ChildReducerError naming the reducer")
  func released() {
    let result = Locked<String>("")
    Reducer<Counter> { _, _, _ in }.execute(
      action: Action(type: 1), state: Counter(),
      finish: Finish(named: "todo") { outcome in
        result.withLock { text in
          if case .failure(let error) = outcome { text = "\(error)" }
        }
      })
    #expect(result.current == "child reducer 'todo' let finish go without calling it")
  }

  @Test("a second call is ignored")
  func calledTwice() {
    let calls = Locked(0)
    Reducer<Counter> { _, state, finish in
      finish(state)
      finish(state)
    }.execute(
      action: Action(type: 1), state: Counter(),
      finish: Finish { _ in calls.withLock { $0 += 1 } })
    #expect(calls.current == 1)
  }
}
