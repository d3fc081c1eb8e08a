import CSReduxKit

/// A feature module as the demo program runs it: all the app knows about a module.
///
/// A module owns its state, its action types, its reducer, its components and the session that
/// maps script commands and keys to them. It is a target of its own and never imports another
/// module. The app keeps a list of these types and, for each, makes one ``FeatureStore`` from
/// ``initialState`` and ``makeReducer()``; it signs the user out of every module at once by
/// dispatching each one's ``signOut`` action, records the running module's store with its
/// ``logCodec`` (`demo --log`), and drives the session ``makeSession(store:)`` builds on it.
package protocol DemoFeature: Sendable {
  /// The module's state.
  associatedtype State: StateProtocol & Equatable & Codable
  /// The module's action types, numbered from 0.
  associatedtype ActionType: RawRepresentable & CaseIterable & Sendable
  where ActionType.RawValue == Int
  /// The module's reducer.
  associatedtype ModuleReducer: ReducerProtocol<State>
  /// The module's components on a store, driven by commands and keys.
  associatedtype Session: FeatureSession

  /// The argument that selects the module: `demo todo`.
  static var name: String { get }
  /// One line about the module, for the help.
  static var summary: String { get }
  /// The heading of the module's full screen.
  static var heading: String { get }
  /// The store's name, in diagnostics and in an action log's header.
  static var storeName: String { get }
  /// The state a new store starts with.
  static var initialState: State { get }
  /// The module's reducer.
  static func makeReducer() -> ModuleReducer
  /// The store's middleware; none by default. Every store runs thunks, so a module whose
  /// commands start effects needs none for them.
  static var middleware: [Middleware<State>] { get }
  /// The action type that resets the module when the user signs out; it has no payload.
  static var signOut: ActionType { get }
  /// Writes and reads the module's action logs: every action type with its payload's type.
  static var logCodec: ActionLogCodec<State> { get }
  /// The module's script commands, without the app's `signout`, `help` and `quit`.
  static var commands: [CommandHelp] { get }
  /// The module's keys, without the app's `o`, `q` and Ctrl-C.
  static var keys: [KeyHelp] { get }
  /// Builds the module's components on `store`, subscribed to it, and the session that drives
  /// them.
  @MainActor
  static func makeSession(store: FeatureStore<Self>) -> Session
  /// Registers the stores of the module's screens (each a store that comes and goes) with the
  /// codec that reads the app's timeline.
  static func registerScreens(in codec: inout TimelineCodec)
  /// Adds a fresh store for each of the module's screens to a replay of the app's timeline.
  static func addScreenStores(to replay: inout TimelineReplay)
}

extension DemoFeature {
  /// No middleware.
  package static var middleware: [Middleware<State>] { [] }

  /// No screens with stores of their own.
  package static func registerScreens(in codec: inout TimelineCodec) {}

  /// No screens with stores of their own.
  package static func addScreenStores(to replay: inout TimelineReplay) {}

  /// The module's actions: its store reduces only these, and names them in diagnostics and
  /// the printed actions.
  package static var declaredActions: ActionTypes { ActionTypes(ActionType.self) }
}
