/// What the run loop does around a reducer's call besides calling it, in the engine's
/// `aroundReducer` word: a store that neither declares its actions nor is recorded reads the
/// word, finds 0, and calls its reducer.
@usableFromInline
enum _AroundReducer {
  /// Bit 0: a timeline records the store. The reducer runs with the turn's entry as the cause
  /// of what it dispatches (see `executeTraced`).
  @usableFromInline static let traced = 1
  /// The other bits: the identity of the first enum the store declares (its ``ActionTypes``),
  /// 0 for a store that declares none; an action of another enum never reaches the reducer.
  /// Set once, where the store is created. Type metadata is aligned to a word, so the
  /// identity leaves bit 0 free, and an untraced store's word is the very word an action of
  /// that enum carries (`_UnsafeActionContainer.originWord(in:)`): the check that passes it
  /// is one comparison with the word the run loop loads anyway.
  @usableFromInline static let checksActions = ~traced

  /// The word of a store that declares `actions`, untraced.
  @inlinable static func word(declaring actions: ActionTypes) -> Int {
    Int(bitPattern: actions.firstEnum)
  }
}

/// The one place where a store that declares its ``ActionTypes`` checks an action, in the run
/// loop, after the middleware (which may translate an action) and before the reducer.
///
/// An action the declared enums accept reaches the reducer; any other fails its turn with a
/// ``ForeignActionError``: the state is unchanged, the subscribers get a ``RejectedAction``,
/// the completion (`send`) hears `.failed`, and the store reports it (`reportReducerFailed`).
/// A ``StateReplacedAction`` never comes here (its turn replaces the state without the
/// reducer); a thunk that reaches the reducer is accepted as reserved.
extension _StoreEngine {
  /// Whether the reducer is called with nothing around it: no tracing, and either no check or
  /// an action of the first declared enum. An ``Action``'s enum is read from its container
  /// (`_UnsafeActionContainer.originWord(in:)`) and compared with the `around` word itself;
  /// any other type's (an ``EnumAction``, a type of the user's own) is read through its
  /// protocol. The
  /// common case of both kinds of store, inlined into the run loop; anything else (another
  /// enum, a bare number, a recorded store) goes out of line, to the full check. A store that
  /// declares nothing is marked the likelier: the optimizer then lays the run loop out for it
  /// as it does without the check (docs/performance.md has the counts).
  @inlinable @inline(__always)
  func callsReducerDirectly(_ around: Int, _ action: any ActionProtocol) -> Bool {
    _fastPath(around == 0)
      || _UnsafeActionContainer.originWord(in: action) == UInt(bitPattern: around)
      || action.origin.map { UInt(bitPattern: $0.id) } == UInt(bitPattern: around)
  }

  /// The rejection of an action the store does not reduce, `nil` for one it does.
  @usableFromInline
  func rejection(of action: any ActionProtocol, _ around: Int) -> ForeignActionError? {
    guard around & _AroundReducer.checksActions != 0, !declaredActions.accepts(action) else {
      return nil
    }
    return declaredActions.rejection(of: action, store: name)
  }

  /// The reducer's `execute` with what goes around it: the check of a store that declares its
  /// actions (an action it refuses fails through `finish`, as a reducer's failure would) and
  /// the trace of a recorded store.
  @usableFromInline @inline(never)
  func executeAround(
    _ around: Int, _ action: any ActionProtocol, _ state: State, _ finish: Finish<State>
  ) {
    if let rejection = rejection(of: action, around) {
      finish.fail(rejection)
    } else if around & _AroundReducer.traced != 0 {
      executeTraced(action, state, finish)
    } else {
      execute(action, state, finish)
    }
  }

  /// `executeAround` for an in-place reduction: returns the rejection of an action the store
  /// refuses, which the reduction never sees, or `nil` once the reduction ran.
  @usableFromInline @inline(never)
  func reduceInPlaceAround(
    _ around: Int, _ reduce: @Sendable (any ActionProtocol, inout State) -> Void,
    _ action: any ActionProtocol, _ state: inout State
  ) -> ForeignActionError? {
    if let rejection = rejection(of: action, around) { return rejection }
    if around & _AroundReducer.traced != 0 {
      reduceInPlaceTraced(reduce, action, &state)
    } else {
      reduce(action, &state)
    }
    return nil
  }

  /// Fails the turn of an action an in-place reducer never saw. A lent state goes back to the
  /// core first, unchanged, so that the report and the round read the committed state.
  @usableFromInline @inline(never)
  func rejectInPlace(
    _ action: any ActionProtocol, _ turn: inout _Turn<State>, _ state: inout State,
    _ rejection: ForeignActionError
  ) -> Bool {
    if turn.lent {
      let own = state
      inner.withLock { core in
        core.state = own
        turn.lent = false
      }
    }
    return finishTurn(action, &turn, &state, .failed(rejection))
  }
}
