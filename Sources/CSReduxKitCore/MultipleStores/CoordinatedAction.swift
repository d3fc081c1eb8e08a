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
  /// The action the follow made.
  public let action: any ActionProtocol
  /// The stores the change went through, by name: where it started first, the store receiving
  /// this action last.
  public let path: [String]

  /// Wraps an action a follow made.
  ///
  /// - Parameters:
  ///   - action: The action for the receiving store.
  ///   - path: The names of the stores the change went through, the receiving store last.
  public init(_ action: any ActionProtocol, path: [String]) {
    self.action = action
    self.path = path
  }

  /// The wrapped action's type.
  public var type: Int { action.type }

  /// The wrapped action's payload.
  public var data: (any Sendable)? { action.data }

  /// How many follows the change went through to get here: one less than the stores in
  /// ``path``.
  public var hops: Int { max(path.count - 1, 0) }

  /// `CoordinatedAction(Action(type: 3, data: 7), path: A -> B)`.
  public var description: String {
    "CoordinatedAction(\(action), path: \(path.joined(separator: " -> ")))"
  }

  /// The path of `action` if a follow dispatched it (also when a reducer rejected it), else
  /// `nil`.
  @usableFromInline
  static func path(of action: any ActionProtocol) -> [String]? {
    // The dynamic type compared first: a cast from an existential costs more than a hop of a
    // follow, and most actions a follow sees are neither of these.
    let dynamicType = Swift.type(of: action)
    guard dynamicType == CoordinatedAction.self || dynamicType == RejectedAction.self else {
      return nil
    }
    return switch action {
    case let coordinated as CoordinatedAction: coordinated.path
    case let rejected as RejectedAction: path(of: rejected.action)
    default: nil
    }
  }
}
