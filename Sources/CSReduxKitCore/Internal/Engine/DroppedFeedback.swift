/// A feedback action the store dropped: the state to give its completion, and the recent types
/// to report when this drop is the first of the drain.
@usableFromInline
struct _DroppedFeedback<State> {
  /// `nil` when the state was lent: the completion then waits for the next commit.
  @usableFromInline let state: State?
  @usableFromInline let report: [Int]?

  @inlinable
  init(state: State?, report: [Int]?) {
    self.state = state
    self.report = report
  }
}
