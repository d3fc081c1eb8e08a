import CSReduxKitCore
import _CSReduxKitShims

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Saves a store's state to a JSON file and restores it at the next start.
///
/// ```swift
/// let persistence = StatePersistence<TodoState>(fileURL: url, schemaVersion: 1)
/// let store = Store(state: persistence.restore(or: TodoState()).state, reducer: todoReducer)
/// persistence.keepSaving(store)
/// // … on quit:
/// persistence.flush()
/// ```
///
/// ## File format
///
/// One JSON document, keys sorted and indented so that saved files diff well:
///
/// ```json
/// {
///   "format" : "csreduxkit-state",
///   "savedAt" : "2026-11-21T15:30:00Z",
///   "schemaVersion" : 1,
///   "state" : { "tasks" : [ "Buy milk" ] }
/// }
/// ```
///
/// `state` is the state as its `Encodable` conformance writes it with a default `JSONEncoder`.
/// Raise ``schemaVersion`` whenever a saved state of the old version would no longer decode, or
/// would decode to something wrong.
///
/// ## Guarantees
///
/// - **Atomic replace.** ``save(_:)`` writes a temporary file next to the state file, flushes it
///   to the storage device, then renames it over the state file, so a crash or a power cut
///   leaves either the previous file or the new one, never a mix. A failed save removes its
///   temporary file and leaves the previous file untouched.
/// - **A bad file never stops the app.** ``restore(or:report:)`` returns the initial state when
///   the file is missing, damaged or of another schema version; it moves a bad file aside,
///   never overwriting an earlier one, and describes the problem in a ``PersistenceError``.
///
/// - **Owner only.** The state file, its temporary files and the copies moved aside are
///   readable and writable by their owner only (mode `0600`): a state holds whatever the app
///   keeps, and other users of the machine have no business reading it. On Apple platforms the
///   file also gets the data-protection class chosen with ``fileProtection``.
/// - **Your own symbolic links are followed, nobody else's.** When the state file is a
///   symbolic link that belongs to the user running the app, and the file it leads to does
///   too (or does not exist yet), ``save(_:)`` replaces that file, atomically, and keeps the
///   link; ``restore(or:report:)`` reads that file, and moves it aside (not the link) when it
///   is bad. A link owned by another user (one planted in a shared folder such as `/tmp`), a
///   file of another user, or anything that is not a regular file (a folder, a pipe) is
///   reported and left as it is: nothing of it is read, moved or replaced. A link that leads
///   round in a loop is reported, naming it.
/// - **Nothing outside the directory is touched.** The file is opened relative to its
///   directory with no link followed but those above; temporary files are created
///   exclusively, under unpredictable names, and renamed within that directory; only a
///   regular file of the app's user is ever moved aside.
///
/// Copies of a `StatePersistence` share one writer queue; use one value (or its copies) per
/// file. On Windows, saving uses Foundation's atomic write, which does not flush to disk and
/// leaves permissions to the folder's.
public struct StatePersistence<State: StateProtocol & Codable>: Sendable {
  /// The state file.
  public let fileURL: URL
  /// The version of the state's encoded form that this app writes and reads.
  public let schemaVersion: Int
  /// The data-protection class of the files written, on Apple platforms.
  public let fileProtection: StateFileProtection
  /// Runs the writes of ``keepSaving(_:onError:)``, one at a time, latest state first.
  package let writer: CoalescingQueue

