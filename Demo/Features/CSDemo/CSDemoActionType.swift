import CSReduxKit

/// The demo's action types: the five of the CSReduxKit demo, numbered 0 to 4, then signOut
/// (5).
package enum CSDemoActionType: Int, CaseIterable, Sendable {
  /// The user tapped Add: the input takes focus. No payload.
  case beginAddContent
  /// The user submitted a record. Payload: the text, a `String`.
  case addContentFinish
  /// The user deleted a row. Payload: the row, an `Int`.
  case deleteContent
  /// The user tapped the title. Payload: the title's text, a `String`.
  case titleClick
  /// The user selected a row. Payload: the row's text, a `String`.
  case cellClick
  /// The user signed out: the module starts over from its initial state. No payload. It comes
  /// last, so the other five keep the numbers 0 to 4 that CSReduxKit's demo gives them.
  case signOut
}

extension Action {
  /// An action of the demo module.
  init(_ type: CSDemoActionType, _ payload: (any Sendable)? = nil) {
    self.init(type: type.rawValue, data: payload)
  }
}

extension CSDemoActionType {
  /// Writes and reads the module's action logs (`demo --log`, `demo replay`): every action type
  /// with its payload's type. The switch is exhaustive, so a new action type cannot be left out.
  static var logCodec: ActionLogCodec<CSDemoState> {
    var codec = ActionLogCodec<CSDemoState>(actions: ActionTypes(Self.self))
    for type in allCases {
      switch type {
      case .beginAddContent, .signOut: codec.register(type)
      case .addContentFinish, .titleClick, .cellClick: codec.register(type, payload: String.self)
      case .deleteContent: codec.register(type, payload: Int.self)
      }
    }
    return codec
  }
}
