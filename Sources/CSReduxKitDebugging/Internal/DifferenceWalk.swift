/// The recursive comparison behind ``StateDifference``.
struct DifferenceWalk {
  let limit: Int
  var changes: [StateDifference.Change] = []
  var total = 0
  /// The class instances being compared on the current path, to stop at cycles.
  var visiting: Set<[ObjectIdentifier]> = []

  init(limit: Int) { self.limit = limit }

  mutating func add(path: String, _ expected: String, _ actual: String) {
    total += 1
    if changes.count < limit {
      changes.append(StateDifference.Change(path: path, expected: expected, actual: actual))
    }
  }

  mutating func compare(_ expected: Any, _ actual: Any, path: String, depth: Int) {
    let left = Mirror(reflecting: expected)
    let right = Mirror(reflecting: actual)
    guard type(of: expected) == type(of: actual), depth < StateDifference.maximumDepth,
      left.displayStyle == right.displayStyle
    else {
      compareLeaves(expected, actual, path: path)
      return
    }
    switch left.displayStyle {
    case .optional:
      compareOptionals(left, right, path: path, depth: depth)
    case .enum:
      compareEnums(expected, actual, left, right, path: path, depth: depth)
    case .collection:
      compareCollections(left, right, path: path, depth: depth)
    case .dictionary:
      compareDictionaries(left, right, path: path, depth: depth)
    case .set:
      compareSets(left, right, path: path)
    case .class:
      compareObjects(expected, actual, left, right, path: path, depth: depth)
    case .struct, .tuple:
      if left.children.isEmpty {
        compareLeaves(expected, actual, path: path)
      } else {
        compareFields(fields(left), fields(right), path: path, depth: depth)
      }
    default:
      compareLeaves(expected, actual, path: path)
    }
  }

  mutating func compareLeaves(_ expected: Any, _ actual: Any, path: String) {
    var left = Self.render(expected)
    var right = Self.render(actual)
    if left == right {
      let leftType = type(of: Self.unwrapped(expected) ?? expected)
      let rightType = type(of: Self.unwrapped(actual) ?? actual)
      guard leftType != rightType else { return }
      left += " (\(leftType))"
      right += " (\(rightType))"
    }
    add(path: path, left, right)
  }

  mutating func compareOptionals(_ left: Mirror, _ right: Mirror, path: String, depth: Int) {
    switch (left.children.first, right.children.first) {
    case (nil, nil): return
    case (let some?, let other?): compare(some.value, other.value, path: path, depth: depth + 1)
    case (let some?, nil): add(path: path, Self.render(some.value), "nil")
    case (nil, let other?): add(path: path, "nil", Self.render(other.value))
    }
  }

  mutating func compareEnums(
    _ expected: Any, _ actual: Any, _ left: Mirror, _ right: Mirror, path: String, depth: Int
  ) {
    // A case with associated values has one child, labelled with the case name.
    guard let leftCase = left.children.first, let rightCase = right.children.first,
      let name = leftCase.label, name == rightCase.label
    else {
      compareLeaves(expected, actual, path: path)
      return
    }
    compare(leftCase.value, rightCase.value, path: path + "." + name, depth: depth + 1)
  }

  mutating func compareCollections(_ left: Mirror, _ right: Mirror, path: String, depth: Int) {
    let leftElements = left.children.map(\.value)
    let rightElements = right.children.map(\.value)
    if leftElements.count != rightElements.count {
      add(path: path + ".count", "\(leftElements.count)", "\(rightElements.count)")
    }
    for index in 0..<max(leftElements.count, rightElements.count) {
      let elementPath = "\(path)[\(index)]"
      switch (index < leftElements.count, index < rightElements.count) {
      case (true, true):
        compare(leftElements[index], rightElements[index], path: elementPath, depth: depth + 1)
      case (true, false):
        add(path: elementPath, Self.render(leftElements[index]), StateDifference.absent)
      default:
        add(path: elementPath, StateDifference.absent, Self.render(rightElements[index]))
      }
    }
  }

