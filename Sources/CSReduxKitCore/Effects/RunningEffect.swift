/// An effect a store is running: the work of a ``Thunk`` made with
/// ``Thunk/effect(id:cancelInFlight:fileID:line:_:)``, with its identity and the action that
/// started it.
///
/// ``Store/runningEffects`` lists them, for a test that checks that a flow left nothing
/// running, or for a debugging tool. An effect stays listed until its work returns, cancelled
/// or not: cancellation is cooperative.
public struct RunningEffect: Sendable, CustomStringConvertible {
  /// The identity the effect was started with, if any (see
  /// ``Thunk/effect(id:cancelInFlight:fileID:line:_:)``); ``id(as:)`` reads it as its type.
  public let id: (any Hashable & Sendable)?
  /// The action that started the effect: its ``Thunk``.
  public let action: any ActionProtocol
  /// Whether the effect was cancelled; its work has not returned yet.
  public internal(set) var isCancelled = false

  init(id: (any Hashable & Sendable)?, action: any ActionProtocol) {
    self.id = id
    self.action = action
  }

  /// The identity the effect was started with, when it is of type `type`.
  ///
  /// ```swift
  /// let searches = store.runningEffects.compactMap { $0.id(as: SearchID.self) }
  /// ```
  ///
  /// Types are matched exactly, as ``Store/cancelEffects(id:)`` matches them: an effect
  /// started with `id: 1` has an `Int` identity, and `id(as: Int?.self)` or
  /// `id(as: Double.self)` returns `nil`.
  ///
  /// - Parameter type: The type of the identity.
  /// - Returns: The identity, or `nil` when the effect has none or one of another type.
  public func id<ID: Hashable & Sendable>(as type: ID.Type) -> ID? {
    guard let id, Swift.type(of: id) == type else { return nil }
    return id as? ID
  }

  /// `effect <id> started by <action>`, followed by `(cancelled)` once it was cancelled.
  public var description: String {
    let name = id.map { "effect \(String(reflecting: $0))" } ?? "effect without an id"
    return "\(name) started by \(action)" + (isCancelled ? " (cancelled)" : "")
  }
}
