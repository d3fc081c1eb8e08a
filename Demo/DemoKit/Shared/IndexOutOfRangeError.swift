/// The error a reducer reports when an action names a row that does not exist.
///
/// Its description reads `row 5 is out of range: the list has 1 row`.
struct IndexOutOfRangeError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The index the action carried.
  var index: Int
  /// How many elements there were.
  var count: Int
  /// What one element is called: "row", "task".
  var noun: String

  var description: String {
    let plural = count == 1 ? noun : noun + "s"
    return "\(noun) \(index) is out of range: the list has \(count) \(plural)"
  }
}
