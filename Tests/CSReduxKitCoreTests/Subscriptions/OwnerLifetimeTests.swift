import CSReduxKitCore
import CSReduxKitTestSupport
import Testing

/// A flag raised when the object that holds it is freed: put one in a subscriber's captures to
/// see when the store lets the closure go.
private final class ReleaseProbe: Sendable {
  let released = Locked(false)
  var isReleased: Bool { released.current }

  /// An object for a closure to capture; freeing it raises the flag.
  func capture() -> OnRelease {
    let released = self.released
    return OnRelease { released.withLock { $0 = true } }
  }
}

@Suite("Owner-bound subscriptions end when their owner goes, whatever their filter")
struct OwnerLifetimeTests {
  @Test("a freed owner's subscription is not counted, though its filter never fires again")
  func freedOwnerIsNotCounted() {
    let store = moduleStore("A")
    let probe = ReleaseProbe()
    var owner: Tracked? = Tracked()
    let subscription: Subscription
    do {
      let captured = probe.capture()
      subscription = store.subscribe(owner: owner ?? Tracked(), to: .cases(ModuleAction.reset)) {
        _, _, _ in _ = captured
      }
    }
    #expect(store.subscriberCount == 1)
    owner = nil
    #expect(store.subscriberCount == 0)
    #expect(subscription.isCancelled)
    #expect(probe.isReleased, "counting ended the subscription and let its closure go")
  }

  @Test("a freed owner's closure is released by the next commit of any action")
  func nextCommitReleases() {
    let store = moduleStore("A")
    let probe = ReleaseProbe()
    var owner: Tracked? = Tracked()
    do {
      let captured = probe.capture()
      store.subscribe(owner: owner ?? Tracked(), to: .cases(ModuleAction.reset)) {
        _, _, _ in _ = captured
      }
    }
    store.dispatch(Action(ModuleAction.add))
    #expect(!probe.isReleased)
    owner = nil
    store.dispatch(Action(ModuleAction.add))
    #expect(probe.isReleased, "one owner-bound subscription: swept at every commit")
  }

  @Test("with n owner-bound subscriptions, a freed owner's closure goes within n commits")
  func releasedWithinAsManyCommitsAsOwners() {
    let store = moduleStore("A")
    store.subscribe { _, _ in }
    let owners = (0..<4).map { Tracked("\($0)") }
    for owner in owners {
      store.subscribe(owner: owner, to: .cases(ModuleAction.setMirror)) { _, _, _ in }
    }
    let probe = ReleaseProbe()
    var freed: Tracked? = Tracked("freed")
    do {
      let captured = probe.capture()
      store.subscribe(owner: freed ?? Tracked(), to: .cases(ModuleAction.reset)) {
        _, _, _ in _ = captured
      }
    }
    // Some commits first, so that the sweep is somewhere in its cycle.
    for _ in 0..<3 { store.dispatch(Action(ModuleAction.add)) }
    freed = nil
    for _ in 0..<5 { store.dispatch(Action(ModuleAction.add)) }
    #expect(probe.isReleased, "5 owner-bound subscriptions: released within 5 commits")
    #expect(store.subscriberCount == 5, "the plain subscriber and the 4 live owners")
    withExtendedLifetime(owners) {}
  }

  @Test("an owner that lives keeps its filtered subscription through the sweeps")
  func liveOwnerSurvivesSweeps() {
    let store = moduleStore("A")
    let owner = Tracked()
    let seen = Locked<[Int]>([])
    store.subscribe(owner: owner, to: .cases(ModuleAction.setValue)) { _, _, state in
      seen.append(state.value)
    }
    for _ in 0..<10 { store.dispatch(Action(ModuleAction.add)) }
    store.dispatch(Action(ModuleAction.setValue, data: 42))
    #expect(seen.current == [42])
    #expect(store.subscriberCount == 1)
    withExtendedLifetime(owner) {}
  }

  @Test("a freed main-actor owner is not counted and its closure goes at the next commit")
  @MainActor func mainActorOwner() {
    let store = moduleStore("A")
    let counted = ReleaseProbe()
    let swept = ReleaseProbe()
    var countedView: PlainView? = PlainView()
    var sweptView: PlainView? = PlainView()
    do {
      let captured = counted.capture()
      store.subscribeOnMainActor(owner: countedView ?? PlainView(), to: .cases(ModuleAction.reset))
      {
        _, _, _ in _ = captured
      }
    }
    #expect(store.subscriberCount == 1)
    countedView = nil
    #expect(store.subscriberCount == 0)
    #expect(counted.isReleased, "ended on the main actor: released at once")
    do {
      let captured = swept.capture()
      store.subscribeOnMainActor(owner: sweptView ?? PlainView(), to: .cases(ModuleAction.reset)) {
        _, _, _ in _ = captured
      }
    }
    sweptView = nil
    store.dispatch(Action(ModuleAction.add))
    #expect(swept.isReleased, "committed on the main actor: released by that commit")
  }
}
