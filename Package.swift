// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "CSReduxKit",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "CSReduxKit", targets: ["CSReduxKit"]),
    // Helpers for tests of code that uses a store (Swift Testing and XCTest).
    .library(name: "CSReduxKitTesting", targets: ["CSReduxKitTesting"]),
    .executable(name: "demo", targets: ["demo"]),
    .executable(name: "benchmark", targets: ["benchmark"]),
  ],
  dependencies: [],
  targets: [
    // MARK: Library
    .target(
      name: "CSReduxKit",
      dependencies: ["_CSReduxKitShims"]
    ),
    // A lock and atomics that work back to macOS 13 / iOS 16 (Synchronization needs iOS 18).
    .target(name: "_CSReduxKitShims"),
    // Recorders, exhaustive state expectations and idle waiting, for users' tests.
    .target(
      name: "CSReduxKitTesting",
      dependencies: ["CSReduxKit"]
    ),

    // MARK: Demo
    // The feature modules (CSDemo, Todo, RockPaperScissors, Settings) and the terminal layer.
    .target(
      name: "DemoKit",
      dependencies: ["CSReduxKit", "_DemoTerminalShims"],
      path: "Demo/DemoKit"
    ),
    // termios and pseudo-terminal calls, which differ between Darwin and Glibc.
    .target(name: "_DemoTerminalShims", path: "Demo/_DemoTerminalShims"),
    // `swift run demo`: a thin entry point over DemoKit.
    .executableTarget(
      name: "demo",
      dependencies: ["DemoKit"],
      path: "Demo/demo"
    ),

    // MARK: Tools
    // `swift run -c release benchmark`: the store against a direct reducer call.
    .executableTarget(
      name: "benchmark",
      dependencies: ["CSReduxKit"],
      path: "Sources/benchmark"
    ),

    // MARK: Tests
    .testTarget(
      name: "CSReduxKitTests",
      dependencies: ["CSReduxKit"]
    ),
    .testTarget(
      name: "CSReduxKitTestingTests",
      dependencies: ["CSReduxKit", "CSReduxKitTesting"]
    ),
    .testTarget(
      name: "DemoKitTests",
      dependencies: ["DemoKit", "demo", "_DemoTerminalShims"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
