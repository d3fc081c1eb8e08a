/// A store that removes subscribers when their subscription is cancelled.
@usableFromInline
protocol _SubscriptionOwner: AnyObject, Sendable {
  func _cancelSubscription(_ subscription: Subscription)
}
