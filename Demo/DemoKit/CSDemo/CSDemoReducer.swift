import CSReduxKit

/// The demo's reducer, following the table in SEED_SYSTEMS.md row by row.
///
/// | action | payload | effect |
/// |---|---|---|
/// | beginAddContent | none | canEdit = true |
/// | addContentFinish | String | currentAddText = text; canEdit = false; append text |
/// | deleteContent | Int row | remove the row; currentAddText = last element (nil when empty) |
/// | titleClick | String | title = the string |
/// | cellClick | String | currentAddText = the string |
/// | signOut | none | back to the initial state (added by the port for the demo's sign-out) |
///
/// An action that needs a payload but has none, has one of the wrong type, or names a row that
/// does not exist is *failed*: the state stays unchanged and the store's diagnostics report a
/// ``PayloadError`` or an ``IndexOutOfRangeError``. Unknown action types change nothing.
struct CSDemoReducer: InPlaceReducerProtocol {
  /// Applies ``reduce(_:_:)``; a throw leaves the store's state unchanged and is reported.
  func reduce(_ action: any ActionProtocol, into state: inout CSDemoState) throws {
    state = try Self.reduce(action, state)
  }

  /// The pure state transition behind ``reduce(_:into:)``.
  static func reduce(_ action: any ActionProtocol, _ state: CSDemoState) throws -> CSDemoState {
    var state = state
    switch CSDemoActionType(rawValue: action.type) {
    case .beginAddContent:
      state.canEdit = true
    case .addContentFinish:
      let text = try action.payload(as: String.self)
      state.currentAddText = text
      state.canEdit = false
      state.listData.append(text)
    case .deleteContent:
      let row = try action.payload(as: Int.self)
      guard state.listData.indices.contains(row) else {
        throw IndexOutOfRangeError(index: row, count: state.listData.count, noun: "row")
      }
      state.listData.remove(at: row)
      state.currentAddText = state.listData.last
    case .titleClick:
      state.title = try action.payload(as: String.self)
    case .cellClick:
      state.currentAddText = try action.payload(as: String.self)
    case .signOut:
      state = CSDemoState()
    case nil:
      break
    }
    return state
  }
}
