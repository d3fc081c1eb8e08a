import CSReduxKitCore
import CSReduxKitTestSupport
import Testing

/// A store of counters whose reducer records every action type it applies.
private func identityStore() -> Store<Counter> {
  Store(state: Counter(), reducer: counterReducer(), name: "Identities")
}

/// Starts an effect with identity `id` that runs until `release` opens; returns once it runs.
private func startEffect(
  on store: Store<Counter>, id: some Hashable & Sendable, release: Door
) async {
  let started = Door()
  store.dispatch(
    .effect(id: id) { _ in
      started.open()
      await release.wait()
    })
  _ = await started.opened()
}

/// An identity whose values all hash alike: only `==` tells them apart.
private struct CollidingID: Hashable, Sendable {
  let value: Int
  func hash(into hasher: inout Hasher) { hasher.combine(0) }
}

@Suite("Effects: identities keep their types apart")
struct EffectIdentityTests {
  @Test(
    "with an effect of identity 1 running, UInt8(1), Int64(1), 1.0, Optional(1) and \"1\" cancel nothing"
  )
  func typesAreKeptApart() async throws {
    let store = identityStore()
    let release = Door()
    await startEffect(on: store, id: 1, release: release)
    #expect(store.cancelEffects(id: UInt8(1)) == 0)
    #expect(store.cancelEffects(id: Int64(1)) == 0)
    #expect(store.cancelEffects(id: 1.0) == 0)
    #expect(store.cancelEffects(id: Optional(1)) == 0)
    #expect(store.cancelEffects(id: "1") == 0)
    #expect(store.runningEffects.map(\.isCancelled) == [false])
    #expect(store.cancelEffects(id: 1) == 1)
    release.open()
    try await store.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
  }

  @Test("cancelInFlight cancels only the effects whose identity has the same type")
  func cancelInFlightKeepsTypesApart() async throws {
    let store = identityStore()
    let release = Door()
    await startEffect(on: store, id: Optional(1), release: release)
    store.dispatch(.effect(id: 1, cancelInFlight: true) { _ in })
    #expect(store.runningEffects.first?.isCancelled == false)
    release.open()
    try await store.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
  }

  @Test("an effect's context cancels the store's effects by identity")
  func contextCancels() async throws {
    let store = identityStore()
    let release = Door()
    await startEffect(on: store, id: "load", release: release)
    let cancelled = Locked<[Int]>([])
    let cancelling = Door()
    // `send` returns once the effect has started, not once its body has run: the body must have
    // cancelled before `release` opens, or "load" may already have ended by itself.
    await store.send(
      .effect { context in
        cancelled.append(context.cancelEffects(id: UInt8(0)))
        cancelled.append(context.cancelEffects(id: "load"))
        cancelling.open()
      })
    _ = await cancelling.opened()
    release.open()
    try await store.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
    #expect(cancelled.current == [0, 1])
  }

  @Test("identities of one type that hash alike but differ cancel nothing of each other")
  func collidingHashes() async throws {
    let store = identityStore()
    let release = Door()
    await startEffect(on: store, id: CollidingID(value: 1), release: release)
    store.dispatch(.effect(id: CollidingID(value: 2), cancelInFlight: true) { _ in })
    #expect(store.runningEffects.first?.isCancelled == false)
    #expect(store.cancelEffects(id: CollidingID(value: 3)) == 0)
    #expect(store.cancelEffects(id: CollidingID(value: 1)) == 1)
    release.open()
    try await store.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
  }

  @Test("a running effect's identity reads back as its own type, and as no other")
  func typedIdentity() async throws {
    let store = identityStore()
    let release = Door()
    await startEffect(on: store, id: 7, release: release)
    let effect = store.runningEffects.first
    #expect(effect?.id(as: Int.self) == 7)
    #expect(effect?.id(as: Int?.self) == nil)
    #expect(effect?.id(as: Double.self) == nil)
    #expect(effect?.id(as: String.self) == nil)
    release.open()
    try await store.waitUntilIdle(timeout: .seconds(hangBound), includingEffects: true)
  }
}
