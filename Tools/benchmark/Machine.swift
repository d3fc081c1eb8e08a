/// What the numbers were measured on.
struct Machine {
  /// `uname`'s system, release and machine.
  var system: String
  var cores: Int
  /// The compiler that built this program, to the minor version.
  var swift: String
  /// `release` or `debug`.
  var configuration: String
  /// One-minute load averages when the scenarios started and when they ended.
  var loadBefore: Double?
  var loadAfter: Double?

  /// The machine now, with `loadBefore` as read when the scenarios started.
  static func current(loadBefore: Double?) -> Machine {
    Machine(
      system: Platform.systemDescription(), cores: Platform.coreCount(), swift: compilerVersion,
      configuration: buildConfiguration, loadBefore: loadBefore, loadAfter: Platform.loadAverage())
  }
}

/// The compiler version, as precisely as `#if compiler` can tell.
let compilerVersion: String = {
  #if compiler(>=6.5)
    return "Swift 6.5 or later"
  #elseif compiler(>=6.4)
    return "Swift 6.4"
  #elseif compiler(>=6.3)
    return "Swift 6.3"
  #elseif compiler(>=6.2)
    return "Swift 6.2"
  #elseif compiler(>=6.1)
    return "Swift 6.1"
  #else
    return "Swift 6.0"
  #endif
}()

/// SwiftPM defines `DEBUG` in debug builds.
let buildConfiguration: String = {
  #if DEBUG
    return "debug"
  #else
    return "release"
  #endif
}()
