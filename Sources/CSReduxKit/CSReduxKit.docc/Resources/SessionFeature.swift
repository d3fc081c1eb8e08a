import CSReduxKit

/// Who is signed in.
struct SessionState: StateProtocol, Codable, Equatable {
  var userName: String?
}

/// The session module's actions, numbered on their own: `0` here is not
/// the notes module's `0`, and never reaches the notes store.
enum SessionAction: Int, CaseIterable {
  case signIn, signOut
}

let sessionReducer = InPlaceReducer<SessionState> { action, state in
  switch SessionAction(rawValue: action.type) {
  case .signIn: state.userName = try action.payload(as: String.self)
  case .signOut: state.userName = nil
  case nil: break
  }
}

/// The session module's store.
func makeSessionStore() -> Store<SessionState> {
  Store(state: SessionState(), reducer: sessionReducer, name: "Session")
}
