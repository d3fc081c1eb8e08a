import CSReduxKit
import CSReduxKitTestSupport
import Foundation
import Testing

/// How many screens the churn test opens and closes: a thousand by default, so that
/// `swift test` stays quick; `CSREDUXKIT_CHURN_SCREENS=10000` for the soak run in CI.
private let screenCount =
  ProcessInfo.processInfo.environment["CSREDUXKIT_CHURN_SCREENS"].flatMap { Int($0) } ?? 1_000

@Suite("Churn: screens that open and close leave nothing behind")
struct ScreenChurnTests {
  @Test("N screens open and close: the app's subscribers, lists and lanes stay flat")
  func screensComeAndGo() async throws {
    let shell = try ScreenApp(timelineCapacity: 200)
    let subscribers = shell.app.subscriberCount
    let slots = shell.app.subscriberSlotCount
    var gone: [WeakBox<Store<DetailState>>] = []
    for screen in 0..<screenCount {
      let store = try await shell.visit("item \(screen)")
      // Keeping every reference would itself grow with N: a sample is enough.
      if screen % 97 == 0 || screen == screenCount - 1 { gone.append(store) }
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
  }

  @Test("N screens open and close: the heap in use does not grow with the screens")
  func heapStaysFlat() async throws {
    // In a process of its own: the allocations of the tests running alongside would move
    // the figure.
    let result = await #expect(
      processExitsWith: .success, observing: [\.standardErrorContent]
    ) { [screens = screenCount as Int] in
      let growth = try await heapGrowth(screens: screens)
      FileHandle.standardError.write(Data("churn-heap \(growth.map(String.init) ?? "-")\n".utf8))
    }
    let printed = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    let reported = printed.split(separator: "\n").first { $0.hasPrefix("churn-heap ") }
    let figure = try #require(reported, "the churn's process reported nothing: \(printed)")
    // Where the allocator does not say (neither glibc nor Darwin), there is nothing to check.
    guard let growth = Int(figure.dropFirst("churn-heap ".count)) else { return }
    let screens = screenCount - screenCount / 2 - screenCount / 8
    // What the screens may leave between the two readings without growing with them: the
    // allocator's per-thread caches, filled or emptied as the pool's and the timers' threads
    // come and go (up to 24 KB measured on a loaded machine), and an eighth of a byte per
    // screen. The leak this guards against held 370 bytes a screen (a timer of 300 seconds
    // per wait for idle): over the 375 screens the default run compares, 135 KB.
    let allowed = (64 << 10) + screens / 8
    let line =
      "churn: the heap in use grew by \(growth) bytes over \(screens) screens "
      + "(\(growth / max(screens, 1)) a screen; allowed \(allowed))"
    print(line)
    #expect(growth <= allowed, "\(line)")
  }
}

/// Opens and closes `screens` screens and returns how much the heap in use grew over the
/// second half, or `nil` where the allocator does not say.
///
/// The first half warms up what is made once (the timeline's ring filling, the coordinator's
/// lists, the runtime's caches, the pool's threads). Over the second half, the heap is read
/// after every screen, and the figure is the lowest reading of its last eighth minus the
/// lowest of its first eighth: the lowest readings leave out what is in flight at a reading
/// (a screen's effect, a timer not yet cancelled), while memory a screen leaves behind raises
/// every later reading.
private func heapGrowth(screens: Int) async throws -> Int? {
  let shell = try ScreenApp(timelineCapacity: 200)
  let eighth = max(screens / 8, 1)
  var first = Int.max
  var last = Int.max
  for screen in 0..<screens {
    _ = try await shell.visit("item \(screen)")
    guard screen >= screens / 2, let bytes = heapBytesInUse() else { continue }
    if screen < screens / 2 + eighth { first = min(first, bytes) }
    if screen >= screens - eighth { last = min(last, bytes) }
  }
  try await shell.app.waitUntilIdle(timeout: .seconds(hangBound))
  guard first != .max, last != .max else { return nil }
  return last - first
}
