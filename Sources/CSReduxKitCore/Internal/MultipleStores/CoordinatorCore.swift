/// The coordinator's mutable parts, behind its lock.
struct _CoordinatorCore {
  var members: [_Member] = []
  var broadcasts: [any ActionProtocol] = []
  var isBroadcasting = false
  var follows: [Subscription] = []
}
