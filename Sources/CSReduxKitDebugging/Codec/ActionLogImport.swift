import CSReduxKitCore

/// A recording read by ``ActionLogCodec/decode(_:unknownActionTypes:)-(String,_)``, with the
/// lines whose action type the codec did not know.
public struct ActionLogImport<State: StateProtocol>: Sendable {
  /// The recording read.
  public let recording: ActionRecording<State>
  /// The lines (from 1) whose entry had an action type the codec does not know; each became a
  /// `StateReplacedAction` entry holding its recorded state. Empty when none did.
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
