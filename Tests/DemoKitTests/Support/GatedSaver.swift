import CSReduxKit
import DemoUI
import Dispatch
import Foundation

@testable import CSDemoFeature

/// A record saver whose saves answer only when the test says so, each on a thread of its own,
/// so a test sees the demo while a record is saving and then after the reducer finished.
final class GatedSaver: Sendable {
  private struct Model {
    var requested: [String] = []
    var pending: [String: @Sendable () -> Void] = [:]
    var waiter: (count: Int, continuation: CheckedContinuation<[String], Never>)?
  }

  private let model = _Locked(Model())

  /// The saver to give the reducer.
  var saver: RecordSaver {
    RecordSaver { [model] text, done in
      let resume = model.withLock { model in
        model.requested.append(text)
        model.pending[text] = done
        guard let waiter = model.waiter, model.requested.count >= waiter.count else {
          return nil as (() -> Void)?
        }
        model.waiter = nil
        let requested = model.requested
        return { waiter.continuation.resume(returning: requested) }
      }
      resume?()
    }
  }

  /// The texts the reducer asked to save, in order, answered or not.
  var requested: [String] { model.withLock { $0.requested } }

  /// Whether a save of `text` is waiting for an answer.
  func isPending(_ text: String) -> Bool { model.withLock { $0.pending[text] != nil } }

  /// Suspends until the reducer has asked for `count` saves in all, or `timeout` passed.
  ///
  /// - Returns: The texts asked for by then.
  func requests(count: Int, within timeout: Duration = .seconds(300)) async -> [String] {
    await withCheckedContinuation { continuation in
      let isDone = model.withLock { model in
        guard model.requested.count < count else { return true }
        model.waiter = (count, continuation)
        return false
      }
      if isDone { return continuation.resume(returning: requested) }
      let seconds = Double(timeout.components.seconds)
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [model] in
        let waiter = model.withLock { model in
          defer { model.waiter = nil }
          return model.waiter.map { ($0.continuation, model.requested) }
        }
        waiter?.0.resume(returning: waiter?.1 ?? [])
      }
    }
  }

  /// Answers the save of `text` on a new thread; the reducer's `finish` runs there.
  func answer(_ text: String) {
    guard let done = model.withLock({ $0.pending.removeValue(forKey: text) }) else { return }
    Thread { done() }.start()
  }
}
