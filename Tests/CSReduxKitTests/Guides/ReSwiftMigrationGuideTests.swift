import CSReduxKit
import CSReduxKitTestSupport
import Testing

// The struct-action, action-family, cast, undo and side-by-side examples of
// docs/migrating-from-reswift.md, compiled and run: `.ci/check-doc-examples` checks that each
// region between `// example: NAME` and `// end-example` is a code block of the guide.

// example: reswift-struct-action
/// A playlist module whose actions carry several fields each.
enum PlaylistAction: Int, CaseIterable, Sendable {
  case move = 200, rename
}

struct PlaylistState: StateProtocol, Equatable, Codable {
  var tracks: [String] = []
}

/// ReSwift: `struct MoveTrack: Action { let from: Int; let to: Int }`.
struct MoveTrack: ActionProtocol, Codable, Equatable {
  let from: Int
  let to: Int
  var type: Int { PlaylistAction.move.rawValue }
  var data: (any Sendable)? { self }  // the struct is its own payload
}
// end-example

// example: reswift-action-family
/// ReSwift: `protocol PlaylistEdit: Action {}` and a reducer that casts
/// (`if let move = action as? MoveTrack`). Here each struct of the family
/// names its case, and the reducer reads the payload that case declares.
protocol PlaylistEdit: ActionProtocol, Codable {}

extension MoveTrack: PlaylistEdit {}

struct RenameTrack: PlaylistEdit, Equatable {
  let row: Int
  let title: String
  var type: Int { PlaylistAction.rename.rawValue }
  var data: (any Sendable)? { self }
}

let playlistReducer = InPlaceReducer<PlaylistState> { action, state in
  switch PlaylistAction(rawValue: action.type) {
  case .move:
    let move = try action.payload(as: MoveTrack.self)
    guard state.tracks.indices.contains(move.from),
      state.tracks.indices.contains(move.to)
    else { return }
    state.tracks.insert(state.tracks.remove(at: move.from), at: move.to)
  case .rename:
    let rename = try action.payload(as: RenameTrack.self)
    guard state.tracks.indices.contains(rename.row) else { return }
    state.tracks[rename.row] = rename.title
  case nil:
    break
  }
}
// end-example

// example: reswift-middleware-cast
/// A middleware sees the action as it was dispatched, so a cast is safe
/// here: a move past the end becomes a move to the last place.
let clampMoves = Middleware<PlaylistState> { action, context in
  if let move = action as? MoveTrack, move.to >= context.state.tracks.count {
    let last = max(context.state.tracks.count - 1, 0)
    context.next(MoveTrack(from: move.from, to: last))
  } else {
    context.next(action)
  }
}
// end-example

private let threeTracks = PlaylistState(tracks: ["Intro", "Song", "Outro"])

@Suite("The ReSwift migration guide's struct actions, casts, undo and side by side")
struct ReSwiftMigrationGuideTests {
  @Test("a struct action carries its fields as its payload, through export, import and replay")
  func structActionRoundTrip() async throws {
    let store = Store(
      state: threeTracks, reducer: playlistReducer, actions: ActionTypes(PlaylistAction.self),
      diagnostics: { _ in })
    let log = ActionLog(recording: store)
    // example: reswift-struct-dispatch
    store.dispatch(MoveTrack(from: 0, to: 2))
    store.dispatch(RenameTrack(row: 0, title: "Single"))

    var codec = ActionLogCodec<PlaylistState>(actions: store.declaredActions)
    codec.register(PlaylistAction.move, payload: MoveTrack.self)
    codec.register(PlaylistAction.rename, payload: RenameTrack.self)
    // end-example
    #expect(store.state.tracks == ["Single", "Outro", "Intro"])
    let imported = try codec.decode(try codec.encode(log.recording))
    // The imported actions are plain `Action`s, not MoveTrack: the reducer reads them alike.
    #expect(imported.entries.allSatisfy { !($0.action is MoveTrack) })
    let fresh = Store(
      state: threeTracks, reducer: playlistReducer, actions: ActionTypes(PlaylistAction.self))
    try await imported.replay(into: fresh)
    #expect(fresh.state == store.state)
  }

