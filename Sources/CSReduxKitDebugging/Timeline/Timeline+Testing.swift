// Hooks for the package's own tests: they read the timeline's internals without changing them.

extension Timeline {
  /// The lanes of stores that went whose entries the timeline still keeps, and the tracers it
  /// knows. For tests of churn only.
  package var retainedLaneCounts: (retired: Int, tracers: Int) {
    inner.withLock { ($0.retiredLanes.count, $0.tracers.count) }
  }
}
