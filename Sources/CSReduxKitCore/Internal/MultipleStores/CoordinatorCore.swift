/// The coordinator's mutable parts, behind its lock.
@usableFromInline
struct _CoordinatorCore: Sendable {
  var members: [_Member] = []
  var broadcasts: [any ActionProtocol] = []
  var isBroadcasting = false
  var follows: [Subscription] = []

  @usableFromInline
  init() {}
}
