/// The coordinator's mutable parts, behind its lock.
@usableFromInline
struct _CoordinatorCore: Sendable {
  var members: [_Member] = []
  /// Broadcasts to deliver, each with the cause it was made under (for a timeline).
  var broadcasts: [(action: any ActionProtocol, cause: _TraceCause?)] = []
  var isBroadcasting = false
  var follows: [Subscription] = []

  @usableFromInline
  init() {}
}
