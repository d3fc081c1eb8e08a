// `_forEachField(of:)`: the stored fields of a struct, with their offsets and types.
@_spi(Reflection) import Swift

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How many bytes a value holds, estimated from what it stores: what an ``ActionLog`` counts a
/// state as when it is given no `stateSize`.
///
/// A value without references counts its inline size, for free. Any other value is walked: its
/// inline size, plus each heap block it reaches once, by identity: an object (its header and
/// stored properties, its superclasses' included, and what they reach), an array's,
/// dictionary's or set's buffer (its capacity times the element's stride, and what the elements
/// reach), a string's UTF-8 bytes (past the 15 a string keeps inline) and `Data`'s bytes.
///
/// Measured against the storage of the state kept before (`StorageShape`), the estimate also
/// says which bytes are new: a block the previous state reaches too is kept once, so a log
/// counts it for the first state that holds it. A shared block is not looked into again, so
/// that what no action changed costs one lookup: a shared buffer (an array, dictionary, set,
/// string or `Data` storage) cannot change, and a shared object changed in place is the
/// current state's too, which keeps it whatever the log drops. Storage reached only through a
/// shared block is not in the shape, and counts again when a later state holds it through a
/// new one: the estimate errs towards counting more.
///
/// Bounds, so that a large graph costs a bounded time per kept state (`Mirror` takes a few
/// microseconds per object or struct): the walk looks `depthLimit` levels deep, visits at most
/// `elementSample` elements of a collection, spread over it, and at most `visitLimit` values
/// with references per state. The elements of a collection not visited count as the average
/// of those visited; what lies past the limits is not counted.
@usableFromInline
enum SizeEstimate {
  /// How deep the estimate looks into nested values and objects.
  static let depthLimit = 32
  /// How many values with references the estimate visits in one state at most.
  static let visitLimit = 512
  /// How many elements of one collection the estimate visits at most, spread over it.
  static let elementSample = 32
  /// What an object takes besides its stored properties: its type and reference counts.
  static let objectHeader = 16
  /// What a buffer takes besides its elements: its header (count, capacity, type).
  static let bufferHeader = 32

  /// The most bytes a state counts as: a budget's sum of a few states this large cannot
  /// overflow (a `stateSize` closure may return `Int.max`).
  @inlinable
  static var ceiling: Int { Int.max >> 3 }

  /// The most bytes a log or a timeline keeps, whatever budget it is given, so that its count
  /// (at most this plus two states) cannot overflow.
  @inlinable
  static var budgetCeiling: Int { Int.max >> 1 }

  /// The bytes `value` holds, all counted.
  @inlinable
  static func bytes<Value>(of value: Value) -> Int {
    // A value without references holds no heap memory: its size is its inline size.
    guard !_isPOD(Value.self) else { return MemoryLayout<Value>.size }
    var shape = StorageShape()
    return measure(value, inline: MemoryLayout<Value>.size, after: &shape).total
  }

  /// The bytes `value` holds (`total`) and those of them that the state `shape` describes does
  /// not hold (`added`); `shape` becomes the shape of `value`.
  ///
  /// A struct whose fields with references all hold the same bits as those of the state
  /// measured before it reaches the same storage: it is counted without a walk, as the walk
  /// would count it against that state's shape (nothing added past its inline size, the same
  /// total). That is the usual action, which changes a number or a flag and leaves the
  /// strings, arrays and dictionaries as they were.
  @inlinable
  static func bytes<Value>(
    of value: Value, after shape: inout StorageShape
  ) -> (added: Int, total: Int) {
    let inline = MemoryLayout<Value>.size
    guard !_isPOD(Value.self) else { return (inline, inline) }
    if let reached = shape.reachedIfUnchanged(value) {
      return (min(inline, ceiling), min(clampedSum(inline, reached), ceiling))
    }
    let measured = measure(value, inline: inline, after: &shape)
    shape.remember(value)
    return measured
  }

  @usableFromInline
  static func measure(
    _ value: Any, inline: Int, after shape: inout StorageShape
  ) -> (added: Int, total: Int) {
    var walk = SizeWalk(previous: shape.blocks)
    let reached = walk.heap(of: value, depth: 0)
    shape.blocks = walk.current
    shape.reached = reached
    return (
      min(clampedSum(inline, walk.added), ceiling), min(clampedSum(inline, reached), ceiling)
    )
  }

  @usableFromInline
  static func clampedSum(_ left: Int, _ right: Int) -> Int {
    let (sum, overflow) = left.addingReportingOverflow(right)
    return overflow ? Int.max : sum
  }
}

