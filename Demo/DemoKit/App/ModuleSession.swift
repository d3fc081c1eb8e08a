import CSReduxKit
import DemoUI

/// A feature module's session in the app: the module's own commands and keys, then what every
/// module shares (`signout` and the `o` key sign out of every module, `q` quits), the printed
/// actions and the diagnostics.
@MainActor
final class ModuleSession<Feature: DemoFeature>: DemoSession {
  /// The app whose stores `signout` resets.
  let app: DemoApp
  /// The module's store.
  let store: FeatureStore<Feature>
  /// The module's components and its commands and keys.
  let session: Feature.Session
  let transcript: ActionTranscript

  /// Builds the module's components on `store`, then the transcript, which subscribes last.
  init(app: DemoApp, store: FeatureStore<Feature>) {
    self.app = app
    self.store = store
    session = Feature.makeSession(store: store)
    session.connect(app.services)
    transcript = ActionTranscript(store: store)
  }

  var heading: String { Feature.heading }
  var commands: [CommandHelp] { Feature.commands }
  var keyHint: String { session.keyHint }
  var diagnosticLog: DiagnosticLog { app.diagnosticLog }
  var sections: [FrameSection] { session.sections }
  var isIdle: Bool { app.isIdle && session.isIdle }

  func waitUntilIdle() async {
    // The screens' stores first: what their effects dispatch to the app's stores counts too.
    await session.waitUntilIdle()
    await app.waitUntilIdle()
  }

  func perform(_ command: ScriptCommand) async -> CommandResult {
    let result = session.perform(command)
    guard result == .unknown, command.name == "signout" else { return result }
    return .done(message: await app.signOut())
  }

  func handle(_ key: Key) async -> CommandResult {
    let result = session.handle(key)
    guard result == .unknown else { return result }
    switch key {
    case .character("o"): return .done(message: await app.signOut())
    case .character("q"): return .quit
    default: return .ok
    }
  }
}
