/// A module's components as the demo program drives them: script commands and keys in,
/// labelled sections of text out.
///
/// The session turns a command or a key into the module's gestures (which dispatch actions)
/// and lays out its components. What every module shares (`signout`, `help`, `quit`, the `o`
/// and `q` keys, the printed actions and diagnostics) belongs to the app.
/// It lives on the main actor with the components it drives.
@MainActor
package protocol FeatureSession: AnyObject {
  /// The keys that apply right now, for the interactive help line.
  var keyHint: String { get }
  /// The components, top to bottom.
  var sections: [FrameSection] { get }
  /// Runs one script command; ``CommandResult/unknown`` when it is not the module's.
  func perform(_ command: ScriptCommand) -> CommandResult
  /// Handles one key; ``CommandResult/unknown`` when it is not the module's, so the app's
  /// keys apply.
  func handle(_ key: Key) -> CommandResult
  /// Hands the session what the app offers the screens it opens; once, right after it is made.
  func connect(_ services: AppServices)
  /// Whether the stores of the screens the session opened are idle.
  var isIdle: Bool { get }
  /// Returns once the stores of the screens the session opened are idle, effects included.
  func waitUntilIdle() async
}

extension FeatureSession {
  /// A session that opens no screens of its own needs nothing from the app.
  package func connect(_ services: AppServices) {}
  /// A session that opens no screens of its own has nothing to wait for.
  package var isIdle: Bool { true }
  /// A session that opens no screens of its own has nothing to wait for.
  package func waitUntilIdle() async {}
}