/// The heap blocks one kept state reaches, by address, each with the bytes counted for it and
/// what it reaches: what the next kept state is measured against. Addresses only, which keep
/// nothing alive: the log compares with it only while the state it describes is kept.
@usableFromInline
struct StorageShape: Sendable {
  @usableFromInline var blocks: [UInt: Int] = [:]
  /// The heap bytes the state measured last reached.
  @usableFromInline var reached = 0
  /// The bytes of that state's fields that hold references (see `referenceFields`), in order;
  /// `nil` until a struct was walked.
  @usableFromInline var fieldBits: [UInt8]?
  /// Where the state's type keeps its fields with references, by byte range; `nil` until
  /// asked, empty when the type is not a struct whose fields can be listed.
  @usableFromInline var fields: [Range<Int>]?

  @inlinable
  init() {}

  /// The heap bytes `value` reaches when its fields with references hold the bits of the
  /// state measured last, which then reaches the same storage; `nil` otherwise.
  ///
  /// Inlinable, so that it is specialized for the state: the value's bytes are then read where
  /// it lies, without a copy through its value witnesses, and compared a word at a time.
  @inlinable
  func reachedIfUnchanged<Value>(_ value: Value) -> Int? {
    guard let fieldBits, let fields, !fields.isEmpty else { return nil }
    let same = withUnsafeBytes(of: value) { now in
      fieldBits.withUnsafeBytes { before in
        var start = 0
        for field in fields {
          let end = start + field.count
          guard
            sameBytes(
              UnsafeRawBufferPointer(rebasing: now[field]),
              UnsafeRawBufferPointer(rebasing: before[start..<end]))
          else { return false }
          start = end
        }
        return true
      }
    }
    return same ? reached : nil
  }

  /// Keeps the bits of `value`'s fields with references, for the next state to compare with.
  @usableFromInline
  mutating func remember<Value>(_ value: Value) {
    if fields == nil { fields = referenceFields(of: Value.self) }
    guard let fields, !fields.isEmpty else { return }
    var bits = fieldBits ?? []
    bits.removeAll(keepingCapacity: true)
    withUnsafeBytes(of: value) { now in
      for field in fields { bits.append(contentsOf: now[field]) }
    }
    fieldBits = bits
  }
}

/// Whether `left` holds the bytes of `right`, which is as long, compared a word at a time.
@inlinable
func sameBytes(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
  let word = MemoryLayout<UInt>.size
  var offset = 0
  while offset + word <= left.count {
    guard
      left.loadUnaligned(fromByteOffset: offset, as: UInt.self)
        == right.loadUnaligned(fromByteOffset: offset, as: UInt.self)
    else { return false }
    offset += word
  }
  while offset < left.count {
    guard left[offset] == right[offset] else { return false }
    offset += 1
  }
  return true
}

/// The byte ranges of `type`'s stored fields whose values hold references, fields that follow
/// each other without a gap in one range (two strings and an array side by side are compared
/// as one run of bytes); empty when `type` is not a struct or tuple whose fields the runtime
/// lists (an enum, a class: those are always walked).
func referenceFields(of type: Any.Type) -> [Range<Int>] {
  // A class lists no fields here (`false`), an enum none (`true`, empty): both are walked.
  var ranges: [Range<Int>] = []
  let listed = _forEachField(of: type) { _, offset, fieldType, _ in
    if !_openExistential(fieldType, do: isPlainType) {
      let field = offset..<(offset + _openExistential(fieldType, do: typeSize))
      if let last = ranges.last, last.upperBound == field.lowerBound {
        ranges[ranges.count - 1] = last.lowerBound..<field.upperBound
      } else {
        ranges.append(field)
      }
    }
    return true
  }
  return listed ? ranges : []
}

private func isPlainType<T>(_: T.Type) -> Bool { _isPOD(T.self) }

private func typeSize<T>(_: T.Type) -> Int { MemoryLayout<T>.size }

/// One walk of a value's storage (see `SizeEstimate`).
struct SizeWalk {
  let previous: [UInt: Int]
  /// The blocks met so far, each with the bytes it and what it reaches hold.
  var current: [UInt: Int] = [:]
  /// The bytes met so far that `previous` does not hold.
  var added = 0
  var visitsLeft = SizeEstimate.visitLimit

  init(previous: [UInt: Int]) {
    self.previous = previous
  }

