/// The effects a store ran when a wait expired, read at that moment.
///
/// A timed-out wait's message names the effects still running. Read when the waiting task
/// resumes, which a loaded machine can delay by seconds, the list could already be empty and
/// the message would blame the queue instead; read on the timer's thread at the deadline, it
/// says what held the store up.
package final class EffectsAtExpiry<State: StateProtocol>: Sendable {
  // Assigned once, in `init`, and only read after: what `weak let` says, which needs Swift 6.2
  // (the library builds with 6.0). Reading a weak reference is atomic.
  nonisolated(unsafe) private weak var store: Store<State>?
  private let recorded = _Locked<[RunningEffect]?>(nil)

  package init(_ store: Store<State>) { self.store = store }

  /// Reads the store's running effects now.
  package var record: @Sendable () -> Void {
    { [self] in
      let running = store?.runningEffects ?? []
      recorded.withLock { $0 = running }
    }
  }

  /// What `record` read, or `nil` if it never ran.
  package var effects: [RunningEffect]? { recorded.withLock { $0 } }
}
