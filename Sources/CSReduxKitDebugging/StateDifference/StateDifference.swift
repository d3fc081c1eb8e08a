/// How two values differ, field by field: the readable part of a failed state comparison.
///
/// `StateDifference` walks both values with `Mirror`, in step, and lists every leaf that prints
/// differently, with its path from the root:
///
/// ```swift
/// if let difference = StateDifference(from: expected, to: actual) {
///   print(difference)
///   //   .tasks.count: 2 → 3
///   //   .tasks[0]: "Buy milk" → "Buy eggs"
///   //   .tasks[2]: (absent) → "Call Ann"
/// }
/// ```
///
/// - Structs, classes (with their superclasses' fields) and tuples are compared field by field:
///   `.settings.theme`, `.pair.0`.
/// - Enums with the same case are compared by their associated values (`.status.loaded`,
///   `.status.failed.code`); different cases are one change showing both cases.
/// - Optionals are transparent when both hold a value; `nil` against a value is one change.
/// - Arrays (any collection) are compared index by index; a count difference is reported as
///   `.tasks.count: 2 → 3`, and the elements only one side has as `(absent)` on the other.
/// - Dictionaries are compared key by key (`.scores["Ann"]`), keys in the order of their printed
///   form; a key only one side has is `(absent)` on the other.
/// - Sets list the elements only one side has: `.tags: "urgent" → (absent)`.
/// - Anything else (numbers, strings, types with no fields) is a leaf, compared by its printed
///   form. Two leaves that print alike but have different types show their types.
///
/// The walk stops at a depth of 64 and at a class instance already being compared (a cycle).
/// Values are rendered with `String(describing:)`, strings and characters quoted, each cut to
/// ``maximumValueLength`` characters.
///
/// - Complexity: O(n) in the size of the two values, plus sorting dictionary keys and set
///   elements by their printed form.
public struct StateDifference: Sendable, Hashable, CustomStringConvertible {
  /// One leaf that differs: where it is, and how it printed on each side.
  public struct Change: Sendable, Hashable, CustomStringConvertible {
    /// The path from the root, such as `.tasks[0]` or `.scores["Ann"]`; empty for the root.
    public let path: String
    /// The expected side, printed; `(absent)` when only the actual side has the element.
    public let expected: String
    /// The actual side, printed; `(absent)` when only the expected side has the element.
    public let actual: String

    /// Creates a change.
    ///
    /// - Parameters:
    ///   - path: The path from the root; empty for the root itself.
    ///   - expected: The expected side, printed.
    ///   - actual: The actual side, printed.
    public init(path: String, expected: String, actual: String) {
      self.path = path
      self.expected = expected
      self.actual = actual
    }

    /// `.tasks[0]: "Buy milk" → "Buy eggs"`; the root reads `(root): 1 → 2`.
    public var description: String {
      "\(path.isEmpty ? "(root)" : path): \(expected) → \(actual)"
    }
  }

  /// How many changes a difference keeps unless told otherwise: 50.
  public static let defaultLimit = 50
  /// How many characters of a printed value a change keeps, before an ellipsis: 200.
  public static let maximumValueLength = 200
  /// The depth past which the walk compares values by their printed form only.
  static let maximumDepth = 64
  /// What a change shows for the side that has no such element or key.
  public static let absent = "(absent)"

  /// The changes found, in field order, at most the limit given at creation.
  public let changes: [Change]
  /// How many changes there are in all, including those past the limit.
  public let totalCount: Int

  /// How many changes were found past the limit and left out of ``changes``.
  public var omittedCount: Int { totalCount - changes.count }

  /// Compares `expected` with `actual` field by field; `nil` when no field differs and both
  /// values print alike.
  ///
  /// - Parameters:
  ///   - expected: The value a test expected.
  ///   - actual: The value it got.
  ///   - limit: How many changes to keep (at least one); the rest are only counted.
  public init?<Value>(from expected: Value, to actual: Value, limit: Int = defaultLimit) {
    var walk = DifferenceWalk(limit: max(1, limit))
    walk.compare(expected, actual, path: "", depth: 0)
    if walk.total == 0 {
      // Mirrors can hide what a description shows (custom reflection); trust the printout.
      let left = DifferenceWalk.render(expected)
      let right = DifferenceWalk.render(actual)
      guard left != right else { return nil }
      walk.add(path: "", left, right)
    }
    self.changes = walk.changes
    self.totalCount = walk.total
  }

  /// One line per change, each indented by two spaces, then `  … and N more differences` when
  /// some were left out:
  ///
  /// ```text
  ///   .tasks.count: 2 → 3
  ///   .tasks[0]: "Buy milk" → "Buy eggs"
  /// ```
  public var description: String {
    var lines = changes.map { "  \($0)" }
    if omittedCount > 0 {
      lines.append("  … and \(omittedCount) more difference\(omittedCount == 1 ? "" : "s")")
    }
    return lines.joined(separator: "\n")
  }
}
