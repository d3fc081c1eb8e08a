import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Records what several stores do, in one global order, with the cause of each entry; jumps
/// them all to one moment together; and exports the whole session as one file.
///
/// Attach every module's store, whatever its state type, with ``record(_:codec:stateSize:)``:
///
/// ```swift
/// let timeline = Timeline(capacity: 5_000)
/// try timeline.record(accountStore, codec: accountCodec)
/// try timeline.record(todoStore, codec: todoCodec)
/// // … the app runs …
/// for entry in timeline.entries {
///   print(entry.sequence, entry.storeName, entry.cause ?? "-")
/// }
/// ```
///
/// ## Causes
///
/// An entry's ``TimelineEntry/cause`` names the entry, in any recorded store, during whose
/// handling its action was dispatched: from a subscriber of that entry's store, from the
/// completion of its action, from a middleware handling it, through a `StoreCoordinator`
/// broadcast or follow made while it was handled, or from an effect (the work of an `async`
/// `Thunk`) it started. The stores mark the entry they are handling with a task-local value
/// around their middleware, subscribers and completions; tasks inherit it, so an effect's
/// dispatches keep their cause; so does a main-actor subscriber of a recorded store
/// (`Store/subscribeOnMainActor(to:_:)`), which runs later, on the main queue. An action
/// dispatched from anywhere else (a button, a timer started outside the stores) has no cause.
///
/// ## Effects
///
/// The effects the recorded stores run (the work of a `Thunk` made with `Thunk.effect`) are
/// recorded too, in ``effects``: each with its identity, where its thunk was created, the
/// entry or outside call that started it, and its end (finished, failed, or cancelled, and by
/// whom). Every action an effect dispatched names it in ``TimelineEntry/effect``.
///
/// ## Order
///
/// ``TimelineEntry/sequence`` numbers the entries of all the stores in the order the timeline
/// recorded their commits, each before its store's subscribers run. So an entry's cause
/// usually has a smaller number; a middleware's or a reducer's dispatch to another store is
/// committed before the action that caused it, and its cause has a larger one.
///
/// ## Cost
///
/// A store that no timeline records pays nothing more than it does for being observable at
/// all (one check per action that an ``ActionLog`` shares). A recorded store pays, per action,
/// one mark (an allocation), three task-local bindings around its round, one entry and
/// counting the state's bytes; see the performance guide for the figures.
///
/// ## Memory
///
/// The timeline keeps the last ``capacity`` entries of all the stores together, and their
/// states within ``byteBudget`` bytes as ``ActionLog`` counts them; the oldest entries drop
/// out first, and each store's state before its oldest entry kept is kept too.
public final class Timeline: @unchecked Sendable {
  /// How many entries the timeline keeps, of all its stores together, at least 1.
  public let capacity: Int
  /// How many bytes of states the timeline keeps at most, as it counts them.
  public let byteBudget: Int
  /// What every export withholds.
  public let redaction: TimelineRedaction
  let inner: _Locked<TimelineInner>

  /// The byte budget of a timeline created without one: 64 MB.
  public static var defaultByteBudget: Int { 64 << 20 }

  /// Creates a timeline that records nothing until stores are attached.
  ///
  /// - Parameters:
  ///   - capacity: How many entries to keep; below 1 keeps 1.
  ///   - byteBudget: How many bytes of states to keep at most (64 MB by default); the newest
  ///     entry always stays.
  ///   - redaction: What every export withholds.
  public init(
    capacity: Int = 10_000, byteBudget: Int = Timeline.defaultByteBudget,
    redaction: TimelineRedaction = TimelineRedaction()
  ) {
    self.capacity = max(capacity, 1)
    self.byteBudget = max(byteBudget, 0)
    self.redaction = redaction
    self.inner = _Locked(TimelineInner(capacity: max(capacity, 1), byteBudget: max(byteBudget, 0)))
  }

  deinit {
    // Each lane keeps its store's tracer, and the tracer keeps the entries: dropping the lanes,
    // the retired ones of gone stores included, ends that cycle, so the entries go with the
    // timeline.
    let lanes = inner.withLock { inner in
      defer {
        inner.lanes.removeAll()
        inner.retiredLanes.removeAll()
      }
      return inner.lanes
    }
    for lane in lanes { lane.detach() }
  }

