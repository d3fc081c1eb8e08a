import CSReduxKit
import CSReduxKitTestSupport
import CSReduxKitTesting
import Testing

/// A greeting service the tally effects depend on.
struct Greeter: Sendable {
  var greeting: @Sendable () async throws -> String
}

struct GreeterKey: EffectDependencyKey {
  static let liveValue = Greeter { "hello from the live greeter" }
}

extension EffectDependencies {
  var greeter: Greeter {
    get { self[GreeterKey.self] }
    set { self[GreeterKey.self] = newValue }
  }
}

/// Waits 300 ms on the store's clock, then notes the greeting; a newer one cancels it.
private let debouncedGreeting = Thunk<Tally>.effect(
  id: "greet", cancelInFlight: true, fileID: "Greet.swift", line: 3
) { context in
  try await context.dependencies.clock.sleep(for: .milliseconds(300))
  let greeting = try await context.dependencies.greeter.greeting()
  context.dispatch(Action(TallyAction.note, data: greeting))
}

private func greetingStore(clock: any Clock<Duration>, greeting: String) -> Store<Tally> {
  Store(
    state: Tally(), reducer: tallyReducer, name: "Greeting",
    dependencies: EffectDependencies {
      $0.clock = clock
      $0.greeter = Greeter { greeting }
    })
}

@Suite("TestClock, ImmediateClock and effect dependencies")
struct TestClockTests {
  @Test("a 300 ms sleep in an effect ends when the test advances the clock, in no wall time")
  func advanceWakesTheSleeper() async {
    let clock = TestClock()
    let test = TestStore(greetingStore(clock: clock, greeting: "hi"), timeout: .seconds(hangBound))
    await test.send(debouncedGreeting)
    await clock.advance(by: .milliseconds(299))
    #expect(test.state.notes == [])
    await clock.advance(by: .milliseconds(1))
    await test.receive(TallyAction.note, payload: "hi") { $0.notes = ["hi"] }
    await test.finish()
    #expect(clock.now.offset == .milliseconds(300))
  }

  @Test("a newer effect cancels the sleeping one, whose sleep ends at once")
  func cancelledSleepEnds() async {
    let clock = TestClock()
    let test = TestStore(greetingStore(clock: clock, greeting: "hi"), timeout: .seconds(hangBound))
    await test.send(debouncedGreeting)
    await test.send(debouncedGreeting)
    await clock.run()
    await test.receive(TallyAction.note, payload: "hi") { $0.notes = ["hi"] }
    await test.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test("cancelling an effect ends its test-clock sleep without advancing the clock")
  func cancelEndsSleep() async {
    let clock = TestClock()
    let store = greetingStore(clock: clock, greeting: "hi")
    let test = TestStore(store, timeout: .seconds(hangBound))
    await test.send(debouncedGreeting)
    store.cancelEffects(id: "greet")
    await test.finish()
    #expect(clock.now.offset == .zero)
  }

  @Test("run wakes every sleeper in deadline order")
  func runWakesInOrder() async {
    let clock = TestClock()
    let woken = Locked<[Int]>([])
    await withTaskGroup(of: Void.self) { group in
      for delay in [30, 10, 20] {
        group.addTask {
          try? await clock.sleep(for: .milliseconds(delay))
          woken.append(delay)
        }
      }
      while clock.sleeperCount < 3 { await Task.yield() }
      await clock.run()
    }
    #expect(woken.current == [10, 20, 30])
    #expect(clock.now.offset == .milliseconds(30))
  }

  @Test("an immediate clock's sleep returns at once and moves its time")
  func immediateClock() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(60))
    #expect(clock.now.offset == .seconds(60))
    let test = TestStore(greetingStore(clock: clock, greeting: "hey"), timeout: .seconds(hangBound))
    await test.send(debouncedGreeting)
    await test.receive(TallyAction.note, payload: "hey") { $0.notes = ["hey"] }
    await test.finish()
  }

  @Test("each store reads its own dependencies: two stores in parallel never share them")
  func dependenciesBelongToTheStore() async {
    await withTaskGroup(of: Void.self) { group in
      for name in ["one", "two", "three"] {
        group.addTask {
          let test = TestStore(
            greetingStore(clock: ImmediateClock(), greeting: name), timeout: .seconds(hangBound))
          await test.send(debouncedGreeting)
          await test.receive(TallyAction.note, payload: name) { $0.notes = [name] }
          await test.finish()
        }
      }
    }
  }

  @Test("a key not given reads its live value; the clock is continuous by default")
  func liveValues() {
    let dependencies = EffectDependencies()
    #expect(dependencies.clock is ContinuousClock)
    let overridden = EffectDependencies { $0.clock = TestClock() }
    #expect(overridden.clock is TestClock)
  }
}

@Test("an effect dependency not given reads the key's live value")
func liveDependency() async throws {
  #expect(try await EffectDependencies().greeter.greeting() == "hello from the live greeter")
}
