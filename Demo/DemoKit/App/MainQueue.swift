import Dispatch

/// The main dispatch queue, the main actor's executor, as the demo waits on it.
enum MainQueue {
  /// Returns once the main queue has run every block queued on it before this call.
  ///
  /// A commit made on another thread (a record saved) reaches the components in a block on
  /// the main queue. The demo runs on the main actor, so it suspends here to let those blocks
  /// run: the queue runs its blocks in order, and this call returns after them.
  @MainActor
  static func runQueuedBlocks() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.main.async { continuation.resume() }
    }
  }
}
