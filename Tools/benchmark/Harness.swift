import Dispatch

/// What the command line asked for.
struct Options {
  /// A seconds-long smoke run: fewer runs, shorter runs, smaller memory counts.
  var quick = false
  /// One JSON object on standard output instead of tables.
  var json = false
  /// Runs only the scenarios that one of these selects (see `selects`); every one when empty.
  var filters: [String] = []
  /// A fixed number of operations per run instead of calibrating by time: for profilers,
  /// which slow the program down (e.g. valgrind's callgrind).
  var fixedOperations: Int?

  /// Timed runs per scenario; the median of these is reported.
  var runs: Int { quick ? 5 : 9 }
  /// How long one timed run should last, in nanoseconds.
  var runNanoseconds: Double { quick ? 15e6 : 250e6 }
  /// Dispatch counts after which peak memory is read.
  var memoryCounts: (first: Int, second: Int) {
    quick ? (100_000, 1_000_000) : (1_000_000, 10_000_000)
  }

  /// Whether the scenario called `name` is selected by a `--filter`: its name contains the
  /// filter, or ends with it when the filter ends with `$` (`array/in-place/10$`).
  func selects(_ name: String) -> Bool {
    filters.isEmpty
      || filters.contains { filter in
        filter.hasSuffix("$") ? name.hasSuffix(filter.dropLast()) : name.contains(filter)
      }
  }
}

/// The timing of one scenario: nanoseconds per operation over several runs.
struct Measurement {
  var name: String
  /// What one operation is, for the table.
  var unit: String
  /// Operations per timed run.
  var operations: Int
  /// Nanoseconds per operation, one entry per run, sorted.
  var samples: [Double]

  var median: Double { samples[samples.count / 2] }
  var minimum: Double { samples.first ?? 0 }
  var maximum: Double { samples.last ?? 0 }
}

/// Everything measured in one process, in order.
struct Results {
  var measurements: [Measurement] = []
  var memory: [MemoryReading] = []
  /// The dispatch counts after which peak memory was read, when it was.
  var memoryCounts: (first: Int, second: Int)?
  /// Correctness checks that failed; any entry makes the program exit 1.
  var failures: [String] = []

  subscript(name: String) -> Measurement? {
    measurements.first { $0.name == name }
  }
}

// MARK: - Keeping work alive

/// Written by `blackHole`; read nowhere but at exit, so the optimizer cannot drop the work
/// whose results flow into it. Only the main thread writes it.
nonisolated(unsafe) var blackHoleStorage = 0

/// Consumes a value so the computation that produced it cannot be deleted as dead code.
@inline(never)
func blackHole(_ value: Int) {
  blackHoleStorage &+= value
}

// MARK: - Timing

/// Nanoseconds on a monotonic clock.
@inline(__always)
func now() -> UInt64 {
  DispatchTime.now().uptimeNanoseconds
}

/// Runs `body(n)`, which performs `n` operations, and returns the elapsed nanoseconds.
@inline(__always)
func time(_ operations: Int, _ body: (Int) -> Void) -> Double {
  let start = now()
  body(operations)
  return Double(now() - start)
}

/// Measures `body`, which performs the number of operations it is given.
///
/// Calibration doubles the count until one pass takes an eighth of `options.runNanoseconds`,
/// then sizes each run to last about that long, with at least `minimumOperations` operations
/// (so that one slow first operation cannot make a run of one); the calibration passes are the
/// warm-up.
///
/// - Parameters:
///   - name: The scenario's name.
///   - unit: What one operation is.
///   - options: The run count and the time per run.
///   - maximumOperations: An upper bound on operations per run.
///   - body: Performs the number of operations it is given.
/// - Returns: One nanoseconds-per-operation sample per run.
func measure(
  _ name: String, unit: String = "dispatch", options: Options, maximumOperations: Int = 1 << 40,
  _ body: (Int) -> Void
) -> Measurement {
  if let fixed = options.fixedOperations {
    let operations = max(1, min(fixed, maximumOperations))
    _ = time(operations, body)  // warm-up
    var samples: [Double] = []
    for _ in 0..<options.runs {
      samples.append(time(operations, body) / Double(operations))
    }
    return Measurement(name: name, unit: unit, operations: operations, samples: samples.sorted())
  }
  let operations = calibrate(options: options, maximumOperations: maximumOperations, body)
  var samples: [Double] = []
  for _ in 0..<options.runs {
    samples.append(time(operations, body) / Double(operations))
  }
  samples.sort()
  return Measurement(name: name, unit: unit, operations: operations, samples: samples)
}

