/// Finishes a stream when the store lets the subscriber closure that holds it go: on
/// cancellation, or when the store is freed.
final class _StreamFinisher<Element>: Sendable {
  let continuation: AsyncStream<Element>.Continuation

  init(_ continuation: AsyncStream<Element>.Continuation) {
    self.continuation = continuation
  }

  deinit {
    continuation.finish()
  }
}
