import Dispatch

extension Middleware {
  /// Logs one line per action: the store's name, the action type (with its name when the store
  /// knows it), a short payload summary, and how long the action took to commit.
  ///
  /// ```text
  /// [TodoStore] add (0) "Buy milk" committed in 14 µs
  /// ```
  ///
  /// The time runs from the moment the action leaves this middleware until it was committed
  /// and its subscribers ran: the reducer's time, plus any wait in the queue behind other
  /// actions. Put the logger last to leave out the time other middleware takes.
  ///
  /// - Parameters:
  ///   - payloadLimit: The longest payload summary, in characters; longer ones are cut with `…`.
  ///   - log: Receives each line; prints it by default.
  /// - Returns: The middleware.
  public static func logging(
    payloadLimit: Int = 60,
    to log: @escaping @Sendable (String) -> Void = { print($0) }
  ) -> Middleware<State> {
    Middleware { action, context in
      var line = "[\(context.storeName)] \(context.actionNames.label(for: action.type))"
      if let data = action.data {
        var summary = String(reflecting: data)
        if summary.count > payloadLimit {
          summary = String(summary.prefix(max(payloadLimit - 1, 0))) + "…"
        }
        line += " \(summary)"
      }
      let start = DispatchTime.now().uptimeNanoseconds
      context.next(action) { [line] _ in
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        log("\(line) committed in \(Self.format(nanoseconds: elapsed))")
      }
    }
  }

  static func format(nanoseconds: UInt64) -> String {
    switch nanoseconds {
    case ..<10_000: return "\(nanoseconds / 1_000).\(nanoseconds % 1_000 / 100) µs"
    case ..<10_000_000: return "\(nanoseconds / 1_000) µs"
    default: return "\(nanoseconds / 1_000_000) ms"
    }
  }
}
