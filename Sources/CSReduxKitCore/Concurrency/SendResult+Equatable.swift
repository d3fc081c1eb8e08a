extension SendResult: Equatable where State: Equatable {
  /// Whether two results hold equal states and equal outcomes (see ``ActionOutcome/==(_:_:)``).
  ///
  /// - Parameters:
  ///   - lhs: A result.
  ///   - rhs: Another result.
  /// - Returns: `true` when the states and the outcomes are equal.
  public static func == (lhs: SendResult, rhs: SendResult) -> Bool {
    lhs.state == rhs.state && lhs.outcome == rhs.outcome
  }
}
