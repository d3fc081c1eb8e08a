import _CSReduxKitShims

/// The shared record behind a `Finish` callback: which action it completes, and how far along
/// the completion is.
///
/// The phase word arbitrates between the thread running the reducer and any thread that calls
/// `finish`, without taking the store's lock:
///
///     executing ──finish──▶ claimed ──▶ finishedEarly ──(reducer returns)──▶ done
///         │
///         └──(reducer returns)──▶ awaiting ──finish, or released──▶ done
///
/// A box that ends in `done` while the store holds the only reference is reused for the next
/// action, so the synchronous path allocates nothing. A box the reducer kept is never reused.
final class _FinishBox<State: StateProtocol>: @unchecked Sendable {
  static var executing: Int { 0 }
  static var claimed: Int { 1 }
  static var finishedEarly: Int { 2 }
  static var awaiting: Int { 3 }
  static var done: Int { 4 }

  let phase = _AtomicWord(0)
  private weak var store: Store<State>?

  // Set by the draining thread while it is the only user of the box; read by the thread that
  // wins the phase word. Never written while another thread may read them.
  private(set) var action: (any ActionProtocol)?
  private(set) var completion: (@Sendable (State) -> Void)?
  private var earlyOutcome: _Outcome<State>?

  init(store: Store<State>) {
    self.store = store
  }

  deinit {
    // The reducer kept `finish` and then let it go without calling it.
    if phase.load() == Self.awaiting, let store, let action {
      store._resume(action: action, completion: completion, outcome: .released)
    }
    phase.deallocate()
  }

  /// Prepares a fresh or recycled box for `action`. Only the draining thread calls this.
  func begin(_ action: any ActionProtocol, completion: (@Sendable (State) -> Void)?) {
    self.action = action
    self.completion = completion
    phase.store(Self.executing)
  }

  /// Clears what a finished box holds so it can be reused.
  func recycle() {
    action = nil
    completion = nil
    earlyOutcome = nil
  }

  /// Called by the draining thread when the reducer returned. Returns the outcome when `finish`
  /// was called before that (on any thread), or `nil` when the action is still in flight.
  func reducerReturned() -> _Outcome<State>? {
    let found = phase.compareExchange(expected: Self.executing, desired: Self.awaiting)
    if found == Self.executing { return nil }
    // `finish` claimed the box; it publishes the outcome a few instructions later.
    while phase.load() != Self.finishedEarly { csrk_yield() }
    phase.store(Self.done)
    return earlyOutcome.take()
  }

  /// Completes an action that was still awaiting `finish` when nothing else can call it any
  /// more. Returns `false` if a `finish` call won the race.
  func claimAbandoned() -> Bool {
    phase.compareExchange(expected: Self.awaiting, desired: Self.done) == Self.awaiting
  }

  /// Whether the reducer has returned and `finish` has not been called yet.
  var isAwaiting: Bool { phase.load() == Self.awaiting }

  var actionType: Int? { action?.type }

  func finish(_ outcome: _Outcome<State>) {
    var current = phase.load()
    while true {
      switch current {
      case Self.executing:
        let found = phase.compareExchange(expected: current, desired: Self.claimed)
        guard found == current else {
          current = found
          continue
        }
        earlyOutcome = outcome
        phase.store(Self.finishedEarly)
        return
      case Self.awaiting:
        let found = phase.compareExchange(expected: current, desired: Self.done)
        guard found == current else {
          current = found
          continue
        }
        if let store, let action {
          store._resume(action: action, completion: completion, outcome: outcome)
        }
        return
      default:
        store?._reportFinishCalledTwice(actionType: action?.type)
        return
      }
    }
  }
}
