import Foundation
import Testing

/// Checks that a recorder dates its entries by the wall clock at their commit: `burst` makes
/// the first 100 entries, then, after a pause longer than the window in which one wall-clock
/// reading dates the entries, `last` makes the 101st; `timestamps` reads the entries' dates.
///
/// An `ActionLog` and a `Timeline` date a burst from one wall-clock reading and the stores'
/// commit times: a millisecond of slack covers the clocks' resolutions and rates.
func expectDatedByWallClock(
  burst: () -> Void, last: () -> Void, timestamps: () -> [Date],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let slack = 0.001
  let before = Date()
  burst()
  let middle = Date()
  let paused = ContinuousClock.now
  while ContinuousClock.now - paused < .milliseconds(3) {}
  let resumed = Date()
  last()
  let after = Date()
  let times = timestamps().map { $0.timeIntervalSince(before) }
  let end = middle.timeIntervalSince(before)
  #expect(times.count == 101, sourceLocation: sourceLocation)
  guard times.count == 101 else { return }
  #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, sourceLocation: sourceLocation)
  #expect(
    times.prefix(100).allSatisfy { $0 >= -slack && $0 <= end + slack },
    sourceLocation: sourceLocation)
  #expect(times[100] >= resumed.timeIntervalSince(before) - slack, sourceLocation: sourceLocation)
  #expect(times[100] <= after.timeIntervalSince(before) + slack, sourceLocation: sourceLocation)
}
