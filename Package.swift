// swift-tools-version: 6.0
// The library, the demo and the benchmark build with Swift 6.0 and later; the test targets are
// declared for Swift 6.2 and later only (see the end of this file).
import PackageDescription

let package = Package(
  name: "CSReduxKit",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    // Everything: the core, the debugging tools and persistence, behind one `import CSReduxKit`.
    .library(name: "CSReduxKit", targets: ["CSReduxKit"]),
    // The store, actions, reducers, middleware and several stores alone, without Foundation.
    .library(name: "CSReduxKitCore", targets: ["CSReduxKitCore"]),
    // The debugging tools and persistence on their own, for a target that needs one of them
    // only; also what `.ci/check-api` compares release to release (it reads library products).
    .library(name: "CSReduxKitDebugging", targets: ["CSReduxKitDebugging"]),
    .library(name: "CSReduxKitPersistence", targets: ["CSReduxKitPersistence"]),
    // Helpers for tests of code that uses a store (Swift Testing and XCTest).
    .library(name: "CSReduxKitTesting", targets: ["CSReduxKitTesting"]),
  ],
  dependencies: [],
  targets: [
    // MARK: Library
    // The store, actions, reducers, middleware, several stores, the concurrency and Observation
    // adapters. Imports no Foundation (`.ci/run` checks it): Dispatch and the shim only.
    .target(
      name: "CSReduxKitCore",
      dependencies: ["_CSReduxKitShims"]
    ),
    // Saving and restoring a store's state in a file (Foundation's Codable and file calls).
    .target(
      name: "CSReduxKitPersistence",
      dependencies: ["CSReduxKitCore", "_CSReduxKitShims"]
    ),
    // The action log with time travel, recordings, their JSON Lines codec, StateDifference.
    .target(
      name: "CSReduxKitDebugging",
      dependencies: ["CSReduxKitCore", "CSReduxKitPersistence"],
      // The timeline page's CSS and JavaScript: .ci/generate-timeline-page embeds them.
      exclude: ["Timeline/Page"]
    ),
    // The umbrella: `import CSReduxKit` re-exports the three modules above.
    .target(
      name: "CSReduxKit",
      dependencies: ["CSReduxKitCore", "CSReduxKitDebugging", "CSReduxKitPersistence"]
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
    // `swift run demo`: a thin entry point over DemoKit. An executable target, not a product, so
    // a package that depends on CSReduxKit does not see it.
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
      path: "Tools/benchmark"
    ),
    // `dispatch-count ROW N`: N dispatches to a plain store and nothing else, for
    // `.ci/check-instructions`, which counts their instructions and allocations under valgrind.
    .executableTarget(
      name: "dispatch-count",
      dependencies: ["CSReduxKitCore"],
      path: "Tools/dispatch-count"
    ),
    // `recording-count ROW N`: N dispatches to a store of an app-shaped state, plain, logged
    // or recorded by a timeline, for `.ci/check-recording-cost`, which compares their
    // instructions under valgrind.
    .executableTarget(
      name: "recording-count",
      dependencies: ["CSReduxKitCore", "CSReduxKitDebugging"],
      path: "Tools/recording-count"
    ),
  ],
  swiftLanguageModes: [.v6]
)

// MARK: Tests
// The tests use Swift 6.2's `weak let` and exit tests (`#expect(processExitsWith:)`), so they are
// declared for Swift 6.2 and later only: with Swift 6.0 or 6.1, `swift build` builds the library,
// the demo and the benchmark, and the package has no test targets.
#if compiler(>=6.2)
  package.targets += [
    // Fakes, latches and small states shared by the test targets below.
    .target(
      name: "CSReduxKitTestSupport",
      dependencies: ["CSReduxKit", "CSReduxKitTesting"],
      path: "Tests/CSReduxKitTestSupport"
    ),
    .testTarget(
      name: "CSReduxKitCoreTests",
      dependencies: ["CSReduxKitCore", "CSReduxKitTesting", "CSReduxKitTestSupport"]
    ),
    .testTarget(
      name: "CSReduxKitDebuggingTests",
      dependencies: ["CSReduxKit", "CSReduxKitTestSupport", "CSReduxKitTesting"]
    ),
    .testTarget(
      name: "CSReduxKitPersistenceTests",
      dependencies: ["CSReduxKit", "CSReduxKitTestSupport"]
    ),
    // The guides' and README's examples, and the reliability catalogue, through the umbrella.
    .testTarget(
      name: "CSReduxKitTests",
      dependencies: ["CSReduxKit", "CSReduxKitTesting", "CSReduxKitTestSupport"]
    ),
    .testTarget(
      name: "CSReduxKitTestingTests",
      dependencies: ["CSReduxKit", "CSReduxKitTesting", "CSReduxKitTestSupport"]
    ),
    // The code of the DocC tutorial "Build a modular app", compiled and run: each file is a
    // step's listing (`.ci/check-doc-examples` keeps the catalog's copies identical).
    .testTarget(
      name: "CSReduxKitTutorialTests",
      dependencies: ["CSReduxKit", "CSReduxKitTesting"]
    ),
    .testTarget(
      name: "DemoKitTests",
      dependencies: [
        "DemoKit", "DemoUI", "CSDemoFeature", "TodoFeature", "RockPaperScissorsFeature",
        "SettingsFeature", "demo", "CSReduxKit", "CSReduxKitTesting", "_DemoTerminalShims",
      ]
    ),
  ]
#endif