  @Test("the family's reducer reads a wrapped action, for which a cast would fail")
  func familyReducerReadsWithoutCasting() async {
    let store = Store(
      state: threeTracks, reducer: playlistReducer, actions: ActionTypes(PlaylistAction.self))
    // A bare `Action` of the rename's type: `as? RenameTrack` fails, `payload(as:)` does not.
    let plain = Action(type: PlaylistAction.rename.rawValue, data: RenameTrack(row: 1, title: "B"))
    #expect(await store.send(plain).outcome == .applied)
    #expect(store.state.tracks == ["Intro", "B", "Outro"])
  }

  @Test("the middleware's cast sees the struct dispatched and clamps the move")
  func middlewareCastClamps() {
    let store = Store(
      state: threeTracks, reducer: playlistReducer, actions: ActionTypes(PlaylistAction.self),
      middleware: [clampMoves])
    store.dispatch(MoveTrack(from: 0, to: 9))
    #expect(store.state.tracks == ["Song", "Outro", "Intro"])
  }

  @Test("undo and redo travel through the action log")
  func undoRedo() async throws {
    // example: reswift-undo
    let store = Store(
      state: PlaylistState(tracks: ["Intro", "Song", "Outro"]),
      reducer: playlistReducer, actions: ActionTypes(PlaylistAction.self))
    let history = ActionLog(recording: store, capacity: 100)

    /// Undo: back to the entry before the store's (-1 is the initial state).
    func undo() throws {
      guard history.currentIndex >= 0 else { return }
      try history.jump(toEntry: history.currentIndex - 1)
    }
    /// Redo: forward again, until a new action discards the entries undone.
    func redo() throws {
      guard history.currentIndex < history.entries.count - 1 else { return }
      try history.jump(toEntry: history.currentIndex + 1)
    }

    store.dispatch(MoveTrack(from: 0, to: 2))
    store.dispatch(RenameTrack(row: 0, title: "Single"))
    try undo()  // the rename is undone; subscribers see a StateReplacedAction
    // end-example
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(store.state.tracks == ["Song", "Outro", "Intro"])
    #expect(history.currentIndex == 0)
    try undo()
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(store.state.tracks == ["Intro", "Song", "Outro"])
    try undo()  // nothing left to undo
    try redo()
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(store.state.tracks == ["Song", "Outro", "Intro"])
    store.dispatch(RenameTrack(row: 2, title: "Coda"))
    #expect(history.entries.count == 2)  // the rename undone was discarded
    try redo()  // nothing left to redo
    try await store.waitUntilIdle(timeout: .seconds(hangBound))
    #expect(store.state.tracks == ["Song", "Outro", "Coda"])
  }

  @Test("module-qualified names build against CSReduxKit alone")
  func qualifiedNames() async {
    // example: reswift-side-by-side
    let playlist: CSReduxKit.Store<PlaylistState> = CSReduxKit.Store(
      state: PlaylistState(), reducer: playlistReducer,
      actions: CSReduxKit.ActionTypes(PlaylistAction.self),
      middleware: [
        CSReduxKit.Middleware<PlaylistState> { action, context in
          context.next(action)
        }
      ])
    let subscription: CSReduxKit.Subscription = playlist.subscribe(
      select: { $0.tracks.count }
    ) { count, _ in
      print("\(count) tracks")
    }
    playlist.dispatch(
      CSReduxKit.Action(type: PlaylistAction.move.rawValue, data: MoveTrack(from: 0, to: 0)))
    subscription.cancel()
    // end-example
    let typed: CSReduxKit.Reducer<PlaylistState> = CSReduxKit.Reducer { _, state, finish in
      finish(state)
    }
    #expect(
      await CSReduxKit.Store(state: threeTracks, reducer: typed).send(MoveTrack(from: 0, to: 1))
        .outcome
        == .applied)
  }
}
