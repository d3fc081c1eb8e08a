/// What a ``Timeline`` withholds from everything it exports (the file, the page made from it,
/// a generated test): the payloads of some action types, some fields of payloads, some fields
/// of states, per store.
///
/// Given once, to the timeline, it applies to every export (``Timeline/export()``) and to the
/// generated test source (``TimelineTestSource``), and so to the page made from an export
/// (``TimelinePage``). A withheld value is written as a value of the same JSON kind that
/// carries nothing (`""`, `0`, `false`, `[]`, `{}`: no element, no key), and the entry lists
/// what was withheld in its `redacted` field. A withheld payload also withholds the entry's
/// `unexportedPayload` summary and its reducer's error description, which may repeat it.
///
/// Only what an export writes is withheld. A store's diagnostics (a rejected action's error
/// text, printed to standard error by default) and the live ``Timeline/entries`` stay in the
/// process's hands: give the store a `diagnostics` handler to keep that text off standard
/// error.
///
/// A rule that names a store the timeline does not record, or a field that no exported line
/// has, withholds nothing: the export's header lists only the rules that applied and names
/// the others under `notApplied`, so that a misspelt store (`"profile"` for `"Profile"`) shows.
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

  /// Withholds the redacted parts of one entry line's object; returns the marks, and adds the
  /// rules that withheld something to `applied`.
  func apply(
    toEntry line: inout [String: JSONValue], store: String, type: Int,
    applied: inout [String: Rules]
  ) -> [String] {
    guard let rules = rules[store], !rules.isEmpty else { return [] }
    defer { note(line: line, rules: rules, store: store, type: type, in: &applied) }
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

  /// Withholds the state fields of `store`'s rules from `state`, adding those it found to
  /// `applied`.
  func apply(
    toState state: JSONValue, store: String, applied: inout [String: Rules]
  ) -> JSONValue {
    guard let rules = rules[store], case .object(let fields) = state else { return state }
    for field in rules.stateFields where fields[field] != nil {
      applied[store, default: Rules()].stateFields.insert(field)
    }
    return .object(apply(toState: fields, rules: rules).0)
  }

  /// Adds to `applied` the rules of `store` that withheld something from the line (as it was
  /// after redaction: the keys stay, their values are blank).
  private func note(
    line: [String: JSONValue], rules: Rules, store: String, type: Int,
    in applied: inout [String: Rules]
  ) {
    if rules.actionTypes.contains(type) {
      applied[store, default: Rules()].actionTypes.insert(type)
    } else if case .object(let fields)? = line["payload"] {
      for field in rules.payloadFields where fields[field] != nil {
        applied[store, default: Rules()].payloadFields.insert(field)
      }
    }
    if case .object(let fields)? = line["state"] {
      for field in rules.stateFields where fields[field] != nil {
        applied[store, default: Rules()].stateFields.insert(field)
      }
    }
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
