import CSReduxKitCore

extension ActionLogCodec {
  /// Registers every action type of an `EnumAction`, each with the enum itself as its
  /// payload type.
  ///
  /// ```swift
  /// var codec = ActionLogCodec<TodoState>(actions: ActionTypes(TodoAction.Kind.self))
  /// codec.register(TodoAction.self)
  /// ```
  ///
  /// Each entry's payload is the enum value as its `Codable` conformance writes it (with
  /// Swift's synthesized conformance, `{"add":{"title":"Milk"}}` for `.add(title: "Milk")`).
  /// Reading gives back `Action` values whose payload is the enum value, which
  /// `EnumAction.init(_:)` reads: a reducer that uses it replays an imported log exactly.
  ///
  /// - Parameter actions: The enum; every case of its `Kind` is registered.
  public mutating func register<Actions: EnumAction & Codable>(_ actions: Actions.Type) {
    for kind in Actions.Kind.allCases {
      register(kind.rawValue, payload: Actions.self)
    }
  }
}
