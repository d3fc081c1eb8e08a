/// A first-in first-out queue on a growable ring buffer.
///
/// - Complexity: `append` and `popFirst` are amortized O(1).
@usableFromInline
struct _FIFO<Element> {
  @usableFromInline var slots: ContiguousArray<Element?> = []
  @usableFromInline var head = 0
  @usableFromInline var count = 0

  init() {}

  @inlinable
  var isEmpty: Bool { count == 0 }

  @inlinable
  mutating func append(_ element: Element) {
    if count == slots.count { grow() }
    slots[(head + count) & (slots.count - 1)] = element
    count += 1
  }

  @inlinable
  mutating func popFirst() -> Element? {
    guard count > 0 else { return nil }
    let element = slots[head].take()
    head = (head + 1) & (slots.count - 1)
    count -= 1
    return element
  }

  @usableFromInline
  mutating func grow() {
    let newCapacity = Swift.max(8, slots.count * 2)
    var newSlots = ContiguousArray<Element?>(repeating: nil, count: newCapacity)
    for index in 0..<count {
      newSlots[index] = slots[(head + index) & (slots.count - 1)].take()
    }
    slots = newSlots
    head = 0
  }
}

extension _FIFO: Sendable where Element: Sendable {}
