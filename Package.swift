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
    // What every feature module shares: the protocol the app drives it through, its store,
    // text views, script commands and keys.
    .target(
      name: "DemoUI",
      dependencies: ["CSReduxKit", "_DemoTerminalShims"],
      path: "Demo/DemoUI"
    ),
    // The feature modules: each a store, its state, actions, reducer, views, session and log
    // codec. A module depends on DemoUI, never on another module.
    .target(
      name: "CSDemoFeature",
      dependencies: ["CSReduxKit", "DemoUI"],
      path: "Demo/Features/CSDemo"
    ),
    .target(
      name: "TodoFeature",
      dependencies: ["CSReduxKit", "DemoUI"],
      path: "Demo/Features/Todo"
    ),
    .target(
      name: "RockPaperScissorsFeature",
      dependencies: ["CSReduxKit", "DemoUI"],
      path: "Demo/Features/RockPaperScissors"
    ),
    .target(
      name: "SettingsFeature",
      dependencies: ["CSReduxKit", "DemoUI"],
      path: "Demo/Features/Settings"
    ),
    // The demo app: the list of modules, the command line, scripts, the full screen, sign-out,
    // --log and replay.
    .target(
      name: "DemoKit",
      dependencies: [
        "CSReduxKit", "DemoUI", "CSDemoFeature", "TodoFeature", "RockPaperScissorsFeature",
        "SettingsFeature", "_DemoTerminalShims",
      ],
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
      dependencies: [
        "DemoKit", "DemoUI", "CSDemoFeature", "TodoFeature", "RockPaperScissorsFeature",
        "SettingsFeature", "demo", "CSReduxKit", "CSReduxKitTesting", "_DemoTerminalShims",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
