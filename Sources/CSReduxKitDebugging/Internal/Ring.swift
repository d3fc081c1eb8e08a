/// A fixed-capacity ring of elements: appending to a full ring drops the oldest.
struct Ring<Element> {
  private var slots: [Element?]
  private var head = 0
  private(set) var count = 0

  init(capacity: Int) {
    slots = Array(repeating: nil, count: capacity)
  }

  var first: Element? { count == 0 ? nil : self[0] }

  subscript(index: Int) -> Element {
    get {
      guard let element = slots[(head + index) % slots.count] else {
        preconditionFailure("ring index \(index) out of range 0..<\(count)")
      }
      return element
    }
    set { slots[(head + index) % slots.count] = newValue }
  }

  /// Appends `element`; returns the oldest element when it had to drop it.
  mutating func append(_ element: Element) -> Element? {
    if count < slots.count {
      slots[(head + count) % slots.count] = element
      count += 1
      return nil
    }
    let dropped = slots[head]
    slots[head] = element
    head = (head + 1) % slots.count
    return dropped
  }

  mutating func removeLast(_ k: Int) {
    for _ in 0..<k {
      count -= 1
      slots[(head + count) % slots.count] = nil
    }
  }
}

extension Array {
  init(_ ring: Ring<Element>) {
    self = (0..<ring.count).map { ring[$0] }
  }
}
