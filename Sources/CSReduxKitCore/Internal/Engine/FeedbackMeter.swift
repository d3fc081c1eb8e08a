/// Counts the actions a store's own draining thread dispatches back into it (from subscribers,
/// completions or reducers) until the store is idle again, to stop runaway feedback loops.
@usableFromInline
struct _FeedbackMeter {
  @usableFromInline var count = 0
  @usableFromInline var isTripped = false
  /// The types of the last few feedback actions, to name the loop in the report.
  @usableFromInline var recentTypes: [Int] = []

  @inlinable
  init() {}

  /// Counts one feedback action. Returns `false` when it must be dropped: the limit was passed.
  @usableFromInline
  mutating func admit(type: Int, limit: Int) -> Bool {
    count += 1
    if recentTypes.count < 64 {
      recentTypes.append(type)
    } else {
      recentTypes[count & 63] = type
    }
    guard count > limit else { return true }
    isTripped = true
    return false
  }
}
