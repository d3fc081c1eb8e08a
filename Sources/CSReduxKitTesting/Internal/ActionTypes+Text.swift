import CSReduxKit
import CSReduxKitCore

extension ActionTypes {
  /// The longest payload summary in a message, in characters.
  static var payloadLimit: Int { 100 }

  /// An action as the helpers' messages name it: as the store's own reports do,
  /// `action 1 (remove)`, then the payload, `action 0 (add) with payload "Milk"`.
  ///
  /// A thunk is its description, `Thunk(id: …, File.swift:12)`. A rejected action adds why (`…, rejected: <error>`); a state replacement keeps its own
  /// description, `StateReplacedAction(<reason>)`.
  func text(for action: any ActionProtocol) -> String {
    if let replacement = action as? StateReplacedAction { return "\(replacement)" }
    if let rejection = action as? RejectedAction {
      let why = rejection.error.map { "\($0)" } ?? "the reducer let finish go without calling it"
      return "\(text(for: rejection.action)), rejected: \(why)"
    }
    // Every Thunk has the type Int.min, which no action enum uses: it is named by what it is.
    if action.type == Int.min { return "\(action)" }
    var text = "action \(label(for: action.type))"
    if let data = action.data {
      text += " with payload \(boundedDescription(of: data, limit: Self.payloadLimit))"
    }
    return text
  }
}
