// The few C library calls the benchmark needs, each behind a tiny platform branch.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Operating-system facts and calls; every platform difference of the benchmark lives here.
enum Platform {
  /// Peak resident set size of this process so far, in bytes (`getrusage`'s `ru_maxrss`, which
  /// Linux counts in kilobytes and Darwin in bytes); `nil` where unavailable.
  static func peakResidentBytes() -> Int? {
    #if canImport(Glibc)
      var usage = rusage()
      guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return nil }
      return usage.ru_maxrss * 1024
    #elseif canImport(Darwin)
      var usage = rusage()
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
      return usage.ru_maxrss
    #else
      return nil
    #endif
  }

  /// Memory in use for the per-subscription figure: on Linux the resident set now (the second
  /// field of `/proc/self/statm`, in pages; Swift's Glibc module does not export `mallinfo2`),
  /// on Darwin the default malloc zones' `size_in_use`.
  static func memoryInUseBytes() -> Int? {
    #if canImport(Glibc)
      let file = open("/proc/self/statm", O_RDONLY)
      guard file >= 0 else { return nil }
      defer { close(file) }
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = read(file, &buffer, buffer.count)
      guard count > 0 else { return nil }
      let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
      guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else {
        return nil
      }
      return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #elseif canImport(Darwin)
      var stats = malloc_statistics_t()
      malloc_zone_statistics(nil, &stats)
      return Int(stats.size_in_use)
    #else
      return nil
    #endif
  }

  /// `sysname release machine` from `uname`, or "unknown".
  static func systemDescription() -> String {
    #if canImport(Glibc) || canImport(Darwin)
      var name = utsname()
      guard uname(&name) == 0 else { return "unknown" }
      func field<T>(_ value: T) -> String {
        withUnsafeBytes(of: value) { bytes in
          String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
      }
      return "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))"
    #else
      return "unknown"
    #endif
  }

  /// The one-minute load average: how many threads wanted a core, on average. Above the core
  /// count, other programs were taking turns with the benchmark.
  static func loadAverage() -> Double? {
    #if canImport(Glibc) || canImport(Darwin)
      var loads = [0.0, 0.0, 0.0]
      guard getloadavg(&loads, 3) > 0 else { return nil }
      return loads[0]
    #else
      return nil
    #endif
  }

  /// Number of online processors.
  static func coreCount() -> Int {
    #if canImport(Glibc) || canImport(Darwin)
      return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #else
      return 1
    #endif
  }

  /// Writes `text` and a newline to standard error.
  static func printError(_ text: String) {
    var line = text + "\n"
    #if canImport(Glibc) || canImport(Darwin)
      line.withUTF8 { bytes in
        _ = write(2, bytes.baseAddress, bytes.count)
      }
    #else
      print(line, terminator: "")
    #endif
  }

  /// Ends the process with `code`, flushing standard output first.
  static func exit(_ code: Int32) -> Never {
    #if canImport(Glibc)
      Glibc.exit(code)
    #elseif canImport(Darwin)
      Darwin.exit(code)
    #else
      fatalError("exit \(code)")
    #endif
  }
}
