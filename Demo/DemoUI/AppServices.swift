import CSReduxKit

/// What the app hands the screens a feature's session opens: its coordinator, whose
/// broadcasts reach every store registered with it, and its timeline while the demo records
/// one (`--log`).
///
/// A screen-scoped store (see docs/screen-scoped-stores.md) is made, registered and recorded
/// when its screen opens, and goes when the screen closes: its registration and its lane end
/// with it, however often the screen opens.
@MainActor
package final class AppServices {
  /// The app's coordinator: its sign-out broadcast reaches the screens' stores too.
  package let coordinator: StoreCoordinator
  /// The app's timeline, set once the demo records one.
  package var timeline: Timeline?
  /// The action type of the app's sign-out, which `register(_:onSignOut:)` translates.
  private let signOutType: Int

  /// Services on `coordinator`, whose app store broadcasts its sign-out as `signOutType`.
  package init(coordinator: StoreCoordinator, signOutType: Int) {
    self.coordinator = coordinator
    self.signOutType = signOutType
  }

  /// Registers a screen's store with the app's coordinator: the app's sign-out reaches it as
  /// `onSignOut`, and no other broadcast does. The registration ends with the store.
  package func register<State>(_ store: Store<State>, onSignOut: Action) {
    let signOutType = signOutType
    coordinator.register(store) { action in
      action.type == signOutType ? onSignOut : nil
    }
  }

  /// Records a screen's store in the app's timeline, if the demo records one; a store named
  /// like a screen that closed continues its lane. Returns why it could not, or `nil`.
  package func record<State: StateProtocol & Codable>(
    _ store: Store<State>, codec: ActionLogCodec<State>
  ) -> String? {
    do {
      try timeline?.record(store, codec: codec)
      return nil
    } catch {
      return error.description
    }
  }
}
