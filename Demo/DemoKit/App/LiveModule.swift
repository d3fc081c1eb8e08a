import CSReduxKit

/// A feature module's store in the running app, with what the app does with any module:
/// start a session on it, record it in the app's timeline, wait for it.
protocol LiveModule: AnyObject, Sendable {
  /// The module.
  var module: DemoModule { get }
  /// Whether the store has nothing to reduce, notify or run, and no effect running.
  var isIdle: Bool { get }
  /// Registers the store with `coordinator`, which translates the app's signOut into the
  /// module's own; `onSignOut` receives the store's name each time it commits one.
  func register(
    with coordinator: StoreCoordinator, onSignOut: @escaping @Sendable (String) -> Void)
  /// Suspends until the store is idle and no effect of it runs.
  func waitUntilIdle() async
  /// A session that drives the module's components on this store.
  @MainActor
  func makeSession(app: DemoApp) -> any DemoSession
  /// Starts recording the store in the app's timeline, for `--log FILE`.
  func record(in timeline: Timeline)
}
