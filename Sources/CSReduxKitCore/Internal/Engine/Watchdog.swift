/// Watches the store's turns, so that an action whose reducer has not finished within the
/// store's `reducerTimeout` is reported once, whether the reducer is still inside its call
/// (stuck on a lock, a synchronous network call) or returned and has not called `finish` yet.
///
/// A turn starts when an action's reducer is called and ends when its outcome is committed
/// (`_StoreCore.startTurn`, `commit`); each turn has a serial number. While the store is
/// busy, one timer per store looks at the turn in flight four times per timeout: a turn seen
/// in flight at five looks in a row started at least a whole timeout before the last one, and
/// at most a quarter more. So a report comes between one and one and a quarter timeouts after
/// the turn started, and the dispatch path pays for no clock reading: only a counter and a
/// flag. The timer stops when a look finds the store between turns, or after a report; the
/// next turn that starts arms it again.
@usableFromInline
struct _Watchdog<State: StateProtocol> {
  enum Verdict {
    /// The store is between turns, or the turn was reported: the timer stops.
    case idle
    /// A turn is in flight and not overdue yet: look again one period later.
    case rearm
    /// The turn in flight is overdue; report it (once).
    case overdue(actionType: Int, stage: String?, readersWaiting: Int)
  }

  /// How many looks in a row must find the same turn in flight before it is overdue.
  static var looksToOverdue: Int { 5 }

  /// The box of the action waiting for an asynchronous `finish`, and its turn: for the name
  /// of the child reducer working on it.
  weak var box: _FinishBox<State>?
  var boxTurn: UInt64 = 0
  /// Whether the timer is pending. Starts `true` in a store without a timeout, so that no turn
  /// ever arms it.
  @usableFromInline
  var isArmed: Bool
  /// The turn the last look found in flight, and how many looks in a row found it.
  var watchedTurn: UInt64 = 0
  var looks = 0
  /// Arms the watchdog's timer. Called under the lock, at most once per period of the timer
  /// while the store is busy; set by the engine once it exists (the timer needs the engine).
  @usableFromInline
  var arm: (@Sendable () -> Void)?

  init(watches: Bool) {
    isArmed = !watches
  }

  /// Called as a turn starts: `true` when the caller must arm the timer.
  @inlinable
  mutating func turnStarted() -> Bool {
    guard !isArmed else { return false }
    isArmed = true
    return true
  }

  /// One look of the timer at the turn in flight (`inFlight`, numbered `turn`).
  mutating func look(
    turn: UInt64, inFlight: Bool, actionType: Int, readersWaiting: Int
  ) -> Verdict {
    guard inFlight else {
      isArmed = false
      looks = 0
      return .idle
    }
    if turn != watchedTurn {
      watchedTurn = turn
      looks = 1
      return .rearm
    }
    looks += 1
    guard looks == Self.looksToOverdue else { return .rearm }
    isArmed = false  // the next turn arms it again; this one is reported only once
    let stage = boxTurn == turn ? box?.currentStage : nil
    return .overdue(actionType: actionType, stage: stage, readersWaiting: readersWaiting)
  }

  /// The reducer of turn `turn` returned and its action waits for `finish` in `box`.
  mutating func awaitsFinish(_ box: _FinishBox<State>, turn: UInt64) {
    self.box = box
    boxTurn = turn
  }
}
