import CSReduxKitCore
import CSReduxKitTestSupport

/// SplitMix64: a small, fast generator whose whole output follows from its seed.
struct SplitMix64 {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// `true` with the given probability in percent.
  mutating func percent(_ chance: Int) -> Bool {
    below(100) < chance
  }

  mutating func element<T>(of values: [T]) -> T? {
    values.isEmpty ? nil : values[below(values.count)]
  }
}

/// Makes the random program for a seed: the same seed always gives the same program.
struct ProgramGenerator {
  private var random: SplitMix64
  private var actions: [Int: ActionSpec] = [:]
  private var nextID = 0
  private var nextSub = 0
  private var slowBudget: Int

  private init(seed: UInt64) {
    random = SplitMix64(seed: seed)
    slowBudget = 0
  }

  static func program(seed: UInt64) -> Program {
    var generator = ProgramGenerator(seed: seed)
    return generator.make(seed: seed)
  }

  private mutating func make(seed: UInt64) -> Program {
    // A slow action costs a whole reducer timeout: one program in four has one.
    slowBudget = random.percent(25) ? 1 : 0
    let threadCount = 1 + random.below(4)
    var threads: [[Step]] = []
    for _ in 0..<threadCount {
      var steps: [Step] = []
      var live: [Int] = []
      for _ in 0..<(1 + random.below(10)) {
        let roll = random.below(100)
        if roll < 20 {
          steps.append(.subscribe(sub: nextSub, filter: nil, cancelOn: nil, trigger: nil))
          live.append(nextSub)
          nextSub += 1
        } else if roll < 32, let sub = random.element(of: live) {
          live.removeAll { $0 == sub }
          steps.append(.cancel(sub: sub, viaUnsubscribe: random.percent(30)))
        } else {
          let id = newTopLevelAction()
          let completion = random.percent(30)
          let child = completion && random.percent(30) ? newChildAction() : nil
          steps.append(.dispatch(id: id, completion: completion, completionChild: child))
        }
      }
      threads.append(steps)
    }
    // Subscribers react to actions of any thread: choose their triggers once all ids exist.
    let topLevel = actions.keys.sorted()
    for thread in threads.indices {
      for index in threads[thread].indices {
        guard case .subscribe(let sub, _, _, _) = threads[thread][index] else { continue }
        var filter: Set<Int>?
        if random.percent(45) {
          filter = Set((1...Program.barrierType).filter { _ in random.percent(50) })
        }
        let cancelOn = random.percent(20) ? random.element(of: topLevel) : nil
        var trigger: Trigger?
        if random.percent(30), let on = random.element(of: topLevel) {
          trigger = Trigger(on: on, child: newChildAction())
        }
        threads[thread][index] = .subscribe(
          sub: sub, filter: filter, cancelOn: cancelOn, trigger: trigger)
      }
    }
    var program = Program(seed: seed, actions: actions, threads: threads)
    // Drawn last, so the rest of each seed's program is what it was before middleware came.
    program.middleware = random.below(3)
    // Drawn after that, for the same reason. An in-place reducer is synchronous and cannot
    // fail: what it cannot do becomes a plain synchronous action.
    switch random.below(4) {
    case 2: program.reducer = .inPlace
    case 3: program.reducer = .inPlaceLent
    default: break
    }
    if program.reducer.isInPlace {
      for (id, spec) in program.actions {
        switch spec.behaviour {
        case .sync, .dispatchInside, .replace: continue
        default: program.actions[id] = ActionSpec(type: 1 + Int(id % 3), behaviour: .sync)
        }
      }
    }
    return program
  }

  private mutating func newTopLevelAction() -> Int {
    let id = nextID
    nextID += 1
    let roll = random.below(100)
    let behaviour: Behaviour
    switch roll {
    case ..<40: behaviour = .sync
    case ..<58: behaviour = .async
    case ..<64: behaviour = .twice(later: random.percent(50))
    case ..<71: behaviour = .release(later: random.percent(50))
    case ..<78: behaviour = .fail(later: random.percent(50))
    case ..<86: behaviour = .dispatchInside(child: newChildAction())
    case ..<92: behaviour = .replace
    default:
      if slowBudget > 0 {
        slowBudget -= 1
        behaviour = .slow
      } else {
        behaviour = .sync
      }
    }
    let type =
      behaviour == .slow
      ? Program.slowType
      : behaviour == .replace ? StateReplacedAction.type : 1 + random.below(3)
    actions[id] = ActionSpec(type: type, behaviour: behaviour)
    return id
  }

  /// A nested action: it never nests further, so every program ends.
  private mutating func newChildAction() -> Int {
    let id = nextID
    nextID += 1
    let roll = random.below(100)
    let behaviour: Behaviour =
      roll < 60 ? .sync : roll < 80 ? .async : roll < 90 ? .replace : .fail(later: false)
    let type = behaviour == .replace ? StateReplacedAction.type : 1 + random.below(3)
    actions[id] = ActionSpec(type: type, behaviour: behaviour)
    return id
  }
}
