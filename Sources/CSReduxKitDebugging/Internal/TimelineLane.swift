import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One store a ``Timeline`` records, and what the timeline does with it that needs its state
/// type.
protocol TimelineLane: AnyObject, Sendable {
  var name: String { get }
  var stateTypeName: String { get }
  var tracerID: ObjectIdentifier { get }
  /// Whether the store was freed: a later store of the same name then continues the lane.
  var isStoreGone: Bool { get }
  func actionName(for type: Int) -> String?
  /// The entry as an action log's line writes it (its `sequence` is the store's own index).
  func entryLine(_ record: TimelineRecord) throws -> [String: JSONValue]
  func stateJSON(_ state: any Sendable) throws -> JSONValue
  /// Replaces the store's state at its next turn; `false` when the store is gone.
  func replace(with state: any Sendable, reason: String) async -> Bool
  /// At the store's next turn: recomputes `steps` from `base` with its reducer, hands the
  /// states to `apply` (which returns the state the store takes), and commits it. `false`
  /// when the store is gone.
  func recompute(
    from base: any Sendable, steps: [TimelineStep],
    apply: @escaping @Sendable ([(state: any Sendable, isRejected: Bool)]) -> (any Sendable)?
  ) async -> Bool
  func detach()
}

/// One entry to recompute: apply its action, take its recorded state, or leave it out.
enum TimelineStep: Sendable {
  case apply(any ActionProtocol)
  case reset(any Sendable)
  case skip
}

final class RecordedLane<State: StateProtocol & Codable>: TimelineLane, @unchecked Sendable {
  let name: String
  let stateTypeName: String
  // Set once, in `init`: the lane keeps neither the store nor its engine alive (the engine
  // keeps the lane's tracer, which keeps the timeline's entries and so the lane).
  weak var store: Store<State>?
  weak var engine: _StoreEngine<State>?
  let codec: ActionLogCodec<State>
  let origin: ObjectIdentifier
  let tracer: _Tracer<State>
  var tracerID: ObjectIdentifier { ObjectIdentifier(tracer) }
  var isStoreGone: Bool { store == nil }

  func actionName(for type: Int) -> String? { codec.declaredActions[type] }

  init(
    store: Store<State>, codec: ActionLogCodec<State>, origin: ObjectIdentifier,
    tracer: _Tracer<State>
  ) {
    self.name = store.name
    self.stateTypeName = String(describing: State.self)
    self.store = store
    self.engine = store.engine
    self.codec = codec
    self.origin = origin
    self.tracer = tracer
  }

  func entryLine(_ record: TimelineRecord) throws -> [String: JSONValue] {
    guard let state = record.state as? State else {
      throw TimelineExportError(
        sequence: record.sequence, reason: "its state is not a \(stateTypeName)")
    }
    let entry = ActionLogEntry(
      action: record.action, state: state, timestamp: record.timestamp,
      reducerDuration: .nanoseconds(Int64(clamping: record.nanoseconds)),
      sequenceNumber: record.index, isSkipped: record.isSkipped)
    let name = codec.declaredActions[entry.dispatchedAction.type]
    let encoder = JSONEncoder()
    var data: Data
    do {
      data = try encoder.encode(
        EntryLine(entry: entry, name: name, payload: codec.payloadForm(of: entry)))
    } catch is PayloadNotEncodable {
      // As an action log's export: a payload that does not encode becomes a placeholder.
      let placeholder = UnexportedPayload(describing: entry.dispatchedAction.data ?? "nil")
      data = try encoder.encode(
        EntryLine(entry: entry, name: name, payload: .placeholder(placeholder)))
    }
    guard let fields = try JSONDecoder().decode(JSONValue.self, from: data).fields else {
      throw TimelineExportError(sequence: record.sequence, reason: "its line is not an object")
    }
    return fields
  }

  func stateJSON(_ state: any Sendable) throws -> JSONValue {
    guard let state = state as? State else {
      throw TimelineExportError(sequence: nil, reason: "a state is not a \(stateTypeName)")
    }
    return try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(state))
  }

  func replace(with state: any Sendable, reason: String) async -> Bool {
    guard let store, let state = state as? State else { return false }
    let computation = _StateComputation<State> { _, finish in finish(state) }
    _ = await store.send(
      StateReplacedAction(computing: computation, reason: reason, origin: origin))
    return true
  }

  func recompute(
    from base: any Sendable, steps: [TimelineStep],
    apply: @escaping @Sendable ([(state: any Sendable, isRejected: Bool)]) -> (any Sendable)?
  ) async -> Bool {
    guard let store, let base = base as? State else { return false }
    let typed: [RecomputeStep<State>] = steps.map { step in
      switch step {
      case .apply(let action): .apply(action)
      case .reset(let state): (state as? State).map { .reset($0) } ?? .skip
      case .skip: .skip
      }
    }
    let plan = RecomputePlan(
      base: StateChain(base: base, actions: [], replay: nil),
      sequences: Array(steps.indices), steps: typed, generation: 0)
    let execute = store.engine.execute
    let computation = _StateComputation<State> { current, finish in
      CSReduxKitDebugging.recompute(plan, from: base, at: 0, into: [], execute: execute) { states in
        let taken = apply(states.map { ($0.state as any Sendable, $0.isRejected) })
        finish((taken as? State) ?? current)
      }
    }
    _ = await store.send(
      StateReplacedAction(computing: computation, reason: "timeline recomputation", origin: origin))
    return true
  }

  func detach() {
    _ = engine?.attachTracer(nil)
  }
}
