import CSReduxKitCore

/// A recording read by ``ActionLogCodec/decode(_:unknownActionTypes:)-(String,_)``, with the
/// lines whose action type the codec did not know.
public struct ActionLogImport<State: StateProtocol>: Sendable {
  /// The recording read.
  public let recording: ActionRecording<State>
  /// The lines (from 1) whose entry had an action type the codec does not know; each became a
  /// ``StateReplacedAction`` entry holding its recorded state. Empty when none did.
  public let skippedLines: [Int]
  /// The unknown action types found, in ascending order.
  public let skippedActionTypes: [Int]

  /// Creates an import result.
  ///
  /// - Parameters:
  ///   - recording: The recording read.
  ///   - skippedLines: The lines whose action type was unknown.
  ///   - skippedActionTypes: The unknown action types.
  public init(
    recording: ActionRecording<State>, skippedLines: [Int], skippedActionTypes: [Int]
  ) {
    self.recording = recording
    self.skippedLines = skippedLines
    self.skippedActionTypes = skippedActionTypes
  }
}

/// What ``ActionLogCodec`` does with an entry whose action type it does not know.
public enum UnknownActionTypePolicy: Sendable, Equatable {
  /// The import fails, naming the line: the default, for a log that should match the codec.
  case reject
  /// The entry's action is left out: the entry becomes a ``StateReplacedAction`` entry that
  /// keeps its recorded state (so replaying stays exact), and its line is reported in
  /// ``ActionLogImport/skippedLines``. For a log written by a newer version of the app.
  case skip
}
