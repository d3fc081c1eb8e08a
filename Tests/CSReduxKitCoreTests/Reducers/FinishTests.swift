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

  // A second call is printed on standard error (no store to report to): it runs in a child
  // process, whose standard error is checked here instead of printed with the test log.
  #if os(macOS) || os(Linux) || os(Windows)
    @Test("a second call is ignored")
    func calledTwice() async {
      let result = await #expect(
        processExitsWith: .success, observing: [\.standardErrorContent]
      ) {
        let calls = Locked(0)
        Reducer<Counter> { _, state, finish in
          finish(state)
          finish(state)
        }.execute(
          action: Action(type: 1), state: Counter(),
          finish: Finish { _ in calls.withLock { $0 += 1 } })
        #expect(calls.current == 1, "the callback ran \(calls.current) times")
      }
      let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        standardError.split(separator: "\n").map(String.init) == [
          #"CSReduxKit: Finish(named: "reducer"): finish was called again after it had "#
            + "completed; the extra call was ignored. Call finish exactly once per action."
        ])
    }
  #endif
}
