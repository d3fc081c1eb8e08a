/// A fixed-capacity ring of elements: appending to a full ring drops the oldest.
///
/// Inlinable, like the log's recording path, so that it is specialized for the app's state.
@usableFromInline
struct Ring<Element> {
  @usableFromInline var slots: [Element?]
  @usableFromInline var head = 0
  @usableFromInline var count = 0

  @inlinable
  init(capacity: Int) {
    slots = Array(repeating: nil, count: capacity)
  }

  /// How many elements the ring holds when full.
  @inlinable
  var capacity: Int { slots.count }

  @inlinable
  var first: Element? { count == 0 ? nil : self[0] }

  @inlinable
  subscript(index: Int) -> Element {
    get {
      guard let element = slots[slot(index)] else {
        preconditionFailure("ring index \(index) out of range 0..<\(count)")
      }
      return element
    }
    set { slots[slot(index)] = newValue }
  }

  /// Appends `element`; returns the oldest element when it had to drop it.
  @inlinable
  mutating func append(_ element: consuming Element) -> Element? {
    if count < slots.count {
      slots[slot(count)] = element
      count += 1
      return nil
    }
    // Moved out and in place: copying an entry costs a call through its value witnesses.
    var incoming: Element? = element
    swap(&slots[head], &incoming)
    head = head + 1 == slots.count ? 0 : head + 1
    return incoming
  }

  /// Removes and returns the oldest element; the ring must not be empty.
  @inlinable
  mutating func removeFirst() -> Element {
    guard let first = slots[head].take() else {
      preconditionFailure("removeFirst on an empty ring")
    }
    head = head + 1 == slots.count ? 0 : head + 1
    count -= 1
    return first
  }

  /// The slot of the element at `index`.
  @inlinable
  func slot(_ index: Int) -> Int {
    let slot = head + index
    return slot < slots.count ? slot : slot - slots.count
  }

  @inlinable
  mutating func removeLast(_ k: Int) {
    for _ in 0..<k {
      count -= 1
      slots[slot(count)] = nil
    }
  }
}

extension Ring: Sendable where Element: Sendable {}

extension Array {
  init(_ ring: Ring<Element>) {
    self = (0..<ring.count).map { ring[$0] }
  }
}
