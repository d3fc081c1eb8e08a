import CSReduxKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The header's `effects` (docs/timeline-format.md): each effect as a JSON object, written by
/// an export and read, field by field and refusing what it does not expect, by an import.
enum EffectLines {
  /// The effect as the header lists it; `withhold` replaces its identity and its error, which
  /// may hold the values a redaction policy withholds, and marks them in `redacted`.
  static func json(_ effect: TimelineEffect, withhold: Bool) -> JSONValue {
    var fields: [String: JSONValue] = [
      "number": .int(Int64(effect.number)), "store": .string(effect.storeName),
      "after": .int(Int64(effect.startedAfter)),
      "time": .double(effect.startTime.timeIntervalSince1970),
    ]
    var redacted: [String] = []
    if let id = effect.id {
      fields["id"] = .string(withhold ? "" : id)
      if withhold { redacted.append("id") }
    }
    if let origin = effect.origin { fields["origin"] = .string(origin) }
    if let cause = effect.cause { fields["cause"] = json(cause) }
    if let end = effect.end {
      var ended: [String: JSONValue] = [
        "outcome": .string(end.outcome.name), "after": .int(Int64(end.after)),
        "time": .double(end.time.timeIntervalSince1970),
      ]
      switch end.outcome {
      case .finished: break
      case .failed(let error):
        ended["error"] = .string(withhold ? "" : error)
        if withhold { redacted.append("error") }
      case .cancelled(let cancellation):
        if let cancellation {
          var by: [String: JSONValue] = ["reason": .string(cancellation.reason.name)]
          if let effect = cancellation.effect { by["effect"] = .int(Int64(effect)) }
          if let cause = cancellation.cause { by["cause"] = json(cause) }
          ended["cancelledBy"] = .object(by)
        }
      }
      fields["end"] = .object(ended)
    }
    if !redacted.isEmpty { fields["redacted"] = .array(redacted.map(JSONValue.string)) }
    return .object(fields)
  }

  static func json(_ cause: TimelineCause) -> JSONValue {
    .object(["sequence": .int(Int64(cause.sequence)), "kind": .string(cause.kind.name)])
  }

  /// Reads the header's `effects`: an array of effects of listed stores, numbered upwards.
  /// Throws the reason the first bad one is refused.
  static func effects(_ value: JSONValue?, stores: Set<String>) throws
    -> [TimelineEffect]
  {
    guard let value else { return [] }
    guard case .array(let values) = value else {
      throw EffectLineError("header field .effects is not an array")
    }
    var effects: [TimelineEffect] = []
    effects.reserveCapacity(values.count)
    for (position, value) in values.enumerated() {
      let effect = try self.effect(value, at: position, stores: stores)
      if let last = effects.last, effect.number <= last.number {
        throw EffectLineError(
          "header field .effects[\(position)].number is \(effect.number), after effect "
            + "\(last.number); effects are listed in the order they started, each once")
      }
      effects.append(effect)
    }
    return effects
  }

  private static func effect(
    _ value: JSONValue, at position: Int, stores: Set<String>
  ) throws -> TimelineEffect {
    let path = ".effects[\(position)]"
    guard case .object(let fields) = value else {
      throw EffectLineError("header field \(path) is not an object")
    }
    let number = try integer(fields["number"], "\(path).number", atLeast: 0)
    guard case .string(let store)? = fields["store"], stores.contains(store) else {
      throw EffectLineError("header field \(path).store is not one of the header's stores")
    }
    let id = try string(fields["id"], "\(path).id")
    let origin = try string(fields["origin"], "\(path).origin")
    let cause = try self.cause(fields["cause"], "\(path).cause")
    let after = try integer(fields["after"], "\(path).after", atLeast: -1)
    let time = try seconds(fields["time"], "\(path).time")
    var end: TimelineEffect.End?
    if let value = fields["end"] {
      end = try self.end(value, "\(path).end", startedAfter: after)
    }
    return TimelineEffect(
      number: number, storeName: store, id: id, origin: origin, cause: cause,
      startedAfter: after, startTime: time, end: end)
  }

