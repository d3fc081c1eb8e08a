/// The error a reducer reports when an action names a row that does not exist.
///
/// Its description reads `row 5 is out of range: the list has 1 row`.
package struct IndexOutOfRangeError: Error, CustomStringConvertible, Equatable, Sendable {
  /// The index the action carried.
  package var index: Int
  /// How many elements there were.
  package var count: Int
  /// What one element is called: "row", "task".
  package var noun: String

  /// The error for `index` in a list of `count` elements, each called `noun`.
  package init(index: Int, count: Int, noun: String) {
    self.index = index
    self.count = count
    self.noun = noun
  }

  package var description: String {
    let plural = count == 1 ? noun : noun + "s"
    return "\(noun) \(index) is out of range: the list has \(count) \(plural)"
  }
}
