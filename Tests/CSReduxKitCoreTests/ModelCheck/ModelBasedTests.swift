import CSReduxKitCore
import CSReduxKitTestSupport
import Dispatch
import Foundation
import Testing

/// The randomized model check: random programs over one store, from up to four threads, checked
/// against the reference model in `StoreModel`.
///
/// `RANDOM_PROGRAMS=N` runs N programs (2,000 by default), with seeds from `RANDOM_FIRST_SEED`
/// (1 by default). `RANDOM_SEED=S` runs only seed S, `RANDOM_PROGRAMS` times (20 by default):
/// the program follows from the seed, the interleaving does not.
@Suite("ModelBased: random programs agree with the store's reference model", .serialized)
struct ModelBasedTests {
  static func environment(_ name: String) -> UInt64? {
    ProcessInfo.processInfo.environment[name].flatMap { UInt64($0) }
  }

  @Test("random programs from up to four threads keep every documented guarantee")
  func randomPrograms() async {
    let reports = await stressRun(stackSize: 8 << 20) { Self.checkRandomPrograms() }
    for report in reports { Issue.record(Comment(rawValue: report)) }
  }

  /// Runs the random programs; returns one report per failing program.
  static func checkRandomPrograms() -> [String] {
    var reports: [String] = []
    let seeds: [UInt64]
    if let seed = Self.environment("RANDOM_SEED") {
      seeds = Array(repeating: seed, count: Int(Self.environment("RANDOM_PROGRAMS") ?? 20))
    } else {
      let first = Self.environment("RANDOM_FIRST_SEED") ?? 1
      let count = Self.environment("RANDOM_PROGRAMS") ?? 2_000
      seeds = Array(first..<(first + count))
    }
    let start = DispatchTime.now().uptimeNanoseconds
    var actions = 0
    var diagnostics = 0
    var failures = 0
    for seed in seeds {
      let program = ProgramGenerator.program(seed: seed)
      let observation = ProgramRunner.run(program)
      actions += observation.commits.count
      diagnostics += observation.diagnostics.count
      let violations = StoreModel.violations(program, observation)
      guard !violations.isEmpty else { continue }
      failures += 1
      let shrunk = Shrinker.shrink(program)
      let report = [
        "seed \(seed) failed: " + violations.joined(separator: "; "),
        program.description,
        shrunk.violations.isEmpty
          ? "it did not fail again in \(shrunk.runs) runs (a rare interleaving): not shrunk"
          : "shrunk after \(shrunk.runs) runs to:\n\(shrunk.program)\nwhich failed with: "
            + shrunk.violations.joined(separator: "; "),
        "reproduce: RANDOM_SEED=\(seed) swift test --filter ModelBased",
      ].joined(separator: "\n")
      print(report)
      reports.append(report)
      if failures >= 3 { break }  // shrinking is slow; three reports are enough to act on
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let range = seeds.first.map { "\($0)...\(seeds.last ?? $0)" } ?? "none"
    print(
      "ModelBased: \(seeds.count) programs, seeds \(range), \(actions) actions committed, "
        + "\(diagnostics) diagnostics, \(failures) failing, "
        + String(format: "%.1f s", seconds))
    return reports
  }
}
