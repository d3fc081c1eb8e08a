/// One handler of an ``ActionRouter``: what to do with the state for one action type.
public struct On<State: StateProtocol>: Sendable {
  /// The action type this handler applies to.
  public let type: Int
  @usableFromInline let body: @Sendable (any ActionProtocol, inout State) throws -> Void

  /// Handles an action type whose payload is not needed.
  ///
  /// - Parameters:
  ///   - type: A case of the module's `Int`-backed action enum.
  ///   - handler: Changes the state in place, or throws to leave it unchanged.
  public init<T: RawRepresentable>(
    _ type: T, _ handler: @escaping @Sendable (_ state: inout State) throws -> Void
  ) where T.RawValue == Int {
    self.type = type.rawValue
    self.body = { _, state in try handler(&state) }
  }

  /// Handles an action type with a payload of type `Payload`.
  ///
  /// - Parameters:
  ///   - type: A case of the module's `Int`-backed action enum.
  ///   - payload: The payload type; any other payload, or none, fails the action.
  ///   - handler: Receives the payload and changes the state in place, or throws.
  public init<T: RawRepresentable, Payload>(
    _ type: T, payload: Payload.Type,
    _ handler: @escaping @Sendable (_ payload: Payload, _ state: inout State) throws -> Void
  ) where T.RawValue == Int {
    self.type = type.rawValue
    self.body = { action, state in try handler(try action.payload(as: Payload.self), &state) }
  }

  /// Handles an action type with access to the whole action.
  ///
  /// - Parameters:
  ///   - type: A case of the module's `Int`-backed action enum.
  ///   - handler: Receives the action and changes the state in place, or throws.
  public init<T: RawRepresentable>(
    _ type: T,
    action handler:
      @escaping @Sendable (_ action: any ActionProtocol, _ state: inout State) throws
      -> Void
  ) where T.RawValue == Int {
    self.type = type.rawValue
    self.body = handler
  }
}
