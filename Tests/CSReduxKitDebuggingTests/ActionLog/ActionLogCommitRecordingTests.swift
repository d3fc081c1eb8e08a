import CSReduxKit
import CSReduxKitTestSupport
import Dispatch
import Foundation
import Testing

/// A state without references: a log of it records inside the store's commit.
private struct Plain: StateProtocol, Equatable {
  var value = 0
  var count = 0
}

/// Adds the payload (or 1); rejects a negative payload.
private func plainStore(_ state: Plain = Plain()) -> Store<Plain> {
  Store(
    state: state,
    reducer: Reducer<Plain> { action, state, finish in
      let amount = (action.data as? Int) ?? 1
      guard amount >= 0 else { return finish.fail(TallyError()) }
      finish(Plain(value: state.value + amount, count: state.count + 1))
    }, diagnostics: { _ in })
}

/// Calls `body` when it goes: a payload whose release runs code of the app's.
private final class ReleaseProbe: Sendable {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  deinit { body() }
}

@Suite("Action log: recording inside the commit")
struct ActionLogCommitRecordingTests {
  @Test("a log of a state without references records at the commit, before any subscriber")
  func recordsBeforeSubscribers() {
    let store = plainStore()
    let logBox = Locked<ActionLog<Plain>?>(nil)
    let seen = Locked<[Int]>([])
    // Subscribed before the log: it still finds its action's entry.
    let subscription = store.subscribe { _, _ in
      seen.append(logBox.current?.entries.count ?? -1)
    }
    let log = ActionLog(recording: store)
    logBox.withLock { $0 = log }
    #expect(store.subscriberCount == 1, "the log records without a subscription")
    for amount in [1, 2, 3] { store.dispatch(Action(type: 1, data: amount)) }
    #expect(seen.current == [1, 2, 3])
    #expect(log.entries.map(\.state.value) == [1, 3, 6])
    #expect(log.entries.map(\.sequenceNumber) == [0, 1, 2])
    subscription.cancel()
  }

  @Test("entries, rejections, time travel and replay are those of a subscribed log")
  func sameAsSubscribed() async throws {
    let store = plainStore()
    let log = ActionLog(recording: store)
    let other = ActionLog(recording: store)  // a second log of the store subscribes
    #expect(store.subscriberCount == 1)
    for amount in [1, 2, -1, 3] { store.dispatch(Action(type: 1, data: amount)) }
    #expect(log.entries.map(\.state.value) == [1, 3, 3, 6])
    #expect(log.entries.map(\.isRejected) == [false, false, true, false])
    #expect(log.entries.allSatisfy { $0.reducerDuration >= .zero })
    #expect(other.entries.map(\.state) == log.entries.map(\.state))
    try log.jump(toEntry: 1)
    #expect(store.state.value == 3)
    store.dispatch(Action(type: 2, data: 10))
    #expect(log.entries.map(\.state.value) == [1, 3, 13], "the later entries are discarded")
    try log.setSkipped(true, at: 0)
    #expect(log.entries.map(\.state.value) == [0, 2, 12])
    #expect(store.state.value == 12)
    let replayed = plainStore()
    let applied = try await log.recording.replay(into: replayed)
    #expect(applied == 2)
    #expect(replayed.state.value == 12)
  }

  @Test("capacity and byte budget hold; pause, resume and clear work the same")
  func bounds() {
    let store = plainStore()
    let size = MemoryLayout<Plain>.size
    let log = ActionLog(recording: store, capacity: 3, byteBudget: 3 * size)
    for _ in 0..<5 { store.dispatch(Action(type: 1)) }
    #expect(log.entries.map(\.state.value) == [4, 5], "the initial state counts too")
    #expect(log.byteCount == 3 * size)
    let full = ActionLog(recording: store, capacity: 3)
    for _ in 0..<5 { store.dispatch(Action(type: 1)) }
    #expect(full.entries.map(\.state.value) == [8, 9, 10])
    log.pause()
    store.dispatch(Action(type: 1))
    log.resume()
    #expect(log.entries.last?.isStateReplacement == true)
    #expect(log.entries.last?.state.value == 11)
    log.clear()
    #expect(log.entries.isEmpty && log.initialState.value == 11)
  }

  @Test("the actions a log drops are released outside the store's lock")
  func releasesOutsideTheLock() async {
    let store = plainStore()
    let log = ActionLog(recording: store, capacity: 1)
    let released = Locked<[Int]>([])
    let done = Latch()
    // Each payload reads the store when it goes: under the store's lock, that would never
    // return.
    let dispatches = 100
    Thread {
      for _ in 0..<dispatches {
        let probe = ReleaseProbe { [weak store] in released.append(store?.state.count ?? -1) }
        store.dispatch(Action(type: 1, data: probe))
      }
      done.open()
    }.start()
    await done.wait()
    #expect(released.current.count >= dispatches - 1 - 64, "dropped actions are swept")
    #expect(released.current.allSatisfy { $0 > 0 })
    log.stopRecording()
    #expect(released.current.count == dispatches - 1, "stopping releases the rest")
    #expect(log.entries.count == 1)
  }

  @Test("stopping or freeing the log detaches it; the next log records inside the commit")
  func detaches() {
    let store = plainStore()
    do {
      let log = ActionLog(recording: store)
      store.dispatch(Action(type: 1))
      #expect(log.entries.count == 1)
    }
    let stopped = ActionLog(recording: store)
    stopped.stopRecording()
    store.dispatch(Action(type: 1))
    #expect(stopped.entries.isEmpty)
    let next = ActionLog(recording: store)
    #expect(store.subscriberCount == 0)
    store.dispatch(Action(type: 1))
    #expect(next.entries.map(\.state.value) == [3])
  }
}