  /// Creates a persistence for the state file at `fileURL`.
  ///
  /// Nothing is read or written until ``restore(or:report:)``, ``save(_:)`` or
  /// ``keepSaving(_:onError:)`` is called. The file's directory is created by the first save.
  ///
  /// A URL that is not a file URL (`https://…`) is accepted here and reported where it is
  /// used: ``restore(or:report:)`` reports a ``PersistenceError`` of kind
  /// ``PersistenceError/Kind/notAFileURL`` and returns the initial state, and every save fails
  /// with that error.
  ///
  /// - Parameters:
  ///   - fileURL: A file URL, such as the application-support directory plus `todo.json`.
  ///   - schemaVersion: The version of the state's encoded form. Raise it when a change to the
  ///     state type makes earlier files unreadable or wrong; files of another version are then
  ///     moved aside instead of being decoded.
  ///   - fileProtection: The data-protection class of the files written, on Apple platforms;
  ///     by default ``StateFileProtection/completeUntilFirstUserAuthentication``, readable once
  ///     the user has unlocked the device after it started.
  public init(
    fileURL: URL, schemaVersion: Int,
    fileProtection: StateFileProtection = .completeUntilFirstUserAuthentication
  ) {
    self.fileURL = fileURL
    self.schemaVersion = schemaVersion
    self.fileProtection = fileProtection
    self.writer = CoalescingQueue(
      label: "CSReduxKit.StatePersistence(\(fileURL.lastPathComponent))")
  }

  // MARK: - Restoring

  /// Reads the saved state, or falls back to `initial` when there is none or it is bad.
  ///
  /// - A missing file (a first start) gives `initial`, with source ``RestoredState/Source/noFile``
  ///   and no error.
  /// - A state file with the `csreduxkit-state` marker and this ``schemaVersion`` gives its
  ///   decoded state, with source ``RestoredState/Source/file``.
  /// - Anything else gives `initial` with source ``RestoredState/Source/badFile``: an empty,
  ///   truncated or non-JSON file, another format marker, another schema version, a state that
  ///   does not decode, or a file that cannot be read. The file is moved aside next to itself,
  ///   as `<name>.corrupt-<UTC time>` (`.incompatible-…` for another schema version,
  ///   `.unreadable-…` for a file that cannot be read), with `-2`, `-3`… added rather than
  ///   replacing an earlier such file; the next save then starts a fresh file. The error, with
  ///   the new path, is passed to `report` and returned.
  ///
  /// When the state file is a symbolic link of the app's user, the file it leads to is read
  /// (and moved aside when bad). A link of another user, a file of another user, something
  /// that is not a regular file (a folder), a link that leads round in a loop, or a URL that
  /// is not a file URL gives `initial` with source ``RestoredState/Source/badFile`` and an
  /// error of kind ``PersistenceError/Kind/unreadable`` (or
  /// ``PersistenceError/Kind/notAFileURL``) that says so; nothing is moved.
  ///
  /// It also removes temporary files left next to the state file by a save that a crash
  /// interrupted, so call it at start, before anything saves to the same file.
  ///
  /// - Parameters:
  ///   - initial: The state to start from when the file cannot be used.
  ///   - report: Called once with the error when the file is bad; by default it prints the
  ///     error's description to standard error.
  /// - Returns: The state to start the store with, where it came from, and the error if any.
  public func restore(
    or initial: State,
    report: (PersistenceError) -> Void = PersistenceError.printToStandardError
  ) -> RestoredState<State> {
    #if os(Windows)
      return restoreWithFoundation(or: initial, report: report)
    #else
      let place: FilePlace
      switch locate() {
      case .success(nil): return RestoredState(state: initial, source: .noFile)
      case .success(let found?): place = found
      case .failure(let problem):
        report(problem)
        return RestoredState(state: initial, source: .badFile, error: problem)
      }
      place.removeLeftovers(prefix: ".\(place.name).", suffix: ".tmp")
      guard place.exists else { return RestoredState(state: initial, source: .noFile) }
      let data: Data
      do {
        data = try place.read()
      } catch {
        let reason =
          if case .system(let system, _) = error {
            "could not be read (\(system.reason))"
          } else {
            "could not be read: \(error.phrase)"
          }
        let problem = setAside(place, .unreadable, reason: reason, error: error)
        report(problem)
        return RestoredState(state: initial, source: .badFile, error: problem)
      }
      switch decode(data) {
      case .success(let state):
        return RestoredState(state: state, source: .file)
      case .failure(let failure):
        let problem = setAside(place, failure.kind, reason: failure.reason, error: failure.error)
        report(problem)
        return RestoredState(state: initial, source: .badFile, error: problem)
      }
    #endif
  }

