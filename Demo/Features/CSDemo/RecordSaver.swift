import Dispatch

/// Where a new record goes before the demo's reducer commits it: a stand-in for a database or
/// a server, which answers later, on a thread of its own.
///
/// It lets the demo show what CSReduxKit's reducers are for: the reducer calls `finish` when
/// the save answers, the store queues the actions dispatched meanwhile, and the components
/// show the record as saving until the commit.
struct RecordSaver: Sendable {
  /// Saves `text`, then calls `done` once, on any thread.
  let save: @Sendable (_ text: String, _ done: @escaping @Sendable () -> Void) -> Void

  /// A save that answers `milliseconds` later on a global dispatch queue.
  static func simulated(milliseconds: Int = 80) -> RecordSaver {
    RecordSaver { _, done in
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
        done()
      }
    }
  }
}
