import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Testing

/// Opens its latch when freed: what a timer's handler captured.
private final class Witness: Sendable {
  let freed: AsyncLatch
  init(_ freed: AsyncLatch) { self.freed = freed }
  deinit { freed.open() }
}

/// The timer of a wait for idle and of a store's watchdog, which usually end before their
/// deadline: cancelled, it lets go of its handler then, not at the deadline.
@Suite("DeadlineTimer")
struct DeadlineTimerTests {
  @Test("cancelled before its deadline, the timer lets go of its handler at once")
  func cancelReleasesTheHandler() async {
    let freed = AsyncLatch()
    let called = Locked(false)
    do {
      let witness = Witness(freed)
      let timer = DeadlineTimer {
        withExtendedLifetime(witness) { called.withLock { $0 = true } }
      }
      timer.fire(at: .now() + 3_600)
      timer.cancel()
    }
    // An hour before its deadline: only the cancellation can have freed it.
    #expect(await freed.wait(seconds: 60))
    #expect(called.withLock { $0 } == false)
  }

  @Test("fired, the timer fires again when set again, as the watchdog arms it turn after turn")
  func firesAgainWhenSetAgain() async {
    let first = AsyncLatch()
    let second = AsyncLatch(count: 2)
    let timer = DeadlineTimer {
      first.open()
      second.open()
    }
    timer.fire(at: .now())
    #expect(await first.wait())
    timer.fire(at: .now())
    #expect(await second.wait())
    timer.cancel()
  }
}
