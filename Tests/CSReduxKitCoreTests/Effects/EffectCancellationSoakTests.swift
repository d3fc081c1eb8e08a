import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Foundation
import Testing

/// How many rounds the cancellation soak runs: `CSREDUXKIT_SEND_SOAK_ROUNDS`, or a short default
/// that keeps `swift test` quick (CI runs it again at 100,000 rounds in its own step).
private let soakRounds =
  Int(ProcessInfo.processInfo.environment["CSREDUXKIT_SEND_SOAK_ROUNDS"] ?? "") ?? 2_000

@Suite("Effects: a cancelled effect's send always returns")
struct EffectCancellationSoakTests {
  @Test("send of an effect cancelled after it started returns at once, each time")
  func sendAfterCancelReturns() async {
    let store = Store(
      state: Counter(), reducer: counterReducer(), name: "Soak")
    let started = Door()
    let cancelled = Door()
    let results = Locked<[String]>([])
    store.dispatch(
      .effect(id: 1) { context in
        started.open()
        await cancelled.wait()
        let state = await context.send(Action(type: 1)).state
        let result = await context.send(Action(type: 1))
        let dropped = result.outcome == .dropped(.effectCancelled)
        results.append("\(state.value) \(result.state.value) \(dropped)")
      })
    #expect(await started.opened())
    #expect(store.cancelEffects(id: 1) == 1)
    cancelled.open()
    let idle = Door()
    store.whenIdle(includingEffects: true) { idle.open() }
    #expect(await idle.opened(), "the cancelled effect's send never returned")
    #expect(results.current == ["0 0 true"])
  }

  /// An effect sends in a loop until it is cancelled; another thread cancels it a few
  /// microseconds after it started, so that the cancellation lands at every point of a `send`,
  /// between its checks too. Every round must end: the effect's last `send` returns and the
  /// store goes idle with its effects.
  @Test("an effect cancelled while it awaits its own send always ends (soak)")
  func cancelDuringSendSoak() async {
    let rounds = soakRounds
    let failures = await stressRun { () -> [String] in
      var failures: [String] = []
      for round in 0..<rounds {
        let store = Store(
          state: Counter(), reducer: counterReducer(), name: "Soak")
        let started = DispatchSemaphore(value: 0)
        store.dispatch(
          .effect(id: 1) { context in
            started.signal()
            var useOutcome = false
            while !context.isCancelled {
              if useOutcome {
                _ = await context.send(Action(type: 1))
              } else {
                await context.send(Action(type: 1))
              }
              useOutcome.toggle()
            }
          })
        // Wait until the effect runs, then let it get a few sends into its loop: the spin
        // length varies per round, so the cancellation lands at different points of a send.
        guard started.wait(timeout: .now() + hangBound) == .success else {
          failures.append("round \(round): the effect never started")
          break
        }
        var spin = 0
        for _ in 0..<(round % 64) * 50 { spin &+= 1 }
        _ = store.cancelEffects(id: 1) + (spin & 0)
        let idle = DispatchSemaphore(value: 0)
        store.whenIdle(includingEffects: true) { idle.signal() }
        guard idle.wait(timeout: .now() + hangBound) == .success else {
          failures.append("round \(round): the effect never ended (a send did not return)")
          break
        }
      }
      return failures
    }
    #expect(failures.isEmpty, "\(failures)")
  }
}