  mutating func compareDictionaries(_ left: Mirror, _ right: Mirror, path: String, depth: Int) {
    let leftEntries = Self.entries(left)
    let rightEntries = Self.entries(right)
    let keys = Set(leftEntries.keys).union(rightEntries.keys).sorted()
    for key in keys {
      let entryPath = "\(path)[\(key)]"
      switch (leftEntries[key], rightEntries[key]) {
      case (let value?, let other?): compare(value, other, path: entryPath, depth: depth + 1)
      case (let value?, nil): add(path: entryPath, Self.render(value), StateDifference.absent)
      case (nil, let other?): add(path: entryPath, StateDifference.absent, Self.render(other))
      case (nil, nil): break
      }
    }
  }

  mutating func compareSets(_ left: Mirror, _ right: Mirror, path: String) {
    let leftElements = Set(left.children.map { Self.render($0.value) })
    let rightElements = Set(right.children.map { Self.render($0.value) })
    for element in leftElements.subtracting(rightElements).sorted() {
      add(path: path, element, StateDifference.absent)
    }
    for element in rightElements.subtracting(leftElements).sorted() {
      add(path: path, StateDifference.absent, element)
    }
  }

  mutating func compareObjects(
    _ expected: Any, _ actual: Any, _ left: Mirror, _ right: Mirror, path: String, depth: Int
  ) {
    let leftObject = expected as AnyObject
    let rightObject = actual as AnyObject
    if leftObject === rightObject { return }
    let pair = [ObjectIdentifier(leftObject), ObjectIdentifier(rightObject)]
    guard visiting.insert(pair).inserted else { return }
    defer { visiting.remove(pair) }
    compareFields(fields(left), fields(right), path: path, depth: depth)
  }

  mutating func compareFields(
    _ left: [(String, Any)], _ right: [(String, Any)], path: String, depth: Int
  ) {
    let rightByLabel = Dictionary(right, uniquingKeysWith: { first, _ in first })
    for (label, value) in left {
      guard let other = rightByLabel[label] else { continue }
      compare(value, other, path: path + "." + Self.trimmed(label), depth: depth + 1)
    }
  }

  /// A mirror's fields with their labels, superclass fields first; tuple elements are `0`, `1`.
  func fields(_ mirror: Mirror) -> [(String, Any)] {
    let inherited = mirror.superclassMirror.map(fields) ?? []
    let own = mirror.children.enumerated().map { index, child in
      (child.label ?? "\(index)", child.value)
    }
    return inherited + own
  }

  /// A tuple's unlabelled elements are labelled `.0`, `.1`: keep the digits only.
  static func trimmed(_ label: String) -> String {
    label.hasPrefix(".") ? String(label.dropFirst()) : label
  }

  /// A dictionary's values keyed by their key's printed form.
  static func entries(_ mirror: Mirror) -> [String: Any] {
    var entries: [String: Any] = [:]
    for child in mirror.children {
      let pair = Array(Mirror(reflecting: child.value).children)
      guard pair.count == 2 else { continue }
      entries[render(pair[0].value)] = pair[1].value
    }
    return entries
  }

  /// The value an optional holds, or `nil` for a non-optional or an empty optional.
  static func unwrapped(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional, let some = mirror.children.first else { return nil }
    return unwrapped(some.value) ?? some.value
  }

  /// A value as a change shows it: strings quoted, optionals unwrapped, cut to length.
  static func render(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let some = mirror.children.first else { return "nil" }
      return render(some.value)
    }
    let text: String
    switch value {
    case let string as String: text = String(reflecting: string)
    case let string as Substring: text = String(reflecting: String(string))
    case let character as Character: text = String(reflecting: character)
    case let convertible as any CustomStringConvertible: text = convertible.description
    default:
      let described = String(describing: value)
      text = mirror.displayStyle == .enum ? "." + described : described
    }
    let limit = StateDifference.maximumValueLength
    return text.count > limit ? String(text.prefix(limit)) + "…" : text
  }
}
