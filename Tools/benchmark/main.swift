// The benchmark program: see docs/performance.md. `swift run -c release benchmark [--quick]
// [--json] [--filter SUBSTRING]`. Exits 1 when a correctness check fails or a scenario hangs;
// a missed performance target is reported, never an error.

import Dispatch

let usage = """
  usage: benchmark [--quick] [--json] [--filter SUBSTRING] [--operations N]

    --quick             a seconds-long smoke run (5 short runs per scenario; memory after
                        100 k and 1 M dispatches instead of 1 M and 10 M)
    --json              print one JSON object instead of tables
    --filter SUBSTRING  run only the scenarios whose name contains SUBSTRING
                        (e.g. dispatch/, array/in-place, memory/), or whose name
                        ends with it when it ends with $ (array/in-place/10$); the
                        baseline always runs, as every ratio is to it; given more
                        than once, a scenario any of them selects runs
    --operations N      N operations per run instead of sizing runs by time, plus one
                        warm-up run: for profilers (valgrind --tool=callgrind)

  Build in release for meaningful numbers: swift run -c release benchmark
  """

var options = Options()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--quick": options.quick = true
  case "--json": options.json = true
  case "--filter":
    guard let value = arguments.popFirst() else {
      Platform.printError("benchmark: --filter needs a value\n\n" + usage)
      Platform.exit(2)
    }
    options.filters.append(value)
  case "--operations":
    guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else {
      Platform.printError("benchmark: --operations needs a positive number\n\n" + usage)
      Platform.exit(2)
    }
    options.fixedOperations = value
  case _ where argument.hasPrefix("--filter="):
    options.filters.append(String(argument.dropFirst("--filter=".count)))
  case "--help", "-h":
    print(usage)
    Platform.exit(0)
  default:
    Platform.printError("benchmark: unknown argument '\(argument)'\n\n" + usage)
    Platform.exit(2)
  }
}

armProgramWatchdog(seconds: options.quick ? 300 : 1_800)
let loadBefore = Platform.loadAverage()
var bench = Bench(options: options)
bench.runAll()
if bench.needsMainQueue {
  // Main-actor deliveries go through the main queue: its scenarios run on another thread
  // while the main thread serves the queue, and that thread reports and exits.
  let synchronous = bench
  DispatchQueue.global().async {
    var bench = synchronous
    bench.mainQueueScenarios()
    report(bench, loadBefore: loadBefore)
  }
  dispatchMain()
}
report(bench, loadBefore: loadBefore)

/// Prints the tables or the JSON object for everything `bench` measured, then exits: 1 when a
/// correctness check failed, 2 when the filter matched nothing.
func report(_ bench: Bench, loadBefore: Double?) -> Never {
  let options = bench.options
  let machine = Machine.current(loadBefore: loadBefore)
  if !options.filters.isEmpty, bench.results.measurements.count <= 1,
    bench.results.memory.isEmpty, !options.selects("baseline")
  {
    let filters = options.filters.map { "'\($0)'" }.joined(separator: ", ")
    Platform.printError("benchmark: no scenario matches the filter \(filters)")
    Platform.exit(2)
  }
  if options.json {
    print(jsonReport(bench.results, options: options, machine: machine))
  } else {
    print(textReport(bench.results, options: options, machine: machine))
  }
  for failure in bench.results.failures {
    Platform.printError("benchmark: correctness check failed: \(failure)")
  }
  Platform.exit(bench.results.failures.isEmpty ? 0 : 1)
}
