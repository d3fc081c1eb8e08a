// The few C library calls the benchmark needs, each behind a tiny platform branch.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#elseif canImport(Darwin)
  import Darwin
#endif

/// Operating-system facts and calls; every platform difference of the benchmark lives here.
enum Platform {
  /// Peak resident set size of this process image so far, in bytes; `nil` where unavailable.
  ///
  /// On Linux it is `VmHWM` from `/proc/self/status`, not `getrusage`'s `ru_maxrss`: Linux
  /// keeps `ru_maxrss` across `execve`, so under `swift run` it would report the peak of the
  /// `swift-run` process that started the benchmark (over 100 MB). On Darwin it is `ru_maxrss`
  /// (in bytes there).
  static func peakResidentBytes() -> Int? {
    #if canImport(Glibc)
      return statusKilobytes("VmHWM:").map { $0 * 1024 }
    #elseif canImport(Darwin)
      var usage = rusage()
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
      return usage.ru_maxrss
    #else
      return nil
    #endif
  }

  /// Anonymous resident memory now (heap and stacks, not the mapped program and libraries), in
  /// bytes: `RssAnon` from `/proc/self/status`. Linux only; `nil` elsewhere.
  static func anonymousResidentBytes() -> Int? {
    #if canImport(Glibc)
      statusKilobytes("RssAnon:").map { $0 * 1024 }
    #else
      nil
    #endif
  }

  #if canImport(Glibc)
    /// A kilobyte field of `/proc/self/status`, such as `VmHWM:`.
    static func statusKilobytes(_ key: String) -> Int? {
      guard let status = readFile("/proc/self/status") else { return nil }
      for line in status.split(separator: "\n") where line.hasPrefix(key) {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        return fields.count >= 2 ? Int(fields[1]) : nil
      }
      return nil
    }

    /// The contents of a small file such as one under `/proc`, or `nil`.
    static func readFile(_ path: String) -> String? {
      let file = open(path, O_RDONLY)
      guard file >= 0 else { return nil }
      defer { close(file) }
      var contents: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(file, &buffer, buffer.count)
        guard count >= 0 else { return nil }
        if count == 0 { break }
        contents.append(contentsOf: buffer[..<count])
      }
      return String(decoding: contents, as: UTF8.self)
    }
  #endif

  /// Memory in use for the per-subscription figure: on Linux the resident set now (the second
  /// field of `/proc/self/statm`, in pages; Swift's Glibc module does not export `mallinfo2`),
  /// on Darwin the default malloc zones' `size_in_use`.
  static func memoryInUseBytes() -> Int? {
    #if canImport(Glibc)
      guard let statm = readFile("/proc/self/statm") else { return nil }
      let fields = statm.split(separator: " ")
      guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
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
    #if canImport(Glibc) || canImport(Musl) || canImport(Android) || canImport(Darwin)
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
    #elseif canImport(Musl)
      Musl.exit(code)
    #elseif canImport(Android)
      Android.exit(code)
    #elseif canImport(Darwin)
      Darwin.exit(code)
    #else
      fatalError("exit \(code)")
    #endif
  }
}