  #if os(Windows)
    /// ``restore(or:report:)`` where the directory-relative calls are not available: reads
    /// the file through Foundation and moves nothing aside.
    private func restoreWithFoundation(
      or initial: State, report: (PersistenceError) -> Void
    ) -> RestoredState<State> {
      guard fileURL.isFileURL else {
        let problem = notAFileURL(
          consequence:
            "Nothing was read; the initial state is used instead, and every save will fail.")
        report(problem)
        return RestoredState(state: initial, source: .badFile, error: problem)
      }
      let data: Data
      do {
        data = try Data(contentsOf: fileURL)
      } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
        return RestoredState(state: initial, source: .noFile)
      } catch {
        let problem = PersistenceError(
          .unreadable, fileURL: fileURL,
          reason: "could not be read (\(Self.describe(error)))",
          consequence: "The initial state is used instead.", underlyingError: error)
        report(problem)
        return RestoredState(state: initial, source: .badFile, error: problem)
      }
      switch decode(data) {
      case .success(let state):
        return RestoredState(state: state, source: .file)
      case .failure(let failure):
        let problem = PersistenceError(
          failure.kind, fileURL: fileURL, reason: failure.reason,
          consequence: "The initial state is used instead.", underlyingError: failure.error)
        report(problem)
        return RestoredState(state: initial, source: .badFile, error: problem)
      }
    }
  #else
    /// The place of the file to read and write: ``fileURL``, or where the symbolic links of
    /// this user there lead; the error to report when it is not a file URL, its links go round
    /// in a loop, a folder on its path is not a folder, or what is there is refused; `nil`
    /// when a folder on its path is missing (a first start).
    private func locate() -> Result<FilePlace?, PersistenceError> {
      guard fileURL.isFileURL else {
        return .failure(
          notAFileURL(
            consequence:
              "Nothing was read; the initial state is used instead, and every save will fail."))
      }
      do {
        return .success(try FilePlace(fileURL, followsOwnLinks: true))
      } catch {
        switch error {
        case .system(let system, _) where system.code == csrk_errno_missing:
          return .success(nil)
        case .loop(let loop) where loop.link == fileURL:
          return .failure(
            PersistenceError(
              .unreadable, fileURL: fileURL, reason: "could not be read: \(loop.phrase)",
              consequence:
                "There is no file there to keep. The initial state is used instead; saves will "
                + "fail until the link leads to a file or to nothing.",
              underlyingError: loop))
        case .refused(let phrase):
          return .failure(
            PersistenceError(
              .unreadable, fileURL: fileURL, reason: "could not be read: \(phrase)",
              consequence:
                "Nothing was read, moved or changed there. The initial state is used instead; "
                + "saves will fail until that is removed or the state file is given another "
                + "path.",
              underlyingError: error))
        case .loop, .system:
          let reason: String
          if case .system(let system, _) = error {
            reason = "could not be read (\(system.reason))"
          } else {
            reason = "could not be read (\(error.phrase))"
          }
          return .failure(
            nothingThere(fileURL, reason: reason, error: error)
              ?? PersistenceError(
                .unreadable, fileURL: fileURL, reason: reason,
                consequence: "Nothing was moved. The initial state is used instead.",
                underlyingError: error))
        }
      }
    }
  #endif

  /// The error of a URL that is not a file URL, with what it means for the call.
  private func notAFileURL(consequence: String) -> PersistenceError {
    PersistenceError(
      .notAFileURL, fileURL: fileURL,
      reason: "is not a file URL: StatePersistence reads and writes local files only",
      consequence:
        "\(consequence) Create it with a file URL, such as URL(filePath:) or "
        + "URL.applicationSupportDirectory.appending(component:).")
  }

  /// Why a file's contents could not be decoded.
  private struct DecodeFailure: Error {
    let kind: PersistenceError.Kind
    let reason: String
    let error: (any Error)?
  }

  private func decode(_ data: Data) -> Result<State, DecodeFailure> {
    if data.isEmpty {
      return .failure(
        DecodeFailure(
          kind: .notJSON, reason: "is empty (a crash may have cut it short)", error: nil))
    }
    let decoder = JSONDecoder()
    let header: StateFileHeader
    do {
      header = try decoder.decode(StateFileHeader.self, from: data)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      let detail = context.underlyingError.map { " (\($0))" } ?? ""
      return .failure(
        DecodeFailure(
          kind: .notJSON,
          reason: "is not valid JSON\(detail); it may have been cut short or overwritten",
          error: DecodingError.dataCorrupted(context)))
    } catch {
      return .failure(
        DecodeFailure(
          kind: .notAStateFile,
          reason: "is JSON but not a state file (its top level is not an object)", error: error))
    }
    guard header.format == stateFileFormat else {
      let reason =
        header.format.map { "its format marker is \"\($0)\", not \"\(stateFileFormat)\"" }
        ?? header.formatFound.map {
          "its format marker is \($0), not the string \"\(stateFileFormat)\""
        }
        ?? "it has no \"format\": \"\(stateFileFormat)\" marker"
      return .failure(
        DecodeFailure(kind: .notAStateFile, reason: "is not a state file: \(reason)", error: nil))
    }
    guard let version = header.schemaVersion else {
      let reason =
        header.schemaVersionFound.map { "has a schemaVersion that is not a whole number: \($0)" }
        ?? "has no schemaVersion"
      return .failure(DecodeFailure(kind: .notAStateFile, reason: reason, error: nil))
    }
    guard version == schemaVersion else {
      return .failure(
        DecodeFailure(
          kind: .incompatibleSchema(found: version, expected: schemaVersion),
          reason:
            "was saved with schema version \(version), but this app reads version "
            + "\(schemaVersion)",
          error: nil))
    }
    do {
      return .success(try decoder.decode(StateFileBody<State>.self, from: data).state)
    } catch {
      return .failure(
        DecodeFailure(
          kind: .stateDoesNotDecode,
          reason: "holds a state that does not decode as \(State.self) "
            + "(\(Self.describe(error)))",
          error: error))
    }
  }

  /// The error for a path where no file can be, because a folder on it is a regular file or a
  /// symbolic link on it leads round in a loop; `nil` when something is at the path (then it
  /// is moved aside).
  private func nothingThere(
    _ fileURL: URL, reason: String, error: any Error
  ) -> PersistenceError? {
    let manager = FileManager.default
    if let loop = Files.linkLoop(on: fileURL) {
      return PersistenceError(
        .unreadable, fileURL: self.fileURL, reason: reason,
        consequence:
          "There is no file there to keep: \(loop.phrase). The initial state is used instead; "
          + "saves will fail until the link leads to a folder.",
        underlyingError: error)
    }
    guard !manager.fileExists(atPath: fileURL.path(percentEncoded: false)) else { return nil }
    // The nearest existing ancestor: the file in the way, when it is not a folder. Paths
    // without a trailing "/", which would make a regular file read as missing.
    func plain(_ url: URL) -> String {
      let path = url.path(percentEncoded: false)
      return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
    var folder = fileURL.deletingLastPathComponent()
    while !manager.fileExists(atPath: plain(folder)) {
      let parent = folder.deletingLastPathComponent()
      guard plain(parent) != plain(folder) else { break }
      folder = parent
    }
    // "path/" exists only for a folder: a regular file there is what blocks the path.
    let isFolder = manager.fileExists(atPath: plain(folder) + "/")
    let inTheWay =
      isFolder
      ? "a folder on its path is missing"
      : "\(plain(folder)) is a regular file, not a folder"
    return PersistenceError(
      .unreadable, fileURL: self.fileURL, reason: reason,
      consequence:
        "There is no file there to keep: \(inTheWay). The initial state is used instead; "
        + "saves will fail until the path leads to a folder.",
      underlyingError: error)
  }

  #if !os(Windows)
    /// Moves the bad file aside and builds the error that says where.
    private func setAside(
      _ place: FilePlace, _ kind: PersistenceError.Kind, reason: String, error: (any Error)?
    ) -> PersistenceError {
      let label: String
      let advice: String
      switch kind {
      case .incompatibleSchema(_, let expected):
        label = "incompatible"
        advice =
          "To keep that data, convert the moved file to schema version \(expected) and put it "
          + "back, or delete it."
      case .unreadable:
        label = "unreadable"
        advice = "Check the moved file's permissions and the disk, or delete it."
      default:
        label = "corrupt"
        advice = "Inspect the moved file to see what went wrong, or delete it."
      }
      switch moveAside(place, as: label) {
      case .success(let destination):
        return PersistenceError(
          kind, fileURL: fileURL, reason: reason,
          consequence:
            "It was moved to \(destination.path(percentEncoded: false)) and the initial state "
            + "is used instead. \(advice)",
          movedTo: destination, underlyingError: error)
      case .failure(let moveError):
        return PersistenceError(
          kind, fileURL: fileURL, reason: reason,
          consequence:
            "It could not be moved aside (\(moveError.reason)), so the next save will replace "
            + "it: copy it elsewhere now to keep it. The initial state is used instead.",
          underlyingError: error)
      }
    }

    /// Renames the state file to `<name>.<label>-<UTC time>[-n]`, never replacing a file, and
    /// makes the moved file its owner's only: it holds a state, whoever wrote it. Nothing but a
    /// regular file of the user running the process is ever moved.
    private func moveAside(_ place: FilePlace, as label: String) -> Result<URL, MoveFailure> {
      let stamp = Date.now.formatted(
        Date.ISO8601FormatStyle(
          dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted,
          timeZone: .gmt))
      let base = "\(place.name).\(label)-\(stamp)"
      var attempt = 1
      while true {
        let name = attempt == 1 ? base : "\(base)-\(attempt)"
        let code = place.moveAside(as: name)
        if code == 0 { return .success(place.directoryURL.appending(component: name)) }
        if code == csrk_refused {
          return .failure(MoveFailure(reason: "it is not a regular file of this user"))
        }
        // Another bad file was set aside under this name in the same second: keep both.
        guard code == csrk_errno_exists, attempt < 1000 else {
          return .failure(MoveFailure(reason: SystemError(code: code).reason))
        }
        attempt += 1
      }
    }

    /// Why a bad file could not be moved aside.
    private struct MoveFailure: Error {
      let reason: String
    }
  #endif

  // MARK: - Saving

  /// Writes `state` to the file, atomically replacing the previous one.
  ///
  /// Encodes the state, writes it to a temporary file in the same directory (created first if
  /// missing), flushes that file to the storage device, then renames it over the state file.
  /// Readers, and the app after a crash at any point, see either the previous file or the new
  /// one. The call returns once the new file is in place.
  ///
  /// Saves of ``keepSaving(_:onError:)`` run on their own queue; a direct `save` may run
  /// before or after one of them, so call ``flush()`` first when the order matters.
  ///
  /// - Parameter state: The state to save.
  /// - Throws: A ``PersistenceError`` of kind ``PersistenceError/Kind/encodingFailed`` when the
  ///   state does not encode, or ``PersistenceError/Kind/writeFailed`` when the file cannot be
  ///   written, or ``PersistenceError/Kind/notAFileURL`` when ``fileURL`` is not a file URL;
  ///   either way the previous file is unchanged and no temporary file is left.
  public func save(_ state: State) throws(PersistenceError) {
    guard fileURL.isFileURL else {
      throw notAFileURL(consequence: "Nothing was written.")
    }
    let data: Data
    do {
      data = try encode(state)
    } catch {
      throw PersistenceError(
        .encodingFailed, fileURL: fileURL,
        reason: "was not saved: the state did not encode (\(Self.describe(error)))",
        consequence: "Nothing was written; the previous file, if any, is unchanged.",
        underlyingError: error)
    }
    try replaceFile(with: data)
  }

  private func encode(_ state: State) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let file = StateFile(
      format: stateFileFormat, schemaVersion: schemaVersion,
      savedAt: Date.now.formatted(.iso8601), state: state)
    return try encoder.encode(file)
  }

  private func replaceFile(with data: Data) throws(PersistenceError) {
    do {
      try Files.replace(
        fileURL, with: data, protection: fileProtection.systemClass, followsOwnLinks: true)
    } catch {
      let advice =
        error.error is LinkLoop
        ? "Make the link lead to a file, a folder or nothing, or remove it."
        : error.error is FilePlaceProblem
          ? "Remove what is there (nothing of it was changed), or give the state file another "
            + "path."
          : "Check that the directory is writable, the disk is not full, and nothing else is in "
            + "the file's place."
      throw PersistenceError(
        .writeFailed, fileURL: fileURL, reason: "was not saved: \(error.what)",
        consequence: "The previous file, if any, is unchanged. \(advice)",
        underlyingError: error.error)
    }
  }

  // MARK: - Saving after every change

  /// Saves the store's state after every commit, on a background queue, until the returned
  /// subscription is cancelled or the store is freed.
  ///
  /// Writes run one at a time on a serial queue owned by this persistence. When commits come
  /// faster than the disk can take them, the states in between are skipped: the next write
  /// always saves the latest committed state. Call ``flush()`` to wait until it is on disk, for
  /// example when the app quits.
  ///
  /// ```swift
  /// persistence.keepSaving(store) { error in logger.error("\(error)") }
  /// ```
  ///
  /// - Parameters:
  ///   - store: The store whose state to save: a `Store`, or any `StoreProtocol` type.
  ///   - onError: Called on the writer queue with each failed save; by default it prints the
  ///     error's description to standard error. The next commit tries again.
  /// - Returns: The store subscription; cancel it to stop saving. Saves already queued still
  ///   run.
  @discardableResult
  public func keepSaving(
    _ store: some StoreProtocol<State>,
    onError: @escaping @Sendable (PersistenceError) -> Void = PersistenceError
      .printToStandardError
  ) -> Subscription {
    store.subscribe(to: .all) { [self] _, state in
      writer.submit {
        do throws(PersistenceError) {
          try save(state)
        } catch {
          onError(error)
        }
      }
    }
  }

  /// Waits until every state handed over by ``keepSaving(_:onError:)`` before this call is
  /// written (or its save failed and was reported).
  ///
  /// Blocks the calling thread, for at most one write when writes are not falling behind.
  /// Called from an `onError` handler, which runs on the writer queue, it cannot wait for that
  /// queue: it returns at once, with a line on standard error, and the save that may still be
  /// waiting runs after the handler returns.
  public func flush() {
    guard writer.drain() else {
      csrk_write_stderr_line(
        "CSReduxKit: StatePersistence.flush() was called on its own writer queue (from an "
          + "onError handler?), where waiting would never end; it returned at once, and a save "
          + "queued meanwhile runs after the handler returns. Call flush() from another thread.")
      return
    }
  }

  // MARK: - Helpers

  /// A short readable form of a decoding, encoding or file error.
  static func describe(_ error: any Error) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
      let path = codingPath.map { key in
        key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
      }.joined()
      return path.hasPrefix(".") ? String(path.dropFirst()) : path
    }
    func phrase(_ sentence: String) -> String {
      sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
    }
    // An error about the state as a whole has no path to name.
    func located(_ codingPath: [any CodingKey], _ sentence: String) -> String {
      codingPath.isEmpty ? phrase(sentence) : "at \(path(codingPath)): \(phrase(sentence))"
    }
    switch error {
    case DecodingError.keyNotFound(let key, let context):
      return "\(path(context.codingPath + [key])) is missing"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
      DecodingError.dataCorrupted(let context):
      return located(context.codingPath, context.debugDescription)
    case EncodingError.invalidValue(_, let context):
      return located(context.codingPath, context.debugDescription)
    case let error as CocoaError:
      return Files.describe(error)
    default:
      return String(describing: error)
    }
  }
}
