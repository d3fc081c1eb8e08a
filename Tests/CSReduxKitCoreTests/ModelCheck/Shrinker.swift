import CSReduxKitTestSupport
import Dispatch

/// Shrinks a failing program: removes threads and steps and simplifies behaviours while the
/// program still fails. Runs are not deterministic, so each candidate is tried several times
/// and counts as failing if any try fails.
enum Shrinker {
  /// The smallest failing program found, the violations of its last failing run, and the
  /// number of runs spent.
  static func shrink(
    _ program: Program, attempts: Int = 8, budget: Int = 600, deadline: Double = 90,
    check: (Program) -> [String] = { StoreModel.violations($0, ProgramRunner.run($0)) }
  ) -> (program: Program, violations: [String], runs: Int) {
    let end = DispatchTime.now().uptimeNanoseconds + UInt64(deadline * 1e9)
    var best = program
    var bestViolations: [String] = []
    var runs = 0
    func fails(_ candidate: Program) -> [String]? {
      for _ in 0..<attempts {
        runs += 1
        let violations = check(candidate)
        if !violations.isEmpty { return violations }
      }
      return nil
    }
    var improved = true
    while improved && runs < budget && DispatchTime.now().uptimeNanoseconds < end {
      improved = false
      for candidate in candidates(best) {
        if runs >= budget || DispatchTime.now().uptimeNanoseconds >= end { break }
        if let violations = fails(candidate) {
          best = candidate
          bestViolations = violations
          improved = true
          break
        }
      }
    }
    return (best, bestViolations, runs)
  }

  /// Simpler programs, the most drastic first.
  static func candidates(_ program: Program) -> [Program] {
    var result: [Program] = []
    if program.middleware > 0 {
      var smaller = program
      smaller.middleware = 0
      result.append(smaller)
    }
    if program.threads.count > 1 {
      for thread in program.threads.indices {
        var smaller = program
        smaller.threads.remove(at: thread)
        result.append(smaller)
      }
    }
    for thread in program.threads.indices {
      for index in program.threads[thread].indices {
        var smaller = program
        smaller.threads[thread].remove(at: index)
        result.append(smaller)
      }
    }
    for thread in program.threads.indices {
      for index in program.threads[thread].indices {
        for simpler in simplifications(of: program.threads[thread][index]) {
          var smaller = program
          smaller.threads[thread][index] = simpler
          result.append(smaller)
        }
      }
    }
    for id in program.actions.keys.sorted() {
      guard let spec = program.actions[id], spec.behaviour != .sync else { continue }
      var smaller = program
      smaller.actions[id] = ActionSpec(
        type: spec.behaviour == .slow || spec.behaviour == .replace ? 1 : spec.type,
        behaviour: .sync)
      result.append(smaller)
    }
    return result
  }

  static func simplifications(of step: Step) -> [Step] {
    switch step {
    case .dispatch(let id, let completion, let child):
      var result: [Step] = []
      if child != nil {
        result.append(.dispatch(id: id, completion: completion, completionChild: nil))
      }
      if completion { result.append(.dispatch(id: id, completion: false, completionChild: nil)) }
      return result
    case .subscribe(let sub, let filter, let cancelOn, let trigger):
      var result: [Step] = []
      if trigger != nil {
        result.append(.subscribe(sub: sub, filter: filter, cancelOn: cancelOn, trigger: nil))
      }
      if cancelOn != nil {
        result.append(.subscribe(sub: sub, filter: filter, cancelOn: nil, trigger: trigger))
      }
      if filter != nil {
        result.append(.subscribe(sub: sub, filter: nil, cancelOn: cancelOn, trigger: trigger))
      }
      return result
    case .cancel(let sub, true):
      return [.cancel(sub: sub, viaUnsubscribe: false)]
    case .cancel:
      return []
    }
  }
}
