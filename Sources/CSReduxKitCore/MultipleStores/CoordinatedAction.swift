/// An action a ``StoreCoordinator`` dispatched to make one store follow another.
///
/// It wraps the action your follow's `action` closure made, with the same ``type`` and
/// ``data``, so reducers and type filters treat it exactly like that action; read it with
/// `type`, `data` or `payload(as:)` rather than casting it to a concrete action type, or
/// unwrap it with ``action``.
///
/// It also carries ``path``, the names of the stores the change went through, from the store
/// where it started to the store receiving this action. When the receiving store is followed in
/// turn, its follow extends the path; a path longer than the coordinator's
/// ``StoreCoordinator/followDepthLimit`` hops is stopped and reported as
/// ``StoreDiagnostic/Kind/crossStoreCycle``.
public struct CoordinatedAction: ActionProtocol, CustomStringConvertible {
  /// The wrapped action's type, kept beside it: a store reads an action's type several times
  /// on its way to the subscribers.
  public let type: Int
  /// The wrapped action: for an ``Action``, its payload's storage, shared (`nil` when it has
  /// no payload), so that wrapping one allocates nothing; any other action, in a box. With
  /// `type` and `route` the struct is three words, which an `any ActionProtocol` holds without
  /// a box of its own.
  let carried: (any AnyObject & Sendable)?
  /// The stores the change went through; `nil` only for an action made with an empty path.
  let route: FollowRoute?

  /// The action the follow made.
  public var action: any ActionProtocol {
    if let boxed = carried as? WrappedAction { return boxed.action }
    return Action(type: type, storage: carried as? _PayloadStorage)
  }

  /// The stores the change went through, by name: where it started first, the store receiving
  /// this action last.
  public var path: [String] { route?.names ?? [] }

  /// Wraps an action a follow made.
  ///
  /// - Parameters:
  ///   - action: The action for the receiving store.
  ///   - path: The names of the stores the change went through, the receiving store last.
  public init(_ action: any ActionProtocol, path: [String]) {
    var route: FollowRoute?
    for name in path { route = FollowRoute(name, after: route) }
    self.init(action, route: route)
  }

  /// Wraps an action a follow made, with the route it already has.
  init(_ action: any ActionProtocol, route: consuming FollowRoute?) {
    type = action.type
    carried = Self.carried(ofOpened: action)  // opens the existential
    self.route = route
  }

  /// What a ``CoordinatedAction`` keeps of `action`. The type is compared first, a comparison
  /// of two metadata pointers; the identity cast that follows is checked against it and, unlike
  /// a dynamic cast, does not call into the runtime.
  static func carried<Opened: ActionProtocol>(
    ofOpened action: Opened
  ) -> (any AnyObject & Sendable)? {
    if Opened.self == Action.self { return _identityCast(action, to: Action.self).storage }
    return WrappedAction(action)
  }

  /// The wrapped action's payload.
  public var data: (any Sendable)? {
    if let payload = carried as? _PayloadStorage { return payload.value }
    return (carried as? WrappedAction)?.action.data
  }

  /// The wrapped action's enum, when it is kept in a box; `nil` for a wrapped ``Action``,
  /// whose payload alone is kept (so that wrapping allocates nothing): a store that declares
  /// its ``ActionTypes`` then judges it by its type.
  public var origin: ActionOrigin? {
    (carried as? WrappedAction)?.action.origin
  }

  /// How many follows the change went through to get here: one less than the stores in
  /// ``path``.
  public var hops: Int { max((route?.count ?? 0) - 1, 0) }

  /// `CoordinatedAction(Action(type: 3, data: 7), path: A -> B)`.
  public var description: String {
    "CoordinatedAction(\(action), path: \(path.joined(separator: " -> ")))"
  }

  /// The route of `action` if a follow dispatched it (also when a reducer rejected it), else
  /// `nil`.
  static func route(of action: any ActionProtocol) -> FollowRoute? {
    route(ofOpened: action)  // opens the existential
  }

  /// The route of an action opened out of its existential. The type is compared first, a
  /// comparison of two metadata pointers, and the identity cast that follows is checked against
  /// it: a dynamic cast, even from a type to itself, calls into the runtime (about 150
  /// instructions on every hop of a follow chain after the first).
  static func route<Opened: ActionProtocol>(ofOpened action: Opened) -> FollowRoute? {
    if Opened.self == CoordinatedAction.self {
      return _identityCast(action, to: CoordinatedAction.self).route
    }
    if Opened.self == RejectedAction.self {
      return route(of: _identityCast(action, to: RejectedAction.self).action)
    }
    return nil
  }
}

/// An action other than an ``Action`` that a ``CoordinatedAction`` wraps.
final class WrappedAction: Sendable {
  let action: any ActionProtocol

  init(_ action: any ActionProtocol) {
    self.action = action
  }
}

/// The stores a change went through, as a list from the last store back to the first.
///
/// A follow link makes the route of a change that starts at its source once, and keeps the
/// route it made last for a change that came through other follows: a steady chain makes no
/// route per change, where a path as an array would be copied and grown at every hop.
final class FollowRoute: Sendable {
  let name: String
  let previous: FollowRoute?
  /// The stores in the route.
  let count: Int

  init(_ name: String, after previous: FollowRoute?) {
    self.name = name
    self.previous = previous
    self.count = (previous?.count ?? 0) + 1
  }

  /// The names, the first store first.
  var names: [String] {
    var names: [String] = []
    names.reserveCapacity(count)
    var node: FollowRoute? = self
    while let current = node {
      names.append(current.name)
      node = current.previous
    }
    names.reverse()
    return names
  }
}
