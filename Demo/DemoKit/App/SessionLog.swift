import CSReduxKit

/// `demo --log FILE`: the running module's store recorded by CSReduxKit's `ActionLog`, written
/// to FILE as JSON Lines when the program ends; `demo replay FILE` plays it back.
final class SessionLog {
  /// How many entries the log keeps: a longer session's first actions drop out, and the
  /// recording then starts from the state they led to.
  static let capacity = 10_000

  /// Where the log goes.
  let path: String
  private let encode: () throws(ActionLogExportError) -> String

  /// Starts recording `store`; `codec` knows the payload of each of its action types.
  init<State>(recording store: Store<State>, codec: ActionLogCodec<State>, path: String) {
    let log = ActionLog(recording: store, capacity: Self.capacity)
    self.path = path
    encode = { () throws(ActionLogExportError) in try codec.encode(log.recording) }
  }

  /// Writes what was recorded so far, replacing the file.
  ///
  /// - Returns: `nil`, or the line to print on standard error when the log cannot be written:
  ///   `demo: FILE: cannot write the action log: No such file or directory`.
  func save() -> String? {
    let text: String
    do {
      text = try encode()
    } catch {
      return "demo: \(path): \(error)"
    }
    do {
      try FileDescriptor.writeText(text, toPath: path)
      return nil
    } catch {
      return "demo: \(path): cannot write the action log: \(error.reason)"
    }
  }
}
