import Foundation
import Testing

/// The package's root, four folders up from this file.
private let root = URL(filePath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

@Suite("One way to listen: Store's listening functions, counted in its sources")
struct ListeningAPITests {
  /// The public functions of `Store` and its extensions whose name starts with `subscribe` or
  /// `updates`, as `name(labels:)`, in every library module.
  static func listeningFunctions() throws -> [String] {
    let sources = root.appending(path: "Sources")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    var found: [String] = []
    let declaration = try Regex(#"public\s+(?:final\s+)?func\s+((?:subscribe|updates)\w*)"#)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      guard text.contains("extension Store {") || text.contains("open class Store<") else {
        continue
      }
      for match in text.matches(of: declaration) {
        let name = match.output[1].substring.map { String($0) } ?? ""
        let labels = parameterLabels(text[match.range.upperBound...])
        found.append("\(name)(\(labels.map { "\($0):" }.joined()))")
      }
    }
    return found.sorted()
  }

  /// The argument labels of the parameter list that starts `rest` (after any generic
  /// parameters), read with nesting in mind: a closure type's commas are not parameters'.
  static func parameterLabels(_ rest: Substring) -> [String] {
    guard let open = rest.firstIndex(of: "(") else { return [] }
    var depth = 0
    var parameters: [String] = []
    var current = ""
    var previous: Character = " "
    for character in rest[open...] {
      defer { previous = character }
      switch character {
      case "(", "<", "[":
        depth += 1
        if depth == 1 { continue }
      case ">" where previous == "-":
        break  // an arrow, not a closing bracket
      case ")", ">", "]":
        depth -= 1
      case "," where depth == 1:
        parameters.append(current)
        current = ""
        continue
      default:
        break
      }
      if depth == 0 { break }
      current.append(character)
    }
    parameters.append(current)
    return parameters.compactMap { parameter in
      parameter.split(whereSeparator: { $0.isWhitespace || $0 == ":" }).first.map(String.init)
    }
  }

  @Test("Store has at most seven public listening functions, one per way of listening")
  func atMostSeven() throws {
    let functions = try Self.listeningFunctions()
    #expect(
      functions == [
        "subscribe(owner:to:_:)", "subscribe(select:to:_:)", "subscribe(to:_:)",
        "subscribeOnMainActor(owner:to:_:)", "subscribeOnMainActor(to:_:)",
        "updates(of:bufferingPolicy:)",
      ])
    #expect(functions.count <= 7)
  }
}