/// Measures a scenario and its floor in alternate runs, so that a change in the machine's load
/// weighs on both alike; each is calibrated on its own first.
///
/// - Returns: The scenario's measurement, then the floor's.
func measurePair(
  _ name: String, floor floorName: String, unit: String, options: Options,
  maximumOperations: Int = 1 << 40, _ body: (Int) -> Void, floor floorBody: (Int) -> Void
) -> (Measurement, Measurement) {
  withoutActuallyEscaping(body) { body in
    withoutActuallyEscaping(floorBody) { floorBody in
      let both = measureAlternately(
        [(name, body), (floorName, floorBody)], unit: unit, options: options,
        maximumOperations: maximumOperations)
      return (both[0], both[1])
    }
  }
}

/// Measures several scenarios in turn, one run of each per round, so that a change in the
/// machine's load weighs on all alike; each is calibrated on its own first. `rounds` (by
/// default `options.runs`) sets how many runs each gets: more rounds make the medians of
/// scenarios that are compared with each other steadier on a busy machine.
///
/// - Returns: One measurement per scenario, in order.
func measureAlternately(
  _ scenarios: [(name: String, body: (Int) -> Void)], unit: String, options: Options,
  maximumOperations: Int = 1 << 40, rounds: Int? = nil
) -> [Measurement] {
  let operations: [Int]
  if let fixed = options.fixedOperations {
    let count = max(1, min(fixed, maximumOperations))
    operations = scenarios.map { _ in count }
    for scenario in scenarios { _ = time(count, scenario.body) }  // warm-up
  } else {
    operations = scenarios.map {
      calibrate(options: options, maximumOperations: maximumOperations, $0.body)
    }
  }
  var samples = scenarios.map { _ in [Double]() }
  for _ in 0..<(rounds ?? options.runs) {
    for (index, scenario) in scenarios.enumerated() {
      samples[index].append(
        time(operations[index], scenario.body) / Double(operations[index]))
    }
  }
  return scenarios.indices.map { index in
    Measurement(
      name: scenarios[index].name, unit: unit, operations: operations[index],
      samples: samples[index].sorted())
  }
}

/// The operations per run that make a run last about `options.runNanoseconds`; the passes it
/// makes are the warm-up. See `measure`.
func calibrate(options: Options, maximumOperations: Int, _ body: (Int) -> Void) -> Int {
  let target = options.runNanoseconds
  var operations = 1
  var elapsed = time(operations, body)
  while elapsed < target / 8 && operations < maximumOperations {
    operations = min(operations * 2, maximumOperations)
    elapsed = time(operations, body)
  }
  // A pause of the thread, or page faults while a large state is first copied, make a short
  // pass look slow: size from the fastest pass so far, until a pass at the chosen size takes
  // at least half the target at a steady speed. These passes are the warm-up.
  var fastest = elapsed / Double(operations)
  for _ in 0..<8 {
    operations = max(minimumOperations, min(Int(target / max(fastest, 0.01)), maximumOperations))
    elapsed = time(operations, body)
    let perOperation = elapsed / Double(operations)
    let isSteady = perOperation <= fastest * 1.25
    fastest = min(fastest, perOperation)
    if (elapsed >= target / 2 && isSteady) || operations == maximumOperations { break }
  }
  return operations
}

// MARK: - Waiting without hanging

/// The fewest operations a timed run makes.
let minimumOperations = 10

/// How long the benchmark waits for asynchronous work before it gives up.
let waitLimitSeconds = 60

/// Waits for `semaphore`, or reports the scenario stuck and exits with status 1.
func waitOrExit(_ semaphore: DispatchSemaphore, _ what: String) {
  if semaphore.wait(timeout: .now() + .seconds(waitLimitSeconds)) == .timedOut {
    Platform.printError("benchmark: error: \(what) did not finish within \(waitLimitSeconds) s")
    Platform.exit(1)
  }
}

/// Waits for `group`, or reports the scenario stuck and exits with status 1.
func waitOrExit(_ group: DispatchGroup, _ what: String) {
  if group.wait(timeout: .now() + .seconds(waitLimitSeconds)) == .timedOut {
    Platform.printError("benchmark: error: \(what) did not finish within \(waitLimitSeconds) s")
    Platform.exit(1)
  }
}

/// Exits with status 1 if the whole program runs longer than `seconds`, so a hang in a
/// synchronous path cannot stall CI.
func armProgramWatchdog(seconds: Int) {
  DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) {
    Platform.printError("benchmark: error: still running after \(seconds) s; giving up")
    Platform.exit(1)
  }
}