  /// The heap bytes `value` reaches, counting in `added` those `previous` does not hold.
  mutating func heap(of value: Any, depth: Int) -> Int {
    guard depth < SizeEstimate.depthLimit, visitsLeft > 0,
      !_openExistential(value, do: isPlain)
    else { return 0 }
    visitsLeft -= 1
    if type(of: value) is AnyObject.Type { return objectBytes(value as AnyObject, depth) }
    if let string = value as? String { return stringBytes(string) }
    if let data = value as? Data { return dataBytes(data) }
    if let storage = value as? any CountedStorage { return storage.heapBytes(in: &self, depth) }
    if let collection = value as? any Collection { return collectionBytes(collection, depth) }
    var reached = 0
    for child in Mirror(reflecting: value).children {
      reached = SizeEstimate.clampedSum(reached, heap(of: child.value, depth: depth + 1))
    }
    return reached
  }

  /// The block at `address`, of `own` bytes: `nil` when new, so that the caller counts it and
  /// what it reaches (then calls `record`); otherwise what it and what it reaches hold, already
  /// counted (0 when this walk met it already).
  mutating func shared(_ address: UInt) -> Int? {
    if current[address] != nil { return 0 }
    guard let bytes = previous[address] else { return nil }
    current[address] = bytes
    return bytes
  }

  /// Records a new block at `address`: `own` bytes of its own, `reached` of what it reaches.
  mutating func record(_ address: UInt, own: Int, reached: Int) -> Int {
    added = SizeEstimate.clampedSum(added, own)
    let bytes = SizeEstimate.clampedSum(own, reached)
    current[address] = bytes
    return bytes
  }

  mutating func stringBytes(_ string: String) -> Int {
    let count = string.utf8.count
    // Up to 15 UTF-8 bytes, a string is kept inline, in its own 16 bytes.
    guard count > 15 else { return 0 }
    var string = string
    let address = string.withUTF8 { UInt(bitPattern: $0.baseAddress) }
    if let bytes = shared(address) { return bytes }
    return record(address, own: SizeEstimate.bufferHeader + count, reached: 0)
  }

  mutating func dataBytes(_ data: Data) -> Int {
    // Up to 14 bytes, `Data` keeps its bytes inline.
    guard data.count > 14 else { return 0 }
    let address = data.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
    if let bytes = shared(address) { return bytes }
    return record(address, own: SizeEstimate.bufferHeader + data.count, reached: 0)
  }

  mutating func objectBytes(_ object: AnyObject, _ depth: Int) -> Int {
    let address = UInt(bitPattern: ObjectIdentifier(object))
    // Met already in this walk (a cycle, or a second path to it), or held by the state kept
    // before: not looked into again. A shared object changed in place since is the current
    // state's as well, which keeps it whatever the log drops.
    if let bytes = shared(address) { return bytes }
    current[address] = 0
    var own = SizeEstimate.objectHeader
    var reached = 0
    var mirror: Mirror? = Mirror(reflecting: object)
    while let level = mirror {
      for child in level.children {
        own += _openExistential(child.value, do: inlineSize)
        reached = SizeEstimate.clampedSum(reached, heap(of: child.value, depth: depth + 1))
      }
      mirror = level.superclassMirror
    }
    return record(address, own: own, reached: reached)
  }

  /// The heap bytes `elements` reach (their own storage counted by the caller). Past the
  /// visit limit, the elements not visited count as the average of those visited.
  mutating func elementBytes<C: Collection>(_ elements: C, _ depth: Int) -> Int {
    guard !_isPOD(C.Element.self), depth + 1 < SizeEstimate.depthLimit else { return 0 }
    let addedBefore = added
    var reached = 0
    var visited = 0
    let count = elements.count
    // At most `elementSample` elements, spread over the collection.
    let step = max(count / SizeEstimate.elementSample, 1)
    var index = elements.startIndex
    let isObject = C.Element.self is AnyObject.Type
    let isString = C.Element.self == String.self
    while index != elements.endIndex, visitsLeft > 0 {
      let element = elements[index]
      // The element's type is known here: an object or a string needs no cast from `Any`.
      if isObject {
        visitsLeft -= 1
        reached = SizeEstimate.clampedSum(reached, objectBytes(element as AnyObject, depth + 1))
      } else if isString, let string = element as? String {
        visitsLeft -= 1
        reached = SizeEstimate.clampedSum(reached, stringBytes(string))
      } else {
        reached = SizeEstimate.clampedSum(reached, heap(of: element, depth: depth + 1))
      }
      visited += 1
      guard elements.formIndex(&index, offsetBy: step, limitedBy: elements.endIndex) else {
        break
      }
    }
    let rest = count - visited
    guard rest > 0, visited > 0 else { return reached }
    added = SizeEstimate.clampedSum(added, scaled(added - addedBefore, visited, rest))
    return SizeEstimate.clampedSum(reached, scaled(reached, visited, rest))
  }

