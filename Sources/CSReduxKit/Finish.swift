/// The callback a reducer calls, exactly once, to complete an action.
///
/// Call it like a function with the new state: `finish(newState)`. It is `Sendable`, so a
/// reducer may keep it and call it later from any thread; the thread that calls it commits the
/// state, notifies the subscribers and runs any actions that queued up meanwhile.
///
/// Misuse never corrupts the store; it is reported through the store's diagnostics:
/// - a second call is ignored and reported as ``StoreDiagnostic/Kind/finishCalledTwice``;
/// - a `Finish` released without being called completes the action with the state unchanged
///   and is reported as ``StoreDiagnostic/Kind/finishReleasedWithoutCall``;
/// - one not called within the store's `reducerTimeout` is reported once as
///   ``StoreDiagnostic/Kind/reducerDidNotFinish`` (the store keeps waiting).
public struct Finish<State: StateProtocol>: Sendable {
  @usableFromInline let box: _FinishBox<State>

  @inlinable
  init(_ box: _FinishBox<State>) {
    self.box = box
  }

  /// Completes the action with `newState`.
  ///
  /// - Parameter newState: The state that follows the action. Pass the state you were given
  ///   when the action changes nothing: subscribers are notified of every action either way.
  @inlinable
  public func callAsFunction(_ newState: State) {
    box.finish(.state(newState))
  }

  /// Completes the action without changing the state and reports `error` to the store's
  /// diagnostics as ``StoreDiagnostic/Kind/reducerFailed``.
  ///
  /// Use it for actions a reducer cannot apply, such as a payload of the wrong type or an index
  /// out of range: the state stays as it was, and subscribers are still notified, with a
  /// ``RejectedAction`` wrapping the action so they can tell it was not applied.
  ///
  /// - Parameter error: What went wrong; its description appears in the diagnostic.
  @inlinable
  public func fail(_ error: any Error) {
    box.finish(.failed(error))
  }
}

/// How a reducer completed an action.
@usableFromInline
enum _Outcome<State> {
  /// A new state to commit.
  case state(State)
  /// The reducer reported an error; keep the state.
  case failed(any Error)
  /// The reducer let `finish` go without calling it; keep the state.
  case released
}
