import CSReduxKit

/// The app: a store per module, connected only through app-wide actions.
final class App {
  let notes = makeNotesStore()
  let session = makeSessionStore()
  let coordinator = StoreCoordinator()

  init() {
    coordinator.register(notes) { action in
      action.type == AppAction.signOut.rawValue ? Action(NotesAction.clear) : nil
    }
    coordinator.register(session) { action in
      action.type == AppAction.signOut.rawValue ? Action(SessionAction.signOut) : nil
    }
  }

  /// Signs out everywhere: each module clears what belongs to the user.
  func signOut() {
    coordinator.broadcast(Action(AppAction.signOut))
  }
}
