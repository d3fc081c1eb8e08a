/// How a store lets its reducer change the state, and so what a read of ``Store/state`` does
/// while an action is being reduced; chosen where the store is created.
///
/// ```swift
/// let store = Store(
///   state: LogState(), reducer: logReducer,
///   stateAccess: .lentToReducer(readsInsideGet: LogState()))
/// ```
///
/// ## Always readable (the default)
///
/// The store keeps its committed state while the reducer works on its own value of it. A read
/// of ``Store/state`` (and `context.state` in middleware, a thunk's `context.state`, the
/// subscribe-and-read of observations, follows and action logs) returns the last committed
/// state at once, from any thread, also from inside the reducer: while an action is being
/// reduced, that is the state from before it. Nothing waits and nothing stops the program.
///
/// The cost: the reducer's changes land in copy-on-write storage the store still holds, so a
/// reducer that changes one item of a large array copies the array once per action (for an
/// `[Int]` on the project's 2-core test machine, 2–4 µs at 10,000 items and 0.3–1.0 ms at
/// 1,000,000, against 0.1–0.3 µs for a lent state at any size; at 10 items the copy costs
/// little; see docs/performance.md).
///
/// ## Lent to the reducer
///
/// For a reducer that changes the state in place and cannot fail half-way (an
/// ``InPlaceReducerProtocol`` whose `reduce` does not throw, or an ``InPlaceReducer`` made with
/// ``InPlaceReducer/nonThrowing(_:)``), the store moves its own state into the reducer for the
/// synchronous reduction and takes the result back at the commit: storage nothing else holds
/// is changed where it is, so a dispatch costs the same on 10 items as on 1,000,000. The trade,
/// while such a reduction runs:
///
/// - **A read from another thread waits** for the commit (as long as the reducer takes) and
///   returns the state committed for that action, never a half-changed one.
/// - **A read from the reducing thread** (the reducer, or code it calls: a middleware or a
///   thunk it dispatches to, a subscriber of another store it dispatches to) cannot wait and
///   has no committed state to get: it returns the value given as `readsInsideGet` (an empty
///   state, typically), and the store reports ``StoreDiagnostic/Kind/stateReadWhileLent``. A
///   middleware's dropped-action completion called there gets the state the reduction commits
///   instead. The program never stops and never hangs.
///
/// Actions dispatched from inside any reducer are reported
/// (``StoreDiagnostic/Kind/dispatchFromReducer``) and, middleware included, run after the
/// current commit, in both modes. Reducers that can fail (a ``Reducer``, a throwing `reduce`,
/// composed reducers) cannot take a lent state: a store given the option with one of them
/// reports ``StoreDiagnostic/Kind/stateCannotBeLent`` once, where it is created, and keeps the
/// default.
public enum StateAccess<State: StateProtocol>: Sendable {
  /// The store keeps its committed state while the reducer works: reads never wait. The
  /// default.
  case alwaysReadable
  /// The store lends its own state to a non-throwing in-place reducer, without a copy: reads
  /// from other threads wait for the commit meanwhile, and reads from the reducing thread get
  /// `readsInsideGet`, with a ``StoreDiagnostic/Kind/stateReadWhileLent`` report.
  ///
  /// - Parameter readsInsideGet: What a read of the state from the reducing thread returns
  ///   while the state is lent; the store keeps it for that.
  case lentToReducer(readsInsideGet: State)
}
