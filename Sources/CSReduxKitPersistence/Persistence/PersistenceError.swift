import CSReduxKitCore
import _CSReduxKitShims

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A problem with a saved state file: one that ``StatePersistence/restore(or:report:)`` found
/// and survived, or one that made ``StatePersistence/save(_:)`` fail.
///
/// Its ``description`` is one line that names the file, says what is wrong with it and what
/// to do, for example:
///
/// `CSReduxKit: the state file /data/todo.json was saved with schema version 1, but this app
/// reads version 2. It was moved to /data/todo.json.incompatible-20261121T153000Z and the
/// initial state is used instead. To keep that data, convert the moved file to schema version 2
/// and put it back, or delete it.`
public struct PersistenceError: Error, Sendable, CustomStringConvertible {
  /// What is wrong.
  public enum Kind: Sendable, Equatable {
    /// The file exists but could not be read: no permission, a directory in its place, or an
    /// input/output error.
    case unreadable
    /// The file is empty or not valid JSON: cut short by a crash, or overwritten by something
    /// else.
    case notJSON
    /// The file is JSON but not a state file: its `format` marker is missing or not
    /// `"csreduxkit-state"`, or its `schemaVersion` is missing.
    case notAStateFile
    /// The file was saved with schema version `found`; the app reads version `expected`.
    case incompatibleSchema(found: Int, expected: Int)
    /// The file is a state file of the right schema version, but its `state` does not decode
    /// as the store's state type.
    case stateDoesNotDecode
    /// ``StatePersistence/save(_:)`` could not encode the state; nothing was written.
    case encodingFailed
    /// ``StatePersistence/save(_:)`` could not write the file; the previous file is unchanged.
    case writeFailed
    /// The ``StatePersistence`` was created with a URL that is not a file URL, such as
    /// `https://…`: nothing can be read or written there.
    case notAFileURL
  }

  /// What is wrong.
  public let kind: Kind
  /// The state file concerned.
  public let fileURL: URL
  /// Where ``StatePersistence/restore(or:report:)`` moved the bad file, to keep it for
  /// inspection; `nil` when the error came from a save, or when the file could not be moved
  /// (``description`` then says why).
  public let movedTo: URL?
  /// What is wrong with the file, as a phrase that follows the file's path, such as
  /// `is not valid JSON (…)`.
  public let reason: String
  /// The decoding, encoding or file-system error behind this one, if any.
  public let underlyingError: (any Error)?
  /// What happened to the file and what to do, appended to the reason in ``description``.
  let consequence: String

  init(
    _ kind: Kind, fileURL: URL, reason: String, consequence: String, movedTo: URL? = nil,
    underlyingError: (any Error)? = nil
  ) {
    self.kind = kind
    self.fileURL = fileURL
    self.reason = reason
    self.consequence = consequence
    self.movedTo = movedTo
    self.underlyingError = underlyingError
  }

  /// One line: `CSReduxKit: the state file <path> <reason>. <what happened and what to do>`;
  /// the whole URL in place of the path when it is not a file URL.
  public var description: String {
    let shown = fileURL.isFileURL ? fileURL.path(percentEncoded: false) : fileURL.absoluteString
    return "CSReduxKit: the state file \(shown) \(reason). \(consequence)"
  }

  /// The default report handler: writes ``description`` to standard error as one line.
  public static let printToStandardError: @Sendable (PersistenceError) -> Void = { error in
    csrk_write_stderr_line(error.description)
  }
}
