import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Dates entries from their stores' commit times (`_uptimeNanoseconds()`), without a clock
/// read of their own: from a wall-clock reading and the uptime it was paired with.
///
/// The anchor is read again whenever an entry comes more than `window` after it, so that a
/// clock change or a sleep of the machine (which the uptime does not count on every platform)
/// shifts only the entries of a dense burst, within that window of each other.
@usableFromInline
struct WallClockAnchor: Sendable {
  @usableFromInline var seconds = 0.0
  @usableFromInline var uptime: UInt64 = 0
  @usableFromInline var isSet = false
  /// The timestamp given last.
  @usableFromInline var last = -Double.infinity

  @inlinable
  init() {}

  /// How long an anchor dates entries: a millisecond.
  @inlinable
  static var window: UInt64 { 1_000_000 }

  /// Seconds since the reference date at uptime `committedAt`, from the anchor (read again when
  /// it is more than `window` old, or newer than `committedAt`), and never before the one given
  /// last, so that the entries stay in order across anchors.
  @inlinable
  mutating func timestamp(committedAt: UInt64) -> Double {
    if !isSet || committedAt &- uptime > Self.window { anchor() }
    // The difference as a signed integer: one conversion to `Double` instead of two unsigned
    // ones, and a product instead of a division.
    let seconds = self.seconds + Double(Int64(bitPattern: committedAt &- uptime)) * 1e-9
    last = max(last, seconds)
    return last
  }

  /// Reads the wall clock and the uptime together, so that entries dated from either anchor
  /// agree; once a millisecond at most, so kept out of the recording path.
  @usableFromInline @inline(never)
  mutating func anchor() {
    seconds = Date().timeIntervalSinceReferenceDate
    uptime = _uptimeNanoseconds()
    isSet = true
  }
}
