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
