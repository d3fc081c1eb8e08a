import CSReduxKit
import Testing

struct Counter: StateProtocol, Equatable { var value = 0 }

@Test func smoke() {
  let store = Store(state: Counter(), reducer: Reducer<Counter> { a, s, f in
    var s = s; s.value += a.type; f(s)
  })
  let log = LockedLog()
  let sub = store.subscribe { a, s in log.append("all \(a.type) \(s.value)") }
  store.subscribe(to: [2]) { a, s in log.append("two \(s.value)")
    if s.value < 10 { store.dispatch(Action(type: 5)) } }
  store.dispatch(Action(type: 1))
  store.dispatch(Action(type: 2))
  #expect(store.state.value == 8)
  sub.cancel()
  store.dispatch(Action(type: 2))
  #expect(log.items == ["all 1 1", "all 2 3", "two 3", "all 5 8", "two 10"])
  #expect(store.subscriberCount == 1)
}

final class LockedLog: @unchecked Sendable {
  private var _items: [String] = []
  private let lock = NSLockish()
  func append(_ s: String) { lock.sync { _items.append(s) } }
  var items: [String] { lock.sync { _items } }
}
import Foundation
final class NSLockish: @unchecked Sendable { let l = NSLock(); func sync<R>(_ b: () -> R) -> R { l.lock(); defer { l.unlock() }; return b() } }
