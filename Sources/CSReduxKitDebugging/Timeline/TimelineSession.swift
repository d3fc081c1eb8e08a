import CSReduxKitCore

/// A recorded session of several stores: their states before the first entry, and the
/// entries in global order. Take one from a live ``Timeline/session``, or read one from a file
/// with ``TimelineCodec``; replay it with ``TimelineReplay``.
public struct TimelineSession: Sendable {
  /// One recorded store.
  public struct StoreInfo: Sendable {
    /// The store's name.
    public let name: String
    /// Its state type's name, as `String(describing:)` writes it.
    public let stateTypeName: String
    /// Its state before its first entry in the session; cast it to the state type.
    public let initialState: any Sendable
    /// The ``TimelineEntry/index`` of its first entry in the session (larger than 0 when
    /// older entries were dropped).
    public let firstIndex: Int

    init(name: String, stateTypeName: String, initialState: any Sendable, firstIndex: Int) {
      self.name = name
      self.stateTypeName = stateTypeName
      self.initialState = initialState
      self.firstIndex = firstIndex
    }
  }

  /// The recorded stores, in the order they were attached.
  public var stores: [StoreInfo]
  /// The entries, in global order.
  public var entries: [TimelineEntry]
  /// The effects the stores ran, in the order they started; replay never runs them.
  public var effects: [TimelineEffect]
  /// What the file withheld; empty for a live session.
  public var redaction: TimelineRedaction
  /// The lines (from 1) an import skipped: entries of action types the store's codec does not
  /// know, read with ``UnknownActionTypePolicy/skip``.
  public var skippedLines: [Int]

  init(
    stores: [StoreInfo], entries: [TimelineEntry], redaction: TimelineRedaction,
    skippedLines: [Int], effects: [TimelineEffect] = []
  ) {
    self.stores = stores
    self.entries = entries
    self.effects = effects
    self.redaction = redaction
    self.skippedLines = skippedLines
  }

  /// The entries of one store as an ``ActionRecording``, for the tools that read one store's
  /// recording; `nil` when no store of that name and state type is in the session.
  ///
  /// - Parameters:
  ///   - storeName: The store's name.
  ///   - type: Its state type.
  /// - Returns: Its initial state and entries, in order.
  public func recording<State: StateProtocol>(
    of storeName: String, as type: State.Type
  ) -> ActionRecording<State>? {
    guard let store = stores.first(where: { $0.name == storeName }),
      let initial = store.initialState as? State
    else { return nil }
    var entries: [ActionLogEntry<State>] = []
    for entry in self.entries where entry.storeName == storeName {
      guard let state = entry.state as? State else { return nil }
      entries.append(
        ActionLogEntry(
          action: entry.action, state: state, timestamp: entry.timestamp,
          reducerDuration: entry.reducerDuration, sequenceNumber: entry.index,
          isSkipped: entry.isSkipped))
    }
    return ActionRecording(initialState: initial, entries: entries, storeName: storeName)
  }
}
