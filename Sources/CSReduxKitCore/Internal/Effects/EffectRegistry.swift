/// The effects a store runs: for each, its task, its identity, the action that started it and
/// the gate its dispatches go through, behind one lock.
///
/// The gate is closed under this lock by every cancellation, before the cancelling call
/// returns, and each dispatch of an effect reads it under the same lock: so a dispatch that
/// begins after `cancel` returned (or after a new effect with the same identity was
/// registered) is dropped, whatever thread either runs on.
@usableFromInline
final class _EffectRegistry: Sendable {
  let table = _Locked(EffectTable())
  /// What the effects read through their context; set where the store is made.
  let dependencies: EffectDependencies

  @usableFromInline
  init(dependencies: EffectDependencies) {
    self.dependencies = dependencies
  }

  /// Registers a new effect, cancelling the running ones with its identity when
  /// `cancelInFlight`; returns its serial number and the tasks to cancel, or `nil` when the
  /// store is gone (the effect must not run). `trace` is the effect's trace when a timeline
  /// records the store: the effects it supersedes are then cancelled by it.
  func register(
    _ effect: RunningEffect, gate: _EffectGate, cancelInFlight: Bool, trace: EffectTrace?
  ) -> (serial: UInt64, superseded: [Task<Void, Never>])? {
    let key = effect.id.map(EffectKey.init)
    return table.withLock { table in
      guard !table.isShutDown else { return nil }
      let serial = table.nextSerial
      table.nextSerial += 1
      table.generation += 1
      table.running[serial] = EffectEntry(effect: effect, key: key, gate: gate, trace: trace)
      guard let key else { return (serial, []) }
      // One look-up of the identity, which both cancels and records: the list of an identity
      // that cancels in flight is emptied and reused, not removed and made anew.
      guard let index = table.open.index(forKey: key) else {
        table.open[key] = [serial]
        return (serial, [])
      }
      let superseded =
        cancelInFlight
        ? table.cancel(
          at: index,
          _EffectCancellation(
            .newerEffect, by: trace.map { _TraceCause(mark: $0.mark, kind: .effect) })
        ) : []
      table.open.values[index].append(serial)
      return (serial, superseded)
    }
  }

  /// Hands the registry the effect's task, or cancels it at once when the effect was
  /// cancelled before its task existed.
  func attach(_ task: Task<Void, Never>, serial: UInt64) {
    let cancelled = table.withLock { table -> Bool in
      // The entry is changed in place: copying it out and back would copy each of its parts.
      guard let index = table.running.index(forKey: serial) else { return false }  // over
      if table.running.values[index].gate.isCancelled { return true }
      table.running.values[index].task = task
      return false
    }
    if cancelled { task.cancel() }
  }

  /// Whether the effect may still dispatch: read under the lock cancellations close it under.
  @usableFromInline
  func isOpen(_ gate: _EffectGate) -> Bool {
    table.withLock { _ in !gate.isCancelled }
  }

  /// Removes an effect that returned; returns the waiters it was the last one for.
  func end(serial: UInt64) -> [@Sendable () -> Void] {
    table.withLock { table in
      if let entry = table.running.removeValue(forKey: serial), let key = entry.key,
        !entry.gate.isCancelled
      {
        table.forget(serial, key: key)
      }
      table.generation += 1
      guard !table.waiters.isEmpty else { return [] }
      var ready: [@Sendable () -> Void] = []
      var waiting: [(from: UInt64, body: @Sendable () -> Void)] = []
      for waiter in table.waiters {
        if table.hasRunning(from: waiter.from) {
          waiting.append(waiter)
        } else {
          ready.append(waiter.body)
        }
      }
      table.waiters = waiting
      return ready
    }
  }

  /// Cancels the running effects with identity `id`; returns how many there were.
  func cancel(id: any Hashable & Sendable) -> Int {
    let key = EffectKey(id)
    // What the caller is handling, for a timeline that records the store: one atomic load
    // while no timeline records any.
    let cancellation = _EffectCancellation(.call, by: _TraceContext.currentIfRecording)
    let (tasks, count) = table.withLock { table in
      let before = table.cancelledCount
      let tasks = table.cancel(key: key, cancellation)
      return (tasks, table.cancelledCount - before)
    }
    for task in tasks { task.cancel() }
    return count
  }

  /// Cancels every running effect; with `shutDown`, also refuses every later one.
  @discardableResult
  func cancelAll(shutDown: Bool = false) -> Int {
    let cancellation =
      shutDown
      ? _EffectCancellation(.storeGone, by: nil)
      : _EffectCancellation(.call, by: _TraceContext.currentIfRecording)
    let (tasks, count) = table.withLock { table in
      if shutDown { table.isShutDown = true }
      let before = table.cancelledCount
      let tasks = table.cancel(cancellation) { !$0.gate.isCancelled }
      table.open.removeAll()
      return (tasks, table.cancelledCount - before)
    }
    for task in tasks { task.cancel() }
    return count
  }

  /// Who cancelled the effect traced by `trace`, read under the lock it was written under.
  func cancellation(of trace: EffectTrace) -> _EffectCancellation? {
    table.withLock { _ in trace.cancellation }
  }

  /// The effects still running (cancelled ones included until they return), oldest first.
  var running: [RunningEffect] { running(from: 0) }

  /// The effects numbered `from` or more still running, oldest first.
  func running(from: UInt64) -> [RunningEffect] {
    table.withLock { table in
      table.running.filter { $0.key >= from }.sorted { $0.key < $1.key }.map { serial, entry in
        var effect = entry.effect
        effect.isCancelled = entry.gate.isCancelled
        return effect
      }
    }
  }

