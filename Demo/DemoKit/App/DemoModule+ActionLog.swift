import CSReduxKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension DemoModule {
  /// The name of the module's store, which an action log's header records.
  var storeName: String {
    switch self {
    case .csdemo: "CSDemoStore"
    case .todo: "TodoStore"
    case .rps: "RPSStore"
    case .settings: "SettingsStore"
    }
  }

  /// Starts recording the module's store of `app` for `--log FILE`.
  func startLog(app: DemoApp, path: String) -> SessionLog {
    switch self {
    case .csdemo:
      SessionLog(recording: app.csdemoStore, codec: CSDemoActionType.logCodec, path: path)
    case .todo: SessionLog(recording: app.todoStore, codec: TodoActionType.logCodec, path: path)
    case .rps: SessionLog(recording: app.rpsStore, codec: RPSActionType.logCodec, path: path)
    case .settings:
      SessionLog(recording: app.settingsStore, codec: SettingsActionType.logCodec, path: path)
    }
  }

  /// Reads an action log written by `--log` and prepares its replay; the module is the one
  /// whose store the header names.
  ///
  /// - Parameters:
  ///   - text: The log's text.
  ///   - source: The file's name, for the heading.
  /// - Returns: The replay, at frame 0.
  /// - Throws: ``ActionLogImportError`` naming the bad line, or line 1 when the header names a
  ///   store that is not one of the demo's.
  static func replay(text: String, source: String) throws(ActionLogImportError)
    -> any ReplayDriving
  {
    let module = try module(recordedIn: text)
    switch module {
    case .csdemo:
      let codec = CSDemoActionType.logCodec
      return ReplaySession(
        recording: try codec.decode(text), source: source, actionNames: codec.actionNames,
        makeStage: { state, reducer, diagnostics in
          let screen = CSDemoScreen(
            store: CSDemoStore(state: state, reducer: reducer, diagnostics: diagnostics.handler))
          return .init(store: screen.store, sections: { CSDemoSession.sections(of: screen) })
        },
        makeCheckStore: { CSDemoStore(diagnostics: { _ in }) })
    case .todo:
      let codec = TodoActionType.logCodec
      return ReplaySession(
        recording: try codec.decode(text), source: source, actionNames: codec.actionNames,
        makeStage: { state, reducer, diagnostics in
          let screen = TodoScreen(
            store: TodoStore(state: state, reducer: reducer, diagnostics: diagnostics.handler))
          return .init(store: screen.store, sections: { TodoSession.sections(of: screen) })
        },
        makeCheckStore: { TodoStore(diagnostics: { _ in }) })
    case .rps:
      let codec = RPSActionType.logCodec
      return ReplaySession(
        recording: try codec.decode(text), source: source, actionNames: codec.actionNames,
        makeStage: { state, reducer, diagnostics in
          let screen = RPSScreen(
            store: RPSStore(state: state, reducer: reducer, diagnostics: diagnostics.handler))
          return .init(store: screen.store, sections: { RPSSession.sections(of: screen) })
        },
        makeCheckStore: { RPSStore(diagnostics: { _ in }) })
    case .settings:
      let codec = SettingsActionType.logCodec
      return ReplaySession(
        recording: try codec.decode(text), source: source, actionNames: codec.actionNames,
        makeStage: { state, reducer, diagnostics in
          let screens = SettingsScreens(
            store: SettingsStore(state: state, reducer: reducer, diagnostics: diagnostics.handler))
          return .init(store: screens.store, sections: { SettingsSession.sections(of: screens) })
        },
        makeCheckStore: { SettingsStore(diagnostics: { _ in }) })
    }
  }

  /// The module whose store the log's header names.
  ///
  /// A header that cannot be read at all is left to the module's codec, which says why; the
  /// CSReduxKit demo's is as good as any for that.
  private static func module(recordedIn text: String) throws(ActionLogImportError) -> DemoModule {
    struct Header: Decodable { var store: String }
    let firstLine = text.prefix { $0 != "\n" }
    guard let header = try? JSONDecoder().decode(Header.self, from: Data(firstLine.utf8)) else {
      return .csdemo
    }
    guard let module = allCases.first(where: { $0.storeName == header.store }) else {
      let names = allCases.map(\.storeName).joined(separator: ", ")
      throw ActionLogImportError(
        line: 1,
        reason: "the log recorded the store \"\(header.store)\"; the demo replays \(names)")
    }
    return module
  }
}
