#if canImport(Glibc)
  import Glibc
#else
  import Dispatch
#endif

/// Nanoseconds of the monotonic clock `DispatchTime` counts in: what a store times its turns
/// with, and what an action log dates their commits from.
///
/// On Linux `DispatchTime.now()` is `clock_gettime(CLOCK_MONOTONIC)` behind two calls and a
/// conversion; this reads that clock directly (a timed turn reads it twice; docs/performance.md,
/// "Beyond a dispatch", has the figure). Elsewhere the clock is `DispatchTime`'s own. Out of
/// line: the store's inlined turn calls it only when its turns are timed.
@usableFromInline @inline(never)
package func _uptimeNanoseconds() -> UInt64 {
  #if canImport(Glibc)
    var time = timespec()
    // The monotonic clock cannot fail on Linux; a failure would leave the time at 0.
    _ = clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(truncatingIfNeeded: time.tv_sec) &* 1_000_000_000
      &+ UInt64(truncatingIfNeeded: time.tv_nsec)
  #else
    return DispatchTime.now().uptimeNanoseconds
  #endif
}
