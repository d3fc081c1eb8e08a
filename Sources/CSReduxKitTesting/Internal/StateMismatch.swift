import CSReduxKit

/// The failure for a state that is not the expected one, with the field-by-field difference
/// every helper prints: `header (expected → actual):` and one line per field that differs.
///
/// - Returns: `nil` when `expected == actual`.
func stateMismatch<State: Equatable>(
  _ header: String, expected: State, actual: State, at site: CallSite
) -> StoreExpectationError? {
  guard expected != actual else { return nil }
  guard let difference = StateDifference(from: expected, to: actual) else {
    return site.error(
      .stateMismatch, "\(header): == says they differ, but both print alike:\n  \(actual)")
  }
  return site.error(
    .stateMismatch, "\(header) (expected → actual):\n\(difference)", difference: difference)
}
