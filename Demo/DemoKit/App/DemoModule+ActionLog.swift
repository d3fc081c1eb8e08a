import CSReduxKit
import DemoUI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension DemoModule {
  /// The name of the module's store, which an action log's header records.
  var storeName: String { feature.storeName }

  /// Reads an action log written by `--log` and prepares its replay; the module is the one
  /// whose store the header names.
  ///
  /// - Parameters:
  ///   - text: The log's text.
  ///   - source: The file's name, for the heading.
  /// - Returns: The replay, at frame 0.
  /// - Throws: ``ActionLogImportError`` naming the bad line, or line 1 when the header names a
  ///   store that is not one of the demo's.
  @MainActor
  static func replay(text: String, source: String) throws(ActionLogImportError)
    -> any ReplayDriving
  {
    try module(recordedIn: text).replay(text: text, source: source)
  }

  /// The replay of a log of this module's store.
  @MainActor
  private func replay(text: String, source: String) throws(ActionLogImportError)
    -> any ReplayDriving
  {
    @MainActor
    func replay<Feature: DemoFeature>(_: Feature.Type) throws(ActionLogImportError)
      -> any ReplayDriving
    {
      try ReplaySession<Feature>(text: text, source: source)
    }
    return try replay(feature)
  }

  /// The module whose store the log's header names.
  ///
  /// A header that cannot be read at all is left to the main module's codec, which says why;
  /// any module's is as good as another's for that.
  private static func module(recordedIn text: String) throws(ActionLogImportError) -> DemoModule {
    struct Header: Decodable { var store: String }
    let firstLine = text.prefix { $0 != "\n" }
    guard let header = try? JSONDecoder().decode(Header.self, from: Data(firstLine.utf8)) else {
      return .main
    }
    guard let module = all.first(where: { $0.storeName == header.store }) else {
      let names = all.map(\.storeName).joined(separator: ", ")
      throw ActionLogImportError(
        line: 1,
        reason: "the log recorded the store \"\(header.store)\"; the demo replays \(names)")
    }
    return module
  }
}
