// Hooks for the package's own tests: they read the coordinator's lists without changing them.

extension StoreCoordinator {
  /// The follows the coordinator keeps, ended or not. For tests of churn only.
  package var keptFollowCount: Int {
    inner.withLock { $0.follows.count }
  }

  /// The registered stores the coordinator keeps, gone or not. For tests of churn only.
  package var keptMemberCount: Int {
    inner.withLock { $0.members.count }
  }
}
