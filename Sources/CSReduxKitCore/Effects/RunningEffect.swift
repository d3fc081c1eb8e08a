/// An effect a store is running: the work of an `async` ``Thunk``, with its identity and the
/// action that started it.
///
/// ``Store/runningEffects`` lists them, for a test that checks that a flow left nothing
/// running, or for a debugging tool. An effect stays listed until its work returns, cancelled
/// or not: cancellation is cooperative.
public struct RunningEffect: Sendable, CustomStringConvertible {
  /// The identity the effect was started with, if any (see ``Thunk/init(id:cancelInFlight:fileID:line:_:)``).
  public let id: (any Hashable & Sendable)?
  /// The action that started the effect: its ``Thunk``.
  public let action: any ActionProtocol
  /// Whether the effect was cancelled; its work has not returned yet.
  public internal(set) var isCancelled = false

  init(id: (any Hashable & Sendable)?, action: any ActionProtocol) {
    self.id = id
    self.action = action
  }

  /// `effect <id> started by <action>`, followed by `(cancelled)` once it was cancelled.
  public var description: String {
    let name = id.map { "effect \(String(reflecting: $0))" } ?? "effect without an id"
    return "\(name) started by \(action)" + (isCancelled ? " (cancelled)" : "")
  }
}
