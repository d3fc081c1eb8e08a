import CSReduxKitCore

/// The state that ``StatePersistence/restore(or:report:)`` found, and where it came from.
///
/// ```swift
/// let restored = persistence.restore(or: TodoState())
/// let store = Store(state: restored.state, reducer: todoReducer)
/// if let error = restored.error { showAlert(error.description) }
/// ```
public struct RestoredState<State: StateProtocol>: Sendable {
  /// Where a restored state came from.
  public enum Source: Sendable, Equatable {
    /// The state was read from the file.
    case file
    /// There was no file (a first start): the state is the initial state, and nothing is
    /// wrong.
    case noFile
    /// The file was bad: the state is the initial state, ``RestoredState/error`` says why, and
    /// the file was moved aside.
    case badFile
  }

  /// The state to start the store with: the saved state, or the initial state.
  public let state: State
  /// Where ``state`` came from.
  public let source: Source
  /// Why the file could not be used, when ``source`` is ``Source/badFile``; `nil` otherwise.
  public let error: PersistenceError?

  /// Creates a restored state.
  ///
  /// - Parameters:
  ///   - state: The state to start with.
  ///   - source: Where it came from.
  ///   - error: Why the file could not be used, for ``Source/badFile``.
  public init(state: State, source: Source, error: PersistenceError? = nil) {
    self.state = state
    self.source = source
    self.error = error
  }
}
