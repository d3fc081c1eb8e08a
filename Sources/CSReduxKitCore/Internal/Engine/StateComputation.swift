/// Work that computes a replacement state at its turn in the store's queue, from the state
/// committed then; it may finish later, like a reducer.
package final class _StateComputation<State: StateProtocol>: Sendable {
  let body: @Sendable (State, Finish<State>) -> Void

  package init(_ body: @escaping @Sendable (State, Finish<State>) -> Void) {
    self.body = body
  }
}
