/// What subscribers receive for an action the reducer could not apply.
///
/// Every action notifies the subscribers, even one that failed: when a reducer completes an
/// action with ``Finish/fail(_:)``, or lets `finish` go without calling it, the store commits
/// nothing and calls the subscribers with a `RejectedAction` that wraps the original. It has the
/// same ``type`` and ``data``, so type filters route it as usual, and a subscriber that must not
/// react to a failed action can tell:
///
/// ```swift
/// store.subscribe(to: [DemoAction.addContentFinish.rawValue]) { action, state in
///   guard !(action is RejectedAction) else { return }  // the input keeps its text
///   input.clear()
/// }
/// ```
///
/// A completion passed to `dispatch(_:completion:)` still receives the (unchanged) state.
public struct RejectedAction: ActionProtocol, CustomStringConvertible {
  /// The action the reducer did not apply.
  public let action: any ActionProtocol
  /// Why: the error passed to ``Finish/fail(_:)``, or `nil` when the reducer let `finish` go
  /// without calling it.
  public let error: (any Error)?

  /// Wraps an action the reducer did not apply.
  ///
  /// - Parameters:
  ///   - action: The action dispatched.
  ///   - error: Why it was not applied, if known.
  @inlinable
  public init(_ action: any ActionProtocol, error: (any Error)?) {
    self.action = action
    self.error = error
  }

  /// The original action's type.
  @inlinable
  public var type: Int { action.type }

  /// The original action's payload.
  @inlinable
  public var data: (any Sendable)? { action.data }

  /// The original action's enum.
  @inlinable
  public var origin: ActionOrigin? { action.origin }

  /// `RejectedAction(Action(type: 3, data: 7), error: …)`.
  public var description: String {
    "RejectedAction(\(action), error: \(error.map { String(describing: $0) } ?? "finish released"))"
  }
}
