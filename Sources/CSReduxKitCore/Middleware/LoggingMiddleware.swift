import Dispatch

extension Middleware {
  /// Logs one line per action: the store's name, the action type (with its name when the store
  /// knows it), a short payload summary, and whether and how fast the action was committed.
  ///
  /// ```text
  /// [Todo] 0 (add) "Buy milk" committed in 14 µs
  /// [Todo] 1 (delete) 7 rejected in 3.1 µs: notFound(7)
  /// [Todo] 2 (load) rejected in 12 ms: the reducer let finish go without calling it
  /// [Todo] 3 (undo) dropped (middleware) after 2.4 µs
  /// [Todo] 0 (add) "Eggs" dropped (feedback limit) after 40 µs
  /// [Todo] Thunk(id: "sync", Sync.swift:12) effect started in 9 µs
  /// ```
  ///
  /// The time runs from the moment the action leaves this middleware until it was committed
  /// and its subscribers ran: the reducer's time, plus any wait in the queue behind other
  /// actions. Put the logger last to leave out the time other middleware takes. A rejected
  /// action says `rejected` and why: the error the reducer failed it with, or that its
  /// `finish` was let go without being called. A dropped one says `dropped` and why: a later
  /// middleware did not pass it on (`middleware`), or it was dispatched back into the store
  /// past its `nestedDispatchLimit` (`feedback limit`); the time is then how long until the
  /// store let it go. A ``Thunk`` is named by its description and says `thunk ran` or
  /// `effect started`.
  ///
  /// The payload summary costs the same whatever the payload's size: strings, `Data`,
  /// collections, and structs, enums and tuples without a description of their own are
  /// described piece by piece and the description stops at `payloadLimit` characters. A type
  /// with its own `description` is asked for it in full (and the result cut): keep it cheap.
  ///
  /// - Parameters:
  ///   - payloadLimit: The longest payload summary, in characters; longer ones are cut with `…`.
  ///   - log: Receives each line; prints it by default.
  /// - Returns: The middleware.
  /// - Complexity: O(`payloadLimit`) per action for the payloads above.
  public static func logging(
    payloadLimit: Int = 60,
    to log: @escaping @Sendable (String) -> Void = { print($0) }
  ) -> Middleware<State> {
    Middleware { action, context in
      let type = action.type
      let name =
        type == Thunk<State>.actionType
        ? String(describing: action) : context.declaredActions.label(for: type)
      var line = "[\(context.storeName)] \(name)"
      if let data = action.data {
        line += " \(boundedDescription(of: data, limit: payloadLimit))"
      }
      let start = DispatchTime.now().uptimeNanoseconds
      context.next(
        action,
        reportingOutcome: { [line] _, outcome in
          let elapsed = Self.format(nanoseconds: DispatchTime.now().uptimeNanoseconds - start)
          switch outcome {
          case .applied:
            log("\(line) committed in \(elapsed)")
          case .failed(let error):
            let why =
              error.map { String(describing: $0) } ?? "the reducer let finish go without calling it"
            log("\(line) rejected in \(elapsed): \(why)")
          case .dropped(let reason):
            log("\(line) dropped (\(reason)) after \(elapsed)")
          case .thunkRan, .effectStarted:
            log("\(line) \(outcome) in \(elapsed)")
          }
        })
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
