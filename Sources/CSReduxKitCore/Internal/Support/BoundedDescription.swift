/// A text stream that keeps at most `limit` characters and drops the rest, so that writing a
/// huge description into it costs no memory past the limit.
struct BoundedText: TextOutputStream {
  let limit: Int
  private(set) var text = ""
  private(set) var count = 0
  /// Whether something was dropped.
  private(set) var isCut = false

  init(limit: Int) {
    self.limit = max(limit, 0)
  }

  var isFull: Bool { count >= limit }

  mutating func write(_ string: String) {
    guard !isCut else { return }
    for character in string {
      guard count < limit else {
        isCut = true
        return
      }
      text.append(character)
      count += 1
    }
  }
}

/// Describes a payload in at most `limit` characters (a longer one ends with `…`), with work
/// bounded by the limit for the values payloads usually are.
///
/// Strings, collections, and structs, enums and tuples without a description of their own are
/// walked piece by piece and the walk stops once `limit` characters are written, so a
/// 20 MB string or a million-element array costs no more than a short one. A type with its own
/// `description` or `debugDescription` is asked for it: that call runs in full (only the
/// result is cut), and it is the type's to keep cheap (`Data`'s, "N bytes", is). The core has
/// no Foundation, so `Data` is not named here.
///
/// - Complexity: O(`limit`) for the values above, whatever their size.
package func boundedDescription(of value: Any, limit: Int) -> String {
  var out = BoundedText(limit: max(limit - 1, 0))
  _describe(value, into: &out, depth: 0)
  guard out.isCut else { return out.text }
  return out.text + "…"
}

/// How deep the walk goes into nested values before it writes `…`; a fuzzed payload can nest
/// far deeper than the stack allows.
private let _maximumDepth = 8

private func _describe(_ value: Any, into out: inout BoundedText, depth: Int) {
  guard !out.isFull else {
    out.write("…")  // marks the cut
    return
  }
  guard depth < _maximumDepth else {
    out.write("…")
    return
  }
  switch value {
  case let string as String:
    _quote(Substring(string), into: &out)
    return
  case let string as Substring:
    _quote(string, into: &out)
    return
  default:
    break
  }
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .collection?, .set?, .dictionary?:
    let isDictionary = mirror.displayStyle == .dictionary
    out.write("[")
    var first = true
    for child in mirror.children {
      guard !out.isFull else { break }
      if !first { out.write(", ") }
      first = false
      if isDictionary {
        let pair = Mirror(reflecting: child.value).children.map(\.value)
        if pair.count == 2 {
          _describe(pair[0], into: &out, depth: depth + 1)
          out.write(": ")
          _describe(pair[1], into: &out, depth: depth + 1)
          continue
        }
      }
      _describe(child.value, into: &out, depth: depth + 1)
    }
    out.write(isDictionary && first ? ":]" : "]")
    return
  default:
    break
  }
  // Optional describes itself (it is CustomDebugStringConvertible) by describing all it holds.
  if mirror.displayStyle == .optional {
    guard let some = mirror.children.first else {
      out.write("nil")
      return
    }
    out.write("Optional(")
    _describe(some.value, into: &out, depth: depth + 1)
    out.write(")")
    return
  }
  if value is any CustomDebugStringConvertible || value is any CustomStringConvertible
    || value is any TextOutputStreamable
  {
    debugPrint(value, terminator: "", to: &out)
    return
  }
  switch mirror.displayStyle {
  case .struct?, .class?, .tuple?:
    if mirror.displayStyle != .tuple { out.write(String(describing: mirror.subjectType)) }
    out.write("(")
    var first = true
    for child in mirror.children {
      guard !out.isFull else { break }
      if !first { out.write(", ") }
      first = false
      if let label = child.label, mirror.displayStyle != .tuple || !label.hasPrefix(".") {
        out.write("\(label): ")
      }
      _describe(child.value, into: &out, depth: depth + 1)
    }
    out.write(")")
  case .enum? where !mirror.children.isEmpty:
    for child in mirror.children.prefix(1) {
      out.write(".\(child.label ?? "")")
      let inner = Mirror(reflecting: child.value)
      if inner.displayStyle == .tuple {
        _describe(child.value, into: &out, depth: depth + 1)
      } else {
        out.write("(")
        _describe(child.value, into: &out, depth: depth + 1)
        out.write(")")
      }
    }
  default:
    debugPrint(value, terminator: "", to: &out)
  }
}

/// Writes `string` quoted and escaped as `debugDescription` would, reading no further than the
/// stream keeps.
private func _quote(_ string: Substring, into out: inout BoundedText) {
  let room = out.limit - out.count
  let head = string.prefix(room + 1)
  var quoted = String(reflecting: String(head))
  if head.count > room { quoted.removeLast() }  // the closing quote of a cut string goes
  out.write(quoted)
  if head.count > room { out.write("…") }
}
