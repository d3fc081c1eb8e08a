/// A fixed-capacity ring of elements: appending to a full ring drops the oldest.
///
/// Inlinable, like the log's recording path, so that it is specialized for the app's state.
/// The elements are stored as they are, not as optionals: appending to a full ring stores the
/// new element over the oldest one, which costs no copy and no optional's tag through the
/// element's value witnesses. Removing from either end (rare: a byte budget, a jump back)
/// first puts the oldest element at the start, in O(n).
@usableFromInline
struct Ring<Element> {
  /// The elements, the oldest at `head`; `head` is 0 unless the ring is full.
  @usableFromInline var slots: ContiguousArray<Element>
  @usableFromInline var head = 0
  /// How many elements the ring holds when full.
  @usableFromInline let capacity: Int

  @inlinable
  init(capacity: Int) {
    self.capacity = capacity
    slots = []
    slots.reserveCapacity(capacity)
  }

  @inlinable
  var count: Int { slots.count }

  @inlinable
  var first: Element? { slots.isEmpty ? nil : slots[head] }

  @inlinable
  subscript(index: Int) -> Element {
    get { slots[slot(index)] }
    set { slots[slot(index)] = newValue }
  }

  /// The slot of the element at `index`.
  @inlinable
  func slot(_ index: Int) -> Int {
    let slot = head + index
    return slot < slots.count ? slot : slot - slots.count
  }

  /// Whether the ring holds `capacity` elements, so that the next append replaces the oldest.
  @inlinable
  var isFull: Bool { slots.count == capacity }

  /// Appends `element`, replacing the oldest one when the ring is full: the caller reads what
  /// it needs of the oldest one first, in place (`slots[head]`).
  @inlinable @inline(__always)
  mutating func append(_ element: consuming Element) {
    guard slots.count == capacity else {
      slots.append(element)
      return
    }
    slots[head] = element
    head = head + 1 == capacity ? 0 : head + 1
  }

  /// Changes the oldest element in place into the newest one, on a full ring: each field
  /// assigned on its own, specialized, instead of the whole element through its value
  /// witnesses.
  @inlinable
  mutating func replaceOldest(_ body: (inout Element) -> Void) {
    body(&slots[head])
    head = head + 1 == capacity ? 0 : head + 1
  }

  /// Removes and returns the oldest element; the ring must not be empty.
  @inlinable
  mutating func removeFirst() -> Element {
    normalize()
    return slots.removeFirst()
  }

  @inlinable
  mutating func removeLast(_ k: Int) {
    normalize()
    slots.removeLast(k)
  }

  /// Moves the oldest element to the start, so that the slots are in order.
  @inlinable
  mutating func normalize() {
    guard head != 0 else { return }
    slots = ContiguousArray(slots[head...] + slots[..<head])
    head = 0
  }
}

extension Ring: Sendable where Element: Sendable {}

extension Array {
  init(_ ring: Ring<Element>) {
    self = (0..<ring.count).map { ring[$0] }
  }
}