  /// Another collection: its count times its element's stride, as if in a buffer of its own,
  /// known by no address.
  mutating func collectionBytes<C: Collection>(_ elements: C, _ depth: Int) -> Int {
    bufferBytes(
      elements, address: nil, capacity: elements.count, stride: MemoryLayout<C.Element>.stride,
      depth)
  }

  /// `bytes` over `visited` elements, for `rest` more.
  func scaled(_ bytes: Int, _ visited: Int, _ rest: Int) -> Int {
    let (product, overflow) = (bytes / visited).multipliedReportingOverflow(by: rest)
    return overflow ? Int.max : product
  }

  /// A buffer of `capacity` elements of `stride` bytes at `address` (`nil`: not known, counted
  /// as new), holding `elements`.
  mutating func bufferBytes<C: Collection>(
    _ elements: C, address: UInt?, capacity: Int, stride: Int, _ depth: Int
  ) -> Int {
    guard capacity > 0 else { return 0 }
    if let address, let bytes = shared(address) { return bytes }
    let (storage, overflow) = capacity.multipliedReportingOverflow(by: stride)
    let own = overflow ? Int.max : SizeEstimate.clampedSum(SizeEstimate.bufferHeader, storage)
    let reached = elementBytes(elements, depth)
    guard let address else {
      added = SizeEstimate.clampedSum(added, own)
      return SizeEstimate.clampedSum(own, reached)
    }
    return record(address, own: own, reached: reached)
  }
}

private func isPlain<T>(_: T) -> Bool { _isPOD(T.self) }

private func inlineSize<T>(_: T) -> Int { MemoryLayout<T>.size }

/// A collection whose buffer the estimate counts by its capacity and knows by its address.
protocol CountedStorage {
  func heapBytes(in walk: inout SizeWalk, _ depth: Int) -> Int
}

extension Array: CountedStorage {
  func heapBytes(in walk: inout SizeWalk, _ depth: Int) -> Int {
    let address = withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    return walk.arrayBytes(self, address: address, capacity: capacity, depth)
  }
}

extension ContiguousArray: CountedStorage {
  func heapBytes(in walk: inout SizeWalk, _ depth: Int) -> Int {
    let address = withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    return walk.arrayBytes(self, address: address, capacity: capacity, depth)
  }
}

extension SizeWalk {
  /// An array's buffer at `address`, of `capacity` elements.
  mutating func arrayBytes<C: Collection>(
    _ elements: C, address: UInt, capacity: Int, _ depth: Int
  ) -> Int {
    bufferBytes(
      elements, address: address, capacity: capacity, stride: MemoryLayout<C.Element>.stride,
      depth)
  }
}

/// What tells a hashed collection's storage apart, when the collection is one word that refers
/// to it (as the standard library lays out a dictionary or set); `nil` otherwise.
///
/// The word's bits, read as a number: no object is formed from them, since on platforms with
/// Objective-C a bridged collection's word carries a flag bit beside its pointer, which is not
/// an object reference. Two collections with the same bits share one storage.
private func storageAddress<C>(of collection: C) -> UInt? {
  guard MemoryLayout<C>.size == MemoryLayout<UInt>.size, !_isPOD(C.self) else { return nil }
  return unsafeBitCast(collection, to: UInt.self)
}

/// The slots a hashed collection of `capacity` allocates: a power of two, at most three
/// quarters full.
private func hashedSlots(_ capacity: Int) -> Int {
  var slots = 1
  while slots * 3 < capacity * 4 { slots *= 2 }
  return slots
}

extension Dictionary: CountedStorage {
  func heapBytes(in walk: inout SizeWalk, _ depth: Int) -> Int {
    guard capacity > 0 else { return 0 }
    let stride = MemoryLayout<Key>.stride + MemoryLayout<Value>.stride
    return walk.bufferBytes(
      self, address: storageAddress(of: self), capacity: hashedSlots(capacity),
      stride: stride, depth)
  }
}

extension Set: CountedStorage {
  func heapBytes(in walk: inout SizeWalk, _ depth: Int) -> Int {
    guard capacity > 0 else { return 0 }
    return walk.bufferBytes(
      self, address: storageAddress(of: self), capacity: hashedSlots(capacity),
      stride: MemoryLayout<Element>.stride, depth)
  }
}
