/// Watches the action that is waiting for an asynchronous `finish`, so that a reducer that
/// never finishes is reported once, with a single timer per store.
@usableFromInline
struct _Watchdog<State: StateProtocol> {
  @usableFromInline
  enum Verdict {
    /// Nothing to watch any more; the timer stops.
    case idle
    /// The watched action started later than the timer assumed; fire again then.
    case rearm(deadline: UInt64)
    /// The watched action is overdue; report it (only once).
    case overdue(actionType: Int?, stage: String?)
  }

  @usableFromInline
  weak var box: _FinishBox<State>?
  @usableFromInline
  var since: UInt64 = 0
  @usableFromInline
  var reported = false
  @usableFromInline
  var isArmed = false

  @inlinable
  init() {}

  /// Starts watching `box`. Returns `true` when the caller must arm the timer.
  @inlinable
  mutating func watch(_ box: _FinishBox<State>, since now: UInt64) -> Bool {
    self.box = box
    since = now
    reported = false
    defer { isArmed = true }
    return !isArmed
  }

  @inlinable
  mutating func check(now: UInt64, timeout: UInt64) -> Verdict {
    guard let box, box.isAwaiting, !reported else {
      isArmed = false
      return .idle
    }
    let deadline = since &+ timeout
    guard now >= deadline else { return .rearm(deadline: deadline) }
    reported = true
    isArmed = false
    return .overdue(actionType: box.actionType, stage: box.currentStage)
  }
}
