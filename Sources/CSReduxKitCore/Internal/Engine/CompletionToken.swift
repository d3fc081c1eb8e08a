/// Carries a dispatch's completion through the middleware chain, and calls it with the current
/// state if the chain drops the action, so that awaiting a dispatch can never hang.
@usableFromInline
final class _CompletionToken<State: StateProtocol>: @unchecked Sendable {
  let taken = _AtomicWord(0)
  let engine: _StoreEngine<State>
  let completion: _Completion<State>

  @usableFromInline
  init(engine: _StoreEngine<State>, completion: @escaping _Completion<State>) {
    self.engine = engine
    self.completion = completion
  }

  /// The completion, the first time only.
  func take() -> (_Completion<State>)? {
    taken.exchange(1) == 0 ? completion : nil
  }

  deinit {
    if taken.exchange(1) == 0 {
      // Dropped by a middleware; inside a reduction that holds the lent state, the call waits
      // for the commit.
      let completion = completion
      engine.callWithCommittedState { state in completion(state, .dropped(.middleware)) }
    }
  }
}