  /// Starts recording `store` in the timeline.
  ///
  /// A store created with `stateAccess: .lentToReducer` copies its state for every action
  /// while a timeline records it, since the timeline keeps each entry's state; the store
  /// reports it once, here, as a `StoreDiagnostic` of kind
  /// `StoreDiagnostic/Kind/stateCannotBeLent`. An ``ActionLog`` records such a store without
  /// a copy per action.
  ///
  /// - Parameters:
  /// A store named like one recorded before that is gone continues that store's lane, so a
  /// screen the user opens again and again keeps one lane, whatever the number of visits: its
  /// first entry is a ``StateReplacedAction`` holding the new store's initial state (a reset
  /// point for replay and recomputation), and its entries' indexes go on from the last one's.
  /// The entries of the stores that went, and their causes, stay readable while the timeline
  /// keeps them.
  ///
  /// - Parameters:
  ///   - store: The store; its name must differ from the names of the recorded stores that are
  ///     still alive.
  ///   - codec: How to write its actions and states in an export.
  ///   - stateSize: How many bytes a state holds; by default estimated as ``ActionLog`` does,
  ///     except that each state counts whole, storage it shares with the state before it
  ///     included (that storage is counted as it was when first met, not walked again).
  /// - Throws: ``TimelineError`` when a store of the same name is recorded and alive, when the
  ///   gone store of that name held another state type, or when another timeline records
  ///   this store.
  public func record<State: StateProtocol & Codable>(
    _ store: Store<State>, codec: ActionLogCodec<State>,
    stateSize: (@Sendable (State) -> Int)? = nil
  ) throws(TimelineError) {
    let name = store.name
    let typeName = String(describing: State.self)
    let namesake = inner.withLock { inner in
      inner.lanes.first { $0.name == name }.map { ($0.isStoreGone, $0.stateTypeName) }
    }
    if let (isGone, recordedType) = namesake {
      guard isGone else {
        throw TimelineError(
          "a store named \"\(name)\" is recorded already; give each recorded store its own "
            + "name, or let the first one go before recording another under its name")
      }
      guard recordedType == typeName else {
        throw TimelineError(
          "the store \"\(name)\" recorded before held a \(recordedType), not a \(typeName); "
            + "a store that continues a lane holds the same state type")
      }
    }
    let measure: @Sendable (State) -> Int
    if let stateSize {
      measure = stateSize
    } else {
      // Each state counts whole, but storage it shares with the state measured before it (an
      // array or a string no action changed) is not walked again: its count is looked up.
      let shape = _Locked(StorageShape())
      measure = { state in shape.withLock { SizeEstimate.bytes(of: state, after: &$0).total } }
    }
    let size: @Sendable (State) -> Int = { min(max(measure($0), 0), SizeEstimate.ceiling) }
    let laneIndex = _Locked<Int?>(nil)
    let origin = ObjectIdentifier(self)
    // The tracer holds the timeline's entries, not the timeline.
    let inner = self.inner
    let tracer = _Tracer<State>(
      committed: { mark, action, state, timing in
        guard let lane = laneIndex.withLock({ $0 }) else { return }
        if action.type == StateReplacedAction.type, _isReplacement(action, from: origin) {
          return  // the timeline's own jump or recomputation
        }
        let bytes = size(state)
        inner.withLock {
          $0.append(
            lane: lane, mark: mark, action: action, state: state, size: bytes, timing: timing)
        }
      },
      effects: { event in
        guard let lane = laneIndex.withLock({ $0 }) else { return }
        inner.withLock { $0.record(event, lane: lane) }
      })
    let lane = RecordedLane(store: store, codec: codec, origin: origin, tracer: tracer)
    guard store.engine.attachTracer(tracer) else {
      throw TimelineError(
        "the store \"\(name)\" is recorded by another timeline; a store is recorded by one "
          + "timeline at a time")
    }
    // The state from which the entries count: read after attaching, with the store idle
    // as far as this thread knows.
    let initial = store.state
    let index = inner.withLock {
      $0.addLane(
        lane, initialState: initial, size: size(initial),
        start: StateReplacedAction(
          state: initial,
          reason: "a new store named \"\(name)\" was recorded: its entries follow"))
    }
    laneIndex.withLock { $0 = index }
    // The entries share the states of a store that lends its state: said once, here.
    store.engine.reportRecordingCopiesLentState()
  }

  /// Stops recording every store; the entries stay.
  public func stopRecording() {
    for lane in inner.withLock({ $0.lanes }) { lane.detach() }
  }

  // MARK: - Reading

  /// The entries kept, oldest first, in global order.
  public var entries: [TimelineEntry] {
    inner.withLock { inner in
      (0..<inner.records.count).map { inner.entry(inner.records[$0]) }
    }
  }

  /// The effects the recorded stores started, oldest first: the last ``capacity`` ones.
  public var effects: [TimelineEffect] {
    inner.withLock { $0.effectList }
  }

  /// The names of the recorded stores, in the order they were attached.
  public var storeNames: [String] {
    inner.withLock { $0.lanes.map(\.name) }
  }

  /// How many bytes the timeline counts for the states it keeps.
  public var byteCount: Int {
    inner.withLock { $0.byteCount }
  }

  /// The global point the stores were sent to by ``jump(toSequence:)``, or `nil` while live.
  public var travelPosition: Int? {
    inner.withLock { $0.position }
  }

  /// The whole session as it stands, unredacted: what ``export()`` writes, for replaying in
  /// the same process.
  public var session: TimelineSession {
    inner.withLock { $0.session }
  }

  // MARK: - Travelling

