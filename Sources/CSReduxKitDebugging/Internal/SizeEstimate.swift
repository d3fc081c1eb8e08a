/// How many bytes a value holds, estimated from its stored properties: its own size, plus for
/// each collection in it the count times the element's size, and for strings their UTF-8
/// bytes. What an ``ActionLog`` counts a state as when it is given no `stateSize`.
///
/// The estimate does not know what several values share: a buffer two states share copy-on-write
/// is counted in each, so a log's count is at least what its states hold alone. Elements of a
/// collection are counted at the size of its first one; nested parts past a few levels, and what
/// objects refer to, are not looked into.
@usableFromInline
enum SizeEstimate {
  /// How deep the estimate looks into nested values.
  static let depthLimit = 6

  @inlinable
  static func bytes<Value>(of value: Value) -> Int {
    // A value without references holds no heap memory: its size is its inline size.
    guard !_isPOD(Value.self) else { return MemoryLayout<Value>.size }
    return MemoryLayout<Value>.size + heapBytes(of: value, depth: 0)
  }

  /// The bytes `value` refers to outside its inline storage.
  @usableFromInline
  static func heapBytes(of value: Any, depth: Int) -> Int {
    guard depth < depthLimit else { return 0 }
    if let string = value as? String { return string.utf8.count }
    if let collection = value as? any Collection { return collectionBytes(collection, depth) }
    var total = 0
    for child in Mirror(reflecting: value).children {
      total += heapBytes(of: child.value, depth: depth + 1)
    }
    return total
  }

  static func collectionBytes<C: Collection>(_ collection: C, _ depth: Int) -> Int {
    let count = collection.count
    guard let first = collection.first else { return 0 }
    let perElement =
      _isPOD(C.Element.self)
      ? MemoryLayout<C.Element>.stride
      : MemoryLayout<C.Element>.stride + heapBytes(of: first, depth: depth + 1)
    return count.multipliedReportingOverflow(by: perElement).overflow
      ? Int.max : count * perElement
  }
}
