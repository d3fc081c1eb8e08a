import CSReduxKit
import DemoUI

/// The demo's reducer, row by row:
///
/// | action | payload | effect |
/// |---|---|---|
/// | beginAddContent | none | canEdit = true |
/// | addContentFinish | String | currentAddText = text; canEdit = false; append text |
/// | deleteContent | Int row | remove the row; currentAddText = last element (nil when empty) |
/// | titleClick | String | title = the string |
/// | cellClick | String | currentAddText = the string |
/// | signOut | none | back to the initial state |
///
/// Every action finishes at once, except addContentFinish: the new record first goes through
/// the ``RecordSaver``, and the reducer calls `finish` when the save answers, on the saver's
/// thread. The store commits then, and runs the actions dispatched meanwhile after it.
///
/// An action that needs a payload but has none, has one of the wrong type, or names a row that
/// does not exist is *failed*: the state stays unchanged and the store's diagnostics report a
/// ``PayloadError`` or an ``IndexOutOfRangeError``. Unknown action types change nothing.
package struct CSDemoReducer: ReducerProtocol {
  /// Saves each new record before it is committed.
  let saver: RecordSaver

  /// A reducer whose records go through `saver`.
  init(saver: RecordSaver = .simulated()) {
    self.saver = saver
  }

  /// Computes the next state with ``reduce(_:_:)`` and finishes with it: at once, or for
  /// addContentFinish once the record is saved. A throw fails the action.
  package func execute(
    action: any ActionProtocol, state: CSDemoState, finish: Finish<CSDemoState>
  ) {
    let next: CSDemoState
    do {
      next = try Self.reduce(action, state)
    } catch {
      return finish.fail(error)
    }
    guard action.type == CSDemoActionType.addContentFinish.rawValue,
      let text = next.currentAddText
    else { return finish(next) }
    saver.save(text) { finish(next) }
  }

  /// The pure state transition behind ``execute(action:state:finish:)``.
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