  /// Sends every recorded store to its state at the global point `sequence`: the state after
  /// its last entry numbered `sequence` or less (or before its first entry kept).
  ///
  /// Each store gets a `StateReplacedAction` in its queue, one store after another in the
  /// order they were attached, and this returns when all of them committed. While travelled,
  /// the timeline records nothing: what the stores' subscribers, follows and users do with
  /// the past states is not part of the session, so that it still replays exactly.
  /// ``resumeLive()`` sends the stores back to their newest entries' states, and recording
  /// goes on from there. A store that went (a screen that closed) is left out: its entries
  /// stay, and nothing is sent to it.
  ///
  /// - Parameter sequence: An entry's ``TimelineEntry/sequence``, or the number before the
  ///   oldest entry kept for the states before every entry.
  /// - Throws: ``TimelineError`` when no entry has that number.
  public func jump(toSequence sequence: Int) async throws(TimelineError) {
    let found = inner.withLock { inner -> ([any TimelineLane], [any Sendable])? in
      guard let first = inner.records.first?.sequence, sequence >= first - 1,
        sequence < inner.nextSequence
      else { return nil }
      inner.position = sequence
      return (inner.lanes, inner.states(at: sequence))
    }
    guard let (lanes, states) = found else {
      throw TimelineError("there is no entry #\(sequence) in the timeline")
    }
    await send(lanes, states, reason: "timeline jump to entry #\(sequence)")
  }

  /// Sends every recorded store back to its newest entry's state, after
  /// ``jump(toSequence:)``, and records again. A store that went is left out, as in
  /// ``jump(toSequence:)``.
  ///
  /// - Throws: Nothing at present: the stores that are gone are left out. It stays a throwing
  ///   call so that a failure to send can be reported without changing its callers.
  public func resumeLive() async throws(TimelineError) {
    let (lanes, states) = inner.withLock { inner in
      (inner.lanes, inner.states(at: Int.max))
    }
    await send(lanes, states, reason: "timeline resumed live")
    inner.withLock { $0.position = nil }
  }

  private func send(
    _ lanes: [any TimelineLane], _ states: [any Sendable], reason: String
  ) async {
    // A store that went (a screen that closed) has nothing to travel: it is left out.
    for (lane, state) in zip(lanes, states) where !lane.isStoreGone {
      _ = await lane.replace(with: state, reason: reason)
    }
  }

  /// Toggles the entry numbered `sequence` off (`true`) or on again (`false`), recomputes the
  /// states of its store's later entries with the store's reducer, and gives the store the
  /// recomputed state of where it is (its newest entry, or the travel position).
  ///
  /// The recomputation runs at the store's next turn, so nothing runs in between. Other
  /// stores keep their entries: what they did because of the skipped entry stays recorded.
  /// A `StateReplacedAction` entry and one whose payload was not exported are reset points:
  /// they keep their recorded state.
  ///
  /// - Parameters:
  ///   - isSkipped: Whether the entry should be left out.
  ///   - sequence: The entry's ``TimelineEntry/sequence``.
  /// - Throws: ``TimelineError`` when no entry has that number, or its store is gone.
  public func setSkipped(_ isSkipped: Bool, sequence: Int) async throws(TimelineError) {
    let planned = inner.withLock {
      inner -> (any TimelineLane, any Sendable, [TimelineStep], Int)? in
      guard let start = inner.position(of: sequence) else { return nil }
      inner.records[start].isSkipped = isSkipped
      inner.generation += 1
      let lane = inner.records[start].lane
      var base = inner.initialStates[lane]
      for index in stride(from: start - 1, through: 0, by: -1)
      where inner.records[index].lane == lane {
        base = inner.records[index].state
        break
      }
      var steps: [TimelineStep] = []
      for index in start..<inner.records.count where inner.records[index].lane == lane {
        let record = inner.records[index]
        if record.isSkipped {
          steps.append(.skip)
        } else if record.isReplacement || record.action.data is UnexportedPayload {
          steps.append(.reset(record.state))
        } else {
          steps.append(.apply((record.action as? RejectedAction)?.action ?? record.action))
        }
      }
      return (inner.lanes[lane], base, steps, inner.generation)
    }
    guard let (lane, base, steps, generation) = planned else {
      throw TimelineError("there is no entry #\(sequence) in the timeline")
    }
    let inner = self.inner
    let done = await lane.recompute(from: base, steps: steps) { results in
      inner.withLock { inner -> (any Sendable)? in
        guard inner.generation == generation, let start = inner.position(of: sequence) else {
          return nil  // entries came or went meanwhile: the store keeps its state
        }
        let laneIndex = inner.records[start].lane
        var offset = 0
        var taken: (any Sendable)?
        for index in start..<inner.records.count where inner.records[index].lane == laneIndex {
          guard offset < results.count else { break }
          inner.records[index].state = results[offset].state
          inner.records[index].isRejected = results[offset].isRejected
          if inner.position.map({ inner.records[index].sequence <= $0 }) ?? true {
            taken = results[offset].state
          }
          offset += 1
        }
        inner.generation += 1
        return taken
      }
    }
    if !done { throw TimelineError("the store \"\(lane.name)\" is gone") }
  }
}
