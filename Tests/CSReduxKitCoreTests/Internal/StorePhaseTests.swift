import CSReduxKitCore
import Testing

/// The store's phase as a type: the table of legal transitions, and the words an illegal event
/// stops a debug build with.
@Suite("StorePhase: the run loop's transitions")
struct StorePhaseTests {
  typealias Phase = _StorePhase
  static let a: UInt = 0xA
  static let b: UInt = 0xB

  @Test("a synchronous turn: idle, reducing, notifying, then the next turn or idle")
  func synchronousTurn() {
    let a = Self.a
    #expect(Phase.idle.after(.start, thread: a) == .reducing(thread: a))
    #expect(Phase.reducing(thread: a).after(.commit, thread: a) == .notifying(thread: a))
    #expect(Phase.notifying(thread: a).after(.closeRound, thread: a) == .notifying(thread: a))
    #expect(Phase.notifying(thread: a).after(.start, thread: a) == .reducing(thread: a))
    #expect(Phase.notifying(thread: a).after(.goIdle, thread: a) == .idle)
  }

  @Test("an asynchronous turn: the thread that calls finish commits and runs the queue")
  func asynchronousTurn() {
    let (a, b) = (Self.a, Self.b)
    #expect(Phase.reducing(thread: a).after(.reducerReturned, thread: a) == .awaitingFinish)
    #expect(Phase.awaitingFinish.after(.resume, thread: b) == .finishing(thread: b))
    #expect(Phase.finishing(thread: b).after(.commit, thread: b) == .notifying(thread: b))
    // `finish` called on another thread before the reducer's thread got back to the lock.
    #expect(Phase.reducing(thread: a).after(.resume, thread: b) == .finishing(thread: b))
    for later in [Phase.finishing(thread: b), .notifying(thread: b), .reducing(thread: b), .idle] {
      #expect(later.after(.reducerReturned, thread: a) == later)
    }
  }

  @Test("an event illegal in a phase has no next phase, and the phase says what it is")
  func illegalEvents() {
    let (a, b) = (Self.a, Self.b)
    let illegal: [(Phase, Phase.Event, UInt)] = [
      (.idle, .commit, a), (.idle, .closeRound, a), (.idle, .goIdle, a), (.idle, .resume, a),
      (.reducing(thread: a), .start, a), (.reducing(thread: a), .commit, b),
      (.reducing(thread: a), .resume, a), (.reducing(thread: a), .goIdle, a),
      (.awaitingFinish, .commit, a), (.awaitingFinish, .start, a),
      (.finishing(thread: b), .reducerReturned, b), (.finishing(thread: b), .resume, a),
      (.notifying(thread: a), .commit, a), (.notifying(thread: a), .start, b),
      (.notifying(thread: a), .closeRound, b), (.notifying(thread: a), .reducerReturned, a),
    ]
    for (phase, event, thread) in illegal {
      #expect(phase.after(event, thread: thread) == nil, "\(event) in phase \(phase)")
    }
    #expect("\(Phase.Event.commit) in phase \(Phase.idle)" == "commit in phase idle")
    #expect(Phase.notifying(thread: 7).description == "notifying(7)")
  }

  @Test("the views: busy, a turn in flight, a round, the reducer's and the queue's thread")
  func views() {
    let a = Self.a
    let phases: [Phase] = [
      .idle, .reducing(thread: a), .awaitingFinish, .finishing(thread: a), .notifying(thread: a),
    ]
    #expect(phases.map(\.isBusy) == [false, true, true, true, true])
    #expect(phases.map(\.hasTurnInFlight) == [false, true, true, true, false])
    #expect(phases.map(\.isNotifying) == [false, false, false, false, true])
    #expect(phases.map(\.reducerThread) == [0, a, 0, 0, 0])
    #expect(phases.map(\.runner) == [0, a, 0, a, a])
  }
}
