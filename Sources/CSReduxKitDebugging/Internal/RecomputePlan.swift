import CSReduxKitCore

/// The entries after a toggled one, to be recomputed from `base`.
struct RecomputePlan<State: StateProtocol>: Sendable {
  /// The state before the first entry recomputed; resolve it outside the log's lock.
  let base: StateChain<State>
  /// Sequence numbers of the entries recomputed, in order.
  let sequences: [Int]
  /// For each: the action to apply, or the recorded state of a replacement entry, or `nil`
  /// when the entry is skipped.
  let steps: [RecomputeStep<State>]
  let generation: Int
}

enum RecomputeStep<State: StateProtocol>: Sendable {
  case apply(any ActionProtocol)
  case reset(State)
  case skip
}

/// The recomputed state of one entry and whether the reducer rejected its action.
struct RecomputedState<State: StateProtocol>: Sendable {
  let state: State
  let isRejected: Bool
}

/// Applies the plan's steps one after another; the reducer may finish later, on any thread.
func recompute<State: StateProtocol>(
  _ plan: RecomputePlan<State>, from state: State, at step: Int,
  into results: [RecomputedState<State>],
  execute: @escaping @Sendable (any ActionProtocol, State, Finish<State>) -> Void,
  done: @escaping @Sendable ([RecomputedState<State>]) -> Void
) {
  var state = state
  var results = results
  var step = step
  while step < plan.steps.count {
    switch plan.steps[step] {
    case .skip:
      results.append(RecomputedState(state: state, isRejected: false))
    case .reset(let recorded):
      state = recorded
      results.append(RecomputedState(state: state, isRejected: false))
    case .apply(let action):
      let before = state
      let next = step + 1
      let soFar = results
      execute(
        action, before,
        Finish(named: "recomputation") { outcome in
          let result: RecomputedState<State>
          switch outcome {
          case .success(let new): result = RecomputedState(state: new, isRejected: false)
          case .failure: result = RecomputedState(state: before, isRejected: true)
          }
          recompute(
            plan, from: result.state, at: next, into: soFar + [result], execute: execute,
            done: done)
        })
      return
    }
    step += 1
  }
  done(results)
}
