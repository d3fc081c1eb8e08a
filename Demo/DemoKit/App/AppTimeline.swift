import CSReduxKit
import DemoUI

/// `demo --log FILE`: every store of the app (its own and each module's) recorded into one
/// timeline, written to FILE as JSON Lines when the program ends; `demo replay FILE` plays it
/// back, `demo replay --check FILE` checks it and `demo report FILE` shows it as a page.
final class AppTimeline {
  /// How many entries the timeline keeps, of all the stores together: a longer session's first
  /// entries drop out, and each store's recording then starts from the state they led to.
  static let capacity = 10_000

  /// Where the timeline goes.
  let path: String
  /// The timeline the stores are recorded in.
  let timeline: Timeline

  /// Starts recording the app's own store and every module's store, in that order.
  @MainActor
  init(app: DemoApp, path: String) {
    self.path = path
    timeline = Timeline(capacity: Self.capacity)
    // Each store has its own name and is recorded once, by this timeline only: recording
    // cannot fail here.
    try? timeline.record(app.appStore, codec: AppStore.logCodec)
    for live in app.modules { live.record(in: timeline) }
    // The screens' stores, recorded as they open (a detail screen's visits share one lane).
    app.services.timeline = timeline
  }

  /// Writes what was recorded so far, replacing the file.
  ///
  /// - Returns: The line to print on standard error: where the timeline went
  ///   (`demo: recorded 9 entries of 5 stores in app.jsonl`), or why it could not be written
  ///   (`demo: FILE: cannot write the timeline: its folder DIR/ could not be opened (…)`).
  func save() -> (isWritten: Bool, line: String) {
    let text: String
    do {
      text = try timeline.export()
    } catch {
      return (false, "demo: \(path): \(error)")
    }
    do {
      try FileDescriptor.writeText(text, toPath: path)
    } catch {
      return (false, "demo: \(path): cannot write the timeline: \(error.reason)")
    }
    let entries = timeline.entries.count
    let stores = timeline.storeNames.count
    return (
      true,
      "demo: recorded \(entries) entr\(entries == 1 ? "y" : "ies") of \(stores) stores in \(path)"
    )
  }

  /// Reads a timeline written by `--log`, with the codecs of the app's stores.
  ///
  /// - Throws: `ActionLogImportError` naming the bad line.
  static func decode(_ text: String) throws(ActionLogImportError) -> TimelineSession {
    try codec.decode(text)
  }

  /// The codec of every store of the app.
  static var codec: TimelineCodec {
    var codec = TimelineCodec()
    codec.register(store: AppStore.storeName, codec: AppStore.logCodec)
    for module in DemoModule.all { module.register(in: &codec) }
    return codec
  }

  /// Replays `session` into fresh stores of the app, each with its own reducer, and compares
  /// every state with the recorded one.
  ///
  /// - Returns: Whether every entry matched, and the report: `replay matches: 9 entries of 5
  ///   stores`, or the first store and entry that differ.
  static func check(_ session: TimelineSession) async -> (matches: Bool, report: String) {
    var replay = TimelineReplay()
    let coordinator = StoreCoordinator(diagnostics: { _ in })
    replay.add(
      AppStore(coordinator: coordinator, diagnostics: { _ in }), codec: AppStore.logCodec)
    for module in DemoModule.all { module.addFreshStore(to: &replay) }
    do {
      try await replay.check(session)
    } catch {
      return (false, error.description)
    }
    let count = session.entries.count
    return (
      true,
      "replay matches: \(count) entr\(count == 1 ? "y" : "ies") of \(session.stores.count) stores"
    )
  }
}

extension LiveFeature {
  func record(in timeline: Timeline) {
    // See AppTimeline.init: the store's name is its own.
    try? timeline.record(store, codec: Feature.logCodec)
  }
}

extension DemoModule {
  /// Registers the module's store and its codec.
  func register(in codec: inout TimelineCodec) {
    func register<Feature: DemoFeature>(_: Feature.Type) {
      codec.register(store: Feature.storeName, codec: Feature.logCodec)
      Feature.registerScreens(in: &codec)
    }
    register(feature)
  }

  /// Adds a fresh store of the module, with its own reducer, to a replay.
  func addFreshStore(to replay: inout TimelineReplay) {
    func add<Feature: DemoFeature>(_: Feature.Type) {
      replay.add(FeatureStore<Feature>(diagnostics: { _ in }), codec: Feature.logCodec)
      Feature.addScreenStores(to: &replay)
    }
    add(feature)
  }
}