  /// The serial number the next effect gets: effects started from now on have this one or more.
  var nextSerial: UInt64 {
    table.withLock { $0.nextSerial }
  }

  /// The registry's generation when no effect numbered `from` or more runs; `nil` otherwise.
  func generationIfNone(from: UInt64) -> UInt64? {
    table.withLock { table in table.hasRunning(from: from) ? nil : table.generation }
  }

  /// Calls `body` once no effect numbered `from` or more runs, and returns `true`; returns
  /// `false` without keeping `body` when none runs now.
  func whenNone(from: UInt64, _ body: @escaping @Sendable () -> Void) -> Bool {
    table.withLock { table in
      guard table.hasRunning(from: from) else { return false }
      table.waiters.append((from, body))
      return true
    }
  }
}

/// What the registry's lock guards.
struct EffectTable {
  var running: [UInt64: EffectEntry] = [:]
  var nextSerial: UInt64 = 0
  /// Changes with every start and every end, so that a waiter can tell that nothing started
  /// or ended between two looks.
  var generation: UInt64 = 0
  var isShutDown = false
  var waiters: [(from: UInt64, body: @Sendable () -> Void)] = []
  /// Effects cancelled so far, for the count `cancel` returns.
  var cancelledCount = 0
  /// The serial numbers of the running effects not cancelled yet, by identity, oldest first:
  /// cancelling an identity looks at its own effects only, never at every running one (a
  /// comparison of identities costs a type metadata lookup or two).
  var open: [EffectKey: [UInt64]] = [:]

  func hasRunning(from: UInt64) -> Bool {
    running.keys.contains { $0 >= from }
  }

  /// Closes the gates of the running effects with identity `key` and returns their tasks to
  /// cancel (outside the lock).
  mutating func cancel(
    key: EffectKey, _ cancellation: _EffectCancellation
  ) -> [Task<Void, Never>] {
    guard let serials = open.removeValue(forKey: key) else { return [] }
    return cancel(serials, cancellation)
  }

  /// Like `cancel(key:)`, for the identity at `index` in `open`, whose list it empties but
  /// keeps.
  mutating func cancel(
    at index: Dictionary<EffectKey, [UInt64]>.Index, _ cancellation: _EffectCancellation
  ) -> [Task<Void, Never>] {
    let tasks = cancel(open.values[index], cancellation)
    open.values[index].removeAll(keepingCapacity: true)
    return tasks
  }

  private mutating func cancel(
    _ serials: [UInt64], _ cancellation: _EffectCancellation
  ) -> [Task<Void, Never>] {
    var tasks: [Task<Void, Never>] = []
    for serial in serials {
      guard let index = running.index(forKey: serial) else { continue }
      let gate = running.values[index].gate
      guard !gate.isCancelled else { continue }
      gate.isCancelled = true
      running.values[index].trace?.cancellation = cancellation
      cancelledCount += 1
      if let task = running.values[index].task { tasks.append(task) }
    }
    return tasks
  }

  /// Takes an effect that ended without being cancelled out of `open`.
  mutating func forget(_ serial: UInt64, key: EffectKey) {
    guard var serials = open.removeValue(forKey: key) else { return }
    if let index = serials.firstIndex(of: serial) { serials.remove(at: index) }
    if !serials.isEmpty { open[key] = serials }
  }

  /// Closes the gates of the entries that match and returns their tasks to cancel (outside
  /// the lock: a task's cancellation handlers run in `cancel()`).
  mutating func cancel(
    _ cancellation: _EffectCancellation, where matches: (EffectEntry) -> Bool
  ) -> [Task<Void, Never>] {
    var tasks: [Task<Void, Never>] = []
    for entry in running.values where matches(entry) {
      entry.gate.isCancelled = true
      entry.trace?.cancellation = cancellation
      cancelledCount += 1
      if let task = entry.task { tasks.append(task) }
    }
    return tasks
  }
}

/// One running effect.
struct EffectEntry {
  var effect: RunningEffect
  let key: EffectKey?
  let gate: _EffectGate
  /// The effect's trace, when a timeline records the store.
  let trace: EffectTrace?
  /// `nil` until the task is attached, right after it is created.
  var task: Task<Void, Never>?

  init(effect: RunningEffect, key: EffectKey?, gate: _EffectGate, trace: EffectTrace?) {
    self.effect = effect
    self.key = key
    self.gate = gate
    self.trace = trace
  }
}

/// An effect's identity: the value's dynamic type, its hash and the value. Identities of
/// different types never match (`1`, `1.0` and `Optional(1)` are three; `AnyHashable` would
/// bridge them), and values of the same type compare with their own `==`.
///
/// The hash is computed once, as the key is made: a look-up in the registry then hashes two
/// words and compares the value only when type and hash match. (`AnyHashable` costs a box, a
/// dynamic cast and a type metadata look-up per key, and as much again per comparison.)
struct EffectKey: Hashable, Sendable {
  let type: ObjectIdentifier
  let hash: Int
  let id: any Hashable & Sendable

  init(_ id: any Hashable & Sendable) {
    self.type = ObjectIdentifier(Swift.type(of: id))
    self.hash = id.hashValue
    self.id = id
  }

  static func == (lhs: EffectKey, rhs: EffectKey) -> Bool {
    lhs.type == rhs.type && lhs.hash == rhs.hash && isEqual(lhs.id, rhs.id)
  }

  /// Whether `other`, of the same dynamic type as `value`, equals it.
  private static func isEqual<Value: Hashable>(_ value: Value, _ other: any Hashable) -> Bool {
    (other as? Value) == value
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(type)
    hasher.combine(hash)
  }
}
