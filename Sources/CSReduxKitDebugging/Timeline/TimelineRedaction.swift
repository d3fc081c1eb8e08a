/// What a ``Timeline`` withholds from everything that leaves the process: the payloads of
/// some action types, some fields of payloads, some fields of states, per store.
///
/// Given once, to the timeline, it applies to every export (``Timeline/export()``) and to the
/// generated test source (``TimelineTestSource``). A withheld value is written as a value of
/// the same JSON shape that carries nothing (`""`, `0`, `false`, `[]`, an object with each of
/// its values withheld), and the entry lists what was withheld in its `redacted` field. A
/// withheld payload also withholds the entry's `unexportedPayload` summary and its reducer's
/// error description, which may repeat it.
///
/// ```swift
/// var redaction = TimelineRedaction()
/// redaction.withholdPayloadField("password", in: "Account")
/// redaction.withholdStateField("token", in: "Account")
/// let timeline = Timeline(redaction: redaction)
/// ```
///
/// Fields are top-level keys of the payload or state as its codec writes it (a payload that
/// is not a JSON object has no fields: withhold its action type instead).
public struct TimelineRedaction: Sendable, Equatable {
  /// One store's rules.
  public struct Rules: Sendable, Equatable {
    /// Action types whose payload is withheld whole.
    public var actionTypes: Set<Int> = []
    /// Top-level payload fields withheld, for every action type.
    public var payloadFields: Set<String> = []
    /// Top-level state fields withheld.
    public var stateFields: Set<String> = []

    /// Whether the rules withhold nothing.
    public var isEmpty: Bool {
      actionTypes.isEmpty && payloadFields.isEmpty && stateFields.isEmpty
    }
  }

  /// The rules, by store name.
  public private(set) var rules: [String: Rules] = [:]

  /// A policy that withholds nothing.
  public init() {}

  /// Withholds the whole payload of actions of `type` in the store named `store`.
  ///
  /// - Parameters:
  ///   - type: The action type.
  ///   - store: The store's name.
  public mutating func withholdPayload(ofActionType type: Int, in store: String) {
    rules[store, default: Rules()].actionTypes.insert(type)
  }

  /// Withholds the whole payload of actions of `type`, a case of an `Int`-backed enum, in the
  /// store named `store`.
  ///
  /// - Parameters:
  ///   - type: The case whose raw value is the action type.
  ///   - store: The store's name.
  public mutating func withholdPayload<T: RawRepresentable>(
    ofActionType type: T, in store: String
  ) where T.RawValue == Int {
    withholdPayload(ofActionType: type.rawValue, in: store)
  }

  /// Withholds the top-level field `field` of every payload of the store named `store`.
  ///
  /// - Parameters:
  ///   - field: The field's key, as the payload's codec writes it.
  ///   - store: The store's name.
  public mutating func withholdPayloadField(_ field: String, in store: String) {
    rules[store, default: Rules()].payloadFields.insert(field)
  }

  /// Withholds the top-level field `field` of the state of the store named `store`.
  ///
  /// - Parameters:
  ///   - field: The field's key, as the state's `Codable` conformance writes it.
  ///   - store: The store's name.
  public mutating func withholdStateField(_ field: String, in store: String) {
    rules[store, default: Rules()].stateFields.insert(field)
  }

  /// Withholds the redacted parts of one entry line's object; returns the marks.
  func apply(toEntry line: inout [String: JSONValue], store: String, type: Int) -> [String] {
    guard let rules = rules[store], !rules.isEmpty else { return [] }
    var marks: [String] = []
    var withheldPayload = false
    if rules.actionTypes.contains(type) {
      if let payload = line["payload"] { line["payload"] = payload.blank }
      marks.append("payload")
      withheldPayload = true
    } else if !rules.payloadFields.isEmpty {
      if case .object(var fields)? = line["payload"] {
        for field in rules.payloadFields.sorted() where fields[field] != nil {
          fields[field] = fields[field]?.blank
          marks.append("payload.\(field)")
        }
        line["payload"] = .object(fields)
        withheldPayload = !marks.isEmpty
      }
      // A payload the codec could not write is described in words, which may name any of
      // its fields: the words are withheld.
      if line["unexportedPayload"] != nil {
        withheldPayload = true
        if !marks.contains("payload") { marks.append("payload") }
      }
    }
    if withheldPayload {
      if let placeholder = line["unexportedPayload"] {
        line["unexportedPayload"] = placeholder.blank
      }
      if let error = line["error"] {
        line["error"] = error.blank
        marks.append("error")
      }
    }
    if case .object(let state)? = line["state"] {
      let (redacted, stateMarks) = apply(toState: state, rules: rules)
      line["state"] = .object(redacted)
      marks += stateMarks
    }
    return marks
  }

  /// Withholds the state fields of `store`'s rules from `state`.
  func apply(toState state: JSONValue, store: String) -> JSONValue {
    guard let rules = rules[store], case .object(let fields) = state else { return state }
    return .object(apply(toState: fields, rules: rules).0)
  }

  private func apply(
    toState state: [String: JSONValue], rules: Rules
  ) -> ([String: JSONValue], [String]) {
    var state = state
    var marks: [String] = []
    for field in rules.stateFields.sorted() where state[field] != nil {
      state[field] = state[field]?.blank
      marks.append("state.\(field)")
    }
    return (state, marks)
  }
}
