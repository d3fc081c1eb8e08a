import CSReduxKit
import CSReduxKitTestSupport
import Testing

private struct Profile {
  var name = "Ann"
  var age = 30
}

private enum Load {
  case idle
  case loaded(String)
  case failed(code: Int, message: String)
  case pair(Int, Int)
}

private struct Board {
  var tasks = ["Buy milk", "Call Bob"]
  var profile = Profile()
  var nickname: String? = nil
  var load = Load.idle
  var scores: [String: Int] = ["Ann": 1, "Bob": 2]
  var tags: Set<String> = ["home"]
  var pair = (1, "one")
  var anything: any Sendable = 1
}

private class Shape: CustomStringConvertible {
  var name: String
  init(name: String) { self.name = name }
  var description: String { "Shape(\(name))" }
}

private final class Circle: Shape {
  var radius: Double
  var next: Circle?
  init(name: String, radius: Double) {
    self.radius = radius
    super.init(name: name)
  }
}

/// A class whose mirror shows nothing, so only its printout can tell two instances apart.
private final class Sealed: CustomReflectable, CustomStringConvertible {
  let secret: Int
  init(_ secret: Int) { self.secret = secret }
  var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .class) }
  var description: String { "Sealed(\(secret))" }
}

@Suite("StateDifference")
struct StateDifferenceTests {
  @Test("values that print alike have no difference")
  func equalValues() {
    #expect(StateDifference(from: Board(), to: Board()) == nil)
    #expect(StateDifference(from: 3, to: 3) == nil)
    #expect(
      StateDifference(from: Circle(name: "c", radius: 1), to: Circle(name: "c", radius: 1)) == nil)
  }

  @Test("a leaf at the root is one change named (root)")
  func rootLeaf() throws {
    let difference = try #require(StateDifference(from: 1, to: 2))
    #expect(difference.changes == [StateDifference.Change(path: "", expected: "1", actual: "2")])
    #expect(difference.description == "  (root): 1 → 2")
    #expect(difference.totalCount == 1)
    #expect(difference.omittedCount == 0)
  }

  @Test("arrays differ index by index, with the count and the elements only one side has")
  func arrays() throws {
    var actual = Board()
    actual.tasks = ["Buy eggs", "Call Bob", "Pay rent"]
    let difference = try #require(StateDifference(from: Board(), to: actual))
    #expect(
      difference.description == """
          .tasks.count: 2 → 3
          .tasks[0]: "Buy milk" → "Buy eggs"
          .tasks[2]: (absent) → "Pay rent"
        """)

    let shorter = try #require(StateDifference(from: [1, 2, 3], to: [1]))
    #expect(
      shorter.description == """
          .count: 3 → 1
          [1]: 2 → (absent)
          [2]: 3 → (absent)
        """)
  }

  @Test("nested struct fields are named by their path")
  func nestedFields() throws {
    var actual = Board()
    actual.profile.age = 31
    actual.profile.name = "Bea"
    let difference = try #require(StateDifference(from: Board(), to: actual))
    #expect(
      difference.description == """
          .profile.name: "Ann" → "Bea"
          .profile.age: 30 → 31
        """)
  }

  @Test("optionals: nil against a value is one change; two values are compared inside")
  func optionals() throws {
    var actual = Board()
    actual.nickname = "Annie"
    let difference = try #require(StateDifference(from: Board(), to: actual))
    #expect(difference.description == #"  .nickname: nil → "Annie""#)

    let inside = try #require(
      StateDifference(from: Profile?(Profile()), to: Profile(name: "Ann", age: 4)))
    #expect(inside.description == "  .age: 30 → 4")
  }

  @Test("enums: the same case compares associated values, different cases show both")
  func enums() throws {
    var loaded = Board()
    loaded.load = .loaded("a")
    var reloaded = Board()
    reloaded.load = .loaded("b")
    #expect(
      try #require(StateDifference(from: loaded, to: reloaded)).description
        == #"  .load.loaded: "a" → "b""#)

    var failed = Board()
    failed.load = .failed(code: 404, message: "gone")
    var failedAgain = Board()
    failedAgain.load = .failed(code: 500, message: "gone")
    #expect(
      try #require(StateDifference(from: failed, to: failedAgain)).description
        == "  .load.failed.code: 404 → 500")

    var pair = Board()
    pair.load = .pair(1, 2)
    var otherPair = Board()
    otherPair.load = .pair(1, 3)
    #expect(
      try #require(StateDifference(from: pair, to: otherPair)).description
        == "  .load.pair.1: 2 → 3")

    #expect(
      try #require(StateDifference(from: Board(), to: loaded)).description
        == #"  .load: .idle → .loaded("a")"#)
  }

  @Test("dictionaries differ key by key, in the order of the printed keys")
  func dictionaries() throws {
    var actual = Board()
    actual.scores = ["Bob": 5, "Cid": 0]
    let difference = try #require(StateDifference(from: Board(), to: actual))
    #expect(
      difference.description == """
          .scores["Ann"]: 1 → (absent)
          .scores["Bob"]: 2 → 5
          .scores["Cid"]: (absent) → 0
        """)
  }

  @Test("sets list the elements only one side has")
  func sets() throws {
    var actual = Board()
    actual.tags = ["work", "urgent"]
    let difference = try #require(StateDifference(from: Board(), to: actual))
    #expect(
      difference.description == """
          .tags: "home" → (absent)
          .tags: (absent) → "urgent"
          .tags: (absent) → "work"
        """)
  }

  @Test("tuples are compared element by element")
  func tuples() throws {
    var actual = Board()
    actual.pair = (2, "two")
    let difference = try #require(StateDifference(from: Board(), to: actual))
    #expect(
      difference.description == """
          .pair.0: 1 → 2
          .pair.1: "one" → "two"
        """)
  }

  @Test("leaves that print alike but differ in type show their types")
  func differentTypes() throws {
    var actual = Board()
    actual.anything = Int8(1)
    let difference = try #require(StateDifference(from: Board(), to: actual))
    #expect(difference.description == "  .anything: 1 (Int) → 1 (Int8)")

    actual.anything = "1"
    #expect(
      try #require(StateDifference(from: Board(), to: actual)).description
        == #"  .anything: 1 → "1""#)
  }

  @Test("classes are compared field by field, superclass fields first, and cycles stop")
  func classes() throws {
    let expected = Circle(name: "c", radius: 1)
    let actual = Circle(name: "d", radius: 2)
    expected.next = expected
    actual.next = actual
    let difference = try #require(StateDifference(from: expected, to: actual))
    #expect(
      difference.description == """
          .name: "c" → "d"
          .radius: 1.0 → 2.0
        """)
    expected.next = nil
    actual.next = nil
  }

  @Test("a difference only the printout shows is reported at the root")
  func printoutOnly() throws {
    let difference = try #require(StateDifference(from: Sealed(1), to: Sealed(2)))
    #expect(difference.description == "  (root): Sealed(1) → Sealed(2)")
    #expect(StateDifference(from: Sealed(1), to: Sealed(1)) == nil)
  }

  @Test("past the limit, changes are counted and summed up in one line")
  func limit() throws {
    let difference = try #require(
      StateDifference(from: Array(0..<60), to: Array(100..<160)))
    #expect(difference.changes.count == StateDifference.defaultLimit)
    #expect(difference.totalCount == 60)
    #expect(difference.omittedCount == 10)
    let lines = difference.description.split(separator: "\n")
    #expect(lines.count == 51)
    #expect(lines.first == "  [0]: 0 → 100")
    #expect(lines.last == "  … and 10 more differences")

    let small = try #require(StateDifference(from: [1, 2], to: [3, 4], limit: 1))
    #expect(small.description == "  [0]: 1 → 3\n  … and 1 more difference")
  }

  @Test("long values are cut with an ellipsis")
  func longValues() throws {
    let long = String(repeating: "x", count: 500)
    let difference = try #require(StateDifference(from: long, to: "y"))
    let expected = "\"" + String(repeating: "x", count: StateDifference.maximumValueLength - 1)
    #expect(difference.changes.first?.expected == expected + "…")
    #expect(difference.changes.first?.actual == #""y""#)
  }
}
