import CSReduxKitCore

/// What ``ActionLogCodec`` does with an entry whose action type it does not know.
public enum UnknownActionTypePolicy: Sendable, Equatable {
  /// The import fails, naming the line: the default, for a log that should match the codec.
  case reject
  /// The entry's action is left out: the entry becomes a `StateReplacedAction` entry that
  /// keeps its recorded state (so replaying stays exact), and its line is reported in
  /// ``ActionLogImport/skippedLines``. For a log written by a newer version of the app.
  case skip
}
