#if canImport(Observation)
  import CSReduxKitCore
  import CSReduxKitTestSupport
  import CSReduxKitTesting
  import Dispatch
  import Observation
  import Testing

  /// Counts the `onChange` calls of `withObservationTracking` for one read of `value`.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  private func track<Value>(_ read: @escaping @MainActor () -> Value, changes: Locked<Int>) {
    withObservationTracking {
      _ = read()
    } onChange: {
      changes.withLock { $0 += 1 }
    }
  }

  @Suite("StoreObservation: a selected part of a store as an @Observable value")
  @MainActor
  struct ObservationTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("value starts as the selection of the current state")
    func initialValue() {
      let store = moduleStore("A")
      store.dispatch(Action(ModuleAction.setValue, data: 5))
      let observation = StoreObservation(store) { $0.value }
      #expect(observation.value == 5)
      #expect(observation.isFollowing)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("onChange fires for a change of the selected part, not for an unrelated change")
    func selectedPartOnly() async {
      let store = moduleStore("A")
      let observation = StoreObservation(store) { $0.value }
      let changes = Locked(0)
      track({ observation.value }, changes: changes)
      store.dispatch(Action(ModuleAction.note, data: "unrelated"))
      store.dispatch(Action(ModuleAction.add, data: 0))  // the value stays equal
      await runPendingMainActorDeliveries()
      #expect(changes.current == 0)
      #expect(observation.value == 0)
      store.dispatch(Action(ModuleAction.add, data: 2))
      await runPendingMainActorDeliveries()
      #expect(changes.current == 1)
      #expect(observation.value == 2)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("value shows an action dispatched on the main actor when dispatch returns")
    func synchronousOnTheMainActor() {
      let store = moduleStore("A")
      let observation = StoreObservation(store) { $0.value }
      let changes = Locked(0)
      track({ observation.value }, changes: changes)
      store.dispatch(Action(ModuleAction.add, data: 2))
      #expect(observation.value == 2)
      #expect(changes.current == 1)
      store.dispatch(Action(ModuleAction.add, data: 3))
      #expect(observation.value == 5)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("an observation of an unrelated part is not told about a change")
    func otherPartUntouched() async {
      let store = moduleStore("A")
      let note = StoreObservation(store) { $0.note }
      let changes = Locked(0)
      track({ note.value }, changes: changes)
      for _ in 0..<3 { store.dispatch(Action(ModuleAction.add)) }
      await runPendingMainActorDeliveries()
      #expect(changes.current == 0)
      store.dispatch(Action(ModuleAction.note, data: "hello"))
      await runPendingMainActorDeliveries()
      #expect(changes.current == 1)
      #expect(note.value == "hello")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("changes committed on background threads reach the main actor, ending at the latest")
    func backgroundCommits() async {
      let store = moduleStore("A")
      let observation = StoreObservation(store, select: \.value)
      let changed = AsyncLatch()
      withObservationTracking {
        _ = observation.value
      } onChange: {
        changed.open()
      }
      await onThreadsBounded(4) { _ in
        for _ in 0..<50 { store.dispatch(Action(ModuleAction.add)) }
      }
      await changed.wait()
      await runPendingMainActorDeliveries()
      #expect(observation.value == 200)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("letting the observation go cancels its subscription; it never keeps the store")
    func freedWhenLetGo() async {
      let store = moduleStore("A")
      weak var weakObservation: StoreObservation<Module, Int>?
      do {
        let observation = StoreObservation(store) { $0.value }
        weakObservation = observation
        #expect(store.subscriberCount == 1)
        store.dispatch(Action(ModuleAction.add))  // a delivery is on its way to the main queue
      }
      #expect(weakObservation == nil)
      #expect(store.subscriberCount == 0)
      // The pending delivery finds no observation and does nothing.
      await runPendingMainActorDeliveries()

      weak var weakStore: Store<Module>?
      let orphan: StoreObservation<Module, Int>
      do {
        let other = moduleStore("B")
        weakStore = other
        orphan = StoreObservation(other) { $0.value }
      }
      #expect(weakStore == nil)
      #expect(orphan.isFollowing == false)
    }
  }
#endif
