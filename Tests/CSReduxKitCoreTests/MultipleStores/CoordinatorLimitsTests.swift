import CSReduxKitCore
import Testing

@Suite("StoreCoordinator: limits a user can pass")
struct CoordinatorLimitsTests {
  @Test(
    "a depth limit below 1 counts as 1, never a trap",
    arguments: [(Int.min, 1), (-5, 1), (0, 1), (1, 1), (8, 8), (Int.max, Int.max)])
  func depthLimitBelowOne(given: Int, kept: Int) {
    let coordinator = StoreCoordinator(followDepthLimit: given, diagnostics: { _ in })
    #expect(coordinator.followDepthLimit == kept)
  }
}
