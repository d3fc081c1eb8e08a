import CSReduxKit

/// The app-wide actions. The app's own store commits them, and its subscriber broadcasts them
/// through the coordinator to the module stores. Each module numbers its own action types;
/// `DemoApp` translates these into each module's own action.
enum AppActionType: Int, CaseIterable, Sendable {
  /// The user signs out: every module starts over.
  case signOut = 100
}

/// The app's own state, apart from every module's: how many times the user signed out.
struct AppState: StateProtocol, Equatable, Codable {
  /// The sign-outs so far.
  var signOuts = 0
}

/// The app's own store: the app-wide actions pass through it, so a recorded timeline shows
/// each one as the cause of what it did in every module (one sign-out, four module resets).
///
/// Its subscriber broadcasts each app-wide action through the coordinator while the store
/// handles it.
final class AppStore: Store<AppState>, @unchecked Sendable {
  /// The store's name in diagnostics and in a timeline.
  static let storeName = "AppStore"

  /// Counts sign-outs; unknown action types change nothing.
  static let reducer = InPlaceReducer<AppState> { action, state in
    if AppActionType(rawValue: action.type) == .signOut { state.signOuts += 1 }
  }

  /// Writes and reads the store's entries in a timeline.
  static var logCodec: ActionLogCodec<AppState> {
    var codec = ActionLogCodec<AppState>(actions: ActionTypes(AppActionType.self))
    for type in AppActionType.allCases {
      switch type {
      case .signOut: codec.register(type)
      }
    }
    return codec
  }

  /// Creates the store, broadcasting what it commits through `coordinator`.
  init(
    coordinator: StoreCoordinator, diagnostics: @escaping @Sendable (StoreDiagnostic) -> Void
  ) {
    super.init(
      state: AppState(), reducer: Self.reducer, name: Self.storeName,
      actions: ActionTypes(AppActionType.self), diagnostics: diagnostics)
    subscribe(to: .cases(AppActionType.allCases)) { [coordinator] action, _ in
      guard !(action is RejectedAction) else { return }
      coordinator.broadcast(Action(type: action.type))
    }
  }
}