  private static func end(
    _ value: JSONValue, _ path: String, startedAfter: Int
  ) throws -> TimelineEffect.End {
    guard case .object(let fields) = value else {
      throw EffectLineError("header field \(path) is not an object")
    }
    let after = try integer(fields["after"], "\(path).after", atLeast: startedAfter)
    let time = try seconds(fields["time"], "\(path).time")
    let outcome: TimelineEffect.Outcome
    switch fields["outcome"] {
    case .string("finished")?:
      outcome = .finished
    case .string("failed")?:
      outcome = .failed(error: try string(fields["error"], "\(path).error") ?? "")
    case .string("cancelled")?:
      outcome = .cancelled(try cancellation(fields["cancelledBy"], "\(path).cancelledBy"))
    default:
      throw EffectLineError(
        "header field \(path).outcome is not one of finished, failed, cancelled")
    }
    return TimelineEffect.End(outcome: outcome, after: after, time: time)
  }

  private static func cancellation(
    _ value: JSONValue?, _ path: String
  ) throws -> TimelineEffect.Cancellation? {
    guard let value else { return nil }
    guard case .object(let fields) = value, case .string(let name)? = fields["reason"],
      let reason = TimelineEffect.Cancellation.Reason(name: name)
    else {
      throw EffectLineError(
        "header field \(path) is not {\"reason\": r} with r one of "
          + TimelineEffect.Cancellation.Reason.allCases.map(\.name).joined(separator: ", "))
    }
    var effect: Int?
    if let value = fields["effect"] { effect = try integer(value, "\(path).effect", atLeast: 0) }
    let cause = try self.cause(fields["cause"], "\(path).cause")
    return TimelineEffect.Cancellation(reason: reason, effect: effect, cause: cause)
  }

  /// A cause as entries write it: `{"sequence": n, "kind": k}` with a kind this version knows.
  static func cause(_ value: JSONValue?, _ path: String) throws -> TimelineCause? {
    guard let value else { return nil }
    guard case .object(let link) = value, case .int(let sequence64)? = link["sequence"],
      let sequence = Int(exactly: sequence64), case .string(let name)? = link["kind"],
      let kind = TimelineCause.Kind(name: name)
    else {
      throw EffectLineError(
        "header field \(path) is not {\"sequence\": n, \"kind\": k} with k one of "
          + TimelineCause.Kind.allCases.map(\.name).joined(separator: ", "))
    }
    return TimelineCause(sequence: sequence, kind: kind)
  }

  private static func integer(
    _ value: JSONValue?, _ path: String, atLeast minimum: Int
  ) throws -> Int {
    guard case .int(let value64)? = value, let value = Int(exactly: value64), value >= minimum
    else {
      throw EffectLineError("header field \(path) is not an integer of \(minimum) or more")
    }
    return value
  }

  private static func string(_ value: JSONValue?, _ path: String) throws
    -> String?
  {
    guard let value else { return nil }
    guard case .string(let text) = value else {
      throw EffectLineError("header field \(path) is not a string")
    }
    return text
  }

  /// Seconds since 1970, as `time` fields write them: a finite number.
  private static func seconds(_ value: JSONValue?, _ path: String) throws
    -> Date
  {
    let number: Double? =
      switch value {
      case .int(let value)?: Double(value)
      case .unsigned(let value)?: Double(value)
      case .double(let value)?: value
      default: nil
      }
    guard let number, number.isFinite else {
      throw EffectLineError("header field \(path) is not a number of seconds since 1970")
    }
    return Date(timeIntervalSince1970: number)
  }
}

/// Why the header's `effects` were refused. (The readers throw untyped errors: closures with
/// typed throws in them miscompile on Linux's Swift 6 toolchains.)
struct EffectLineError: Error {
  let reason: String

  init(_ reason: String) {
    self.reason = reason
  }
}
