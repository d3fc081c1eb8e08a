import CSReduxKitCore
import CSReduxKitTestSupport
import Testing

/// The model check is only as good as its ability to notice a broken store: these tests feed
/// it observations with one fault planted, and a shrinker a synthetic failure.
@Suite("ModelBased: the model and the shrinker catch planted faults")
struct ModelBasedSelfTests {
  /// A program with two threads, subscribers with filters and a completion.
  static let program = Program(
    seed: 0,
    actions: [
      0: ActionSpec(type: 1, behaviour: .sync), 1: ActionSpec(type: 2, behaviour: .async),
      2: ActionSpec(type: 1, behaviour: .fail(later: false)),
      3: ActionSpec(type: 3, behaviour: .sync),
    ],
    threads: [
      [
        .subscribe(sub: 0, filter: [1], cancelOn: nil, trigger: nil),
        .dispatch(id: 0, completion: true, completionChild: nil),
        .dispatch(id: 1, completion: false, completionChild: nil),
      ],
      [
        .dispatch(id: 2, completion: false, completionChild: nil),
        .dispatch(id: 3, completion: false, completionChild: nil),
      ],
    ])

  static func cleanObservation() async -> Observation {
    await offThePool {
      var observation: Observation
      repeat {
        observation = ProgramRunner.run(program)
      } while !StoreModel.violations(program, observation).isEmpty
      return observation
    }
  }

  @Test("a clean run of the fixed program has no violations")
  func cleanRun() async {
    let observation = await offThePool { ProgramRunner.run(Self.program) }
    #expect(StoreModel.violations(Self.program, observation) == [])
    #expect(observation.commits.count == 5)  // four actions and the barrier
  }

  @Test("a lost action, a duplicate, a reordered thread and a wrong final state are caught")
  func commitFaults() async {
    let clean = await Self.cleanObservation()
    var lost = clean
    lost.commits.removeAll { $0.id == 3 }
    #expect(StoreModel.violations(Self.program, lost).contains { $0.contains("lost") })
    var twice = clean
    twice.commits.append(clean.commits[0])
    #expect(StoreModel.violations(Self.program, twice).contains { $0.contains("twice") })
    var reordered = clean
    if let two = reordered.commits.firstIndex(where: { $0.id == 2 }),
      let three = reordered.commits.firstIndex(where: { $0.id == 3 })
    {
      reordered.commits.swapAt(two, three)
    }
    #expect(StoreModel.violations(Self.program, reordered).contains { $0.contains("thread 1") })
    var wrongState = clean
    wrongState.finalState = ModelState()
    #expect(StoreModel.violations(Self.program, wrongState).contains { $0.contains("final") })
  }

  @Test("a subscriber that missed, duplicated or wrongly received an action is caught")
  func subscriberFaults() async {
    let clean = await Self.cleanObservation()
    let filtered = clean.subscribers[0]
    var missed = clean
    missed.subscribers[0].seen = []
    missed.subscribers[0].afterSubscribe = -1
    #expect(StoreModel.violations(Self.program, missed).contains { $0.contains("missed") })
    var duplicated = clean
    duplicated.subscribers[0].seen = filtered.seen + filtered.seen
    #expect(StoreModel.violations(Self.program, duplicated).contains { $0.contains("twice") })
    var unfiltered = clean
    unfiltered.subscribers[0].seen = clean.commits.map(\.id)
    #expect(StoreModel.violations(Self.program, unfiltered).contains { $0.contains("filtered") })
    var afterCancel = clean
    afterCancel.subscribers[0].beforeCancel = 0
    afterCancel.subscribers[0].afterCancel = 0
    afterCancel.subscribers[0].seen = [clean.commits[0].id]
    #expect(
      StoreModel.violations(Self.program, afterCancel).contains { $0.contains("outside") })
  }

  @Test("a missing completion, a missing diagnostic and a wrong rejection are caught")
  func completionAndDiagnosticFaults() async {
    let clean = await Self.cleanObservation()
    var noCompletion = clean
    noCompletion.completions = [:]
    #expect(
      StoreModel.violations(Self.program, noCompletion).contains { $0.contains("completion") })
    var noDiagnostic = clean
    noDiagnostic.diagnostics = []
    #expect(
      StoreModel.violations(Self.program, noDiagnostic).contains { $0.contains("reducerFailed") })
    var accepted = clean
    for index in accepted.commits.indices { accepted.commits[index].rejected = false }
    #expect(
      StoreModel.violations(Self.program, accepted).contains { $0.contains("RejectedAction") })
  }

  @Test("the shrinker reduces a failing program to the one step that fails")
  func shrinkerFindsTheCulprit() {
    let program = ProgramGenerator.program(seed: 7)
    let culprit = program.dispatchesPerThread.joined().last ?? 0
    // A synthetic property: "fails" whenever the program still dispatches `culprit`.
    let check: (Program) -> [String] = { candidate in
      candidate.dispatchesPerThread.joined().contains(culprit) ? ["dispatches #\(culprit)"] : []
    }
    let shrunk = Shrinker.shrink(program, attempts: 1, check: check)
    #expect(shrunk.program.stepCount == 1)
    #expect(shrunk.program.dispatchesPerThread.joined().elementsEqual([culprit]))
    #expect(shrunk.program.actions[culprit]?.behaviour == .sync)
    #expect(shrunk.violations == ["dispatches #\(culprit)"])
  }

  @Test("the same seed always makes the same program")
  func generatorIsDeterministic() {
    for seed: UInt64 in [1, 2, 99, 12_345] {
      #expect(ProgramGenerator.program(seed: seed) == ProgramGenerator.program(seed: seed))
    }
    #expect(ProgramGenerator.program(seed: 1) != ProgramGenerator.program(seed: 2))
  }
}
