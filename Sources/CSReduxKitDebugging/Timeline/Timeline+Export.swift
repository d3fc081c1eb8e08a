import CSReduxKitCore
import CSReduxKitPersistence

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Exporting a timeline as one JSON Lines file (see docs/timeline-format.md).
extension Timeline {
  /// Writes the session as JSON Lines: a header line with the stores, their initial states
  /// and the redaction policy, then one line per entry in global order, each written by its
  /// store's ``ActionLogCodec`` with the timeline's fields added (`store`, `index`, `cause`,
  /// `redacted`). ``redaction`` is applied to every line before it is returned.
  ///
  /// A payload the store's codec cannot write becomes an `unexportedPayload` placeholder, as
  /// in an ``ActionLog`` export.
  ///
  /// - Returns: The text, each line ending with a newline.
  /// - Throws: ``TimelineExportError`` when a state does not encode.
  /// - Complexity: O(n) in the size of the session.
  public func export() throws(TimelineExportError) -> String {
    let snapshot = inner.withLock { inner in
      (
        lanes: inner.lanes, initialStates: inner.initialStates,
        firstIndexes: inner.lanes.indices.map { inner.firstIndex(of: $0) },
        records: (0..<inner.records.count).map { inner.records[$0] },
        causes: (0..<inner.records.count).map { inner.resolve(inner.records[$0].cause) },
        effectNumbers: (0..<inner.records.count).map { inner.effect(of: inner.records[$0].cause) },
        effects: inner.effectList
      )
    }
    var lines: [String] = [""]
    lines.reserveCapacity(snapshot.records.count + 1)
    // The rules that withheld something, for the header, which is written last.
    var applied: [String: TimelineRedaction.Rules] = [:]
    var stores: [JSONValue] = []
    for (lane, store) in snapshot.lanes.enumerated() {
      let initial: JSONValue
      do {
        initial = try store.stateJSON(snapshot.initialStates[lane])
      } catch {
        throw TimelineExportError(
          sequence: nil, reason: "the initial state of \(store.name) does not encode: \(error)")
      }
      stores.append(
        .object([
          "name": .string(store.name), "stateType": .string(store.stateTypeName),
          "initialState": redaction.apply(
            toState: initial, store: store.name, applied: &applied),
          "entryCount": .int(Int64(snapshot.records.lazy.filter { $0.lane == lane }.count)),
          "firstIndex": .int(Int64(snapshot.firstIndexes[lane])),
        ]))
    }
    let encoder = TimelineCodec.lineEncoder
    for (position, (record, cause)) in zip(snapshot.records, snapshot.causes).enumerated() {
      let lane = snapshot.lanes[record.lane]
      do {
        var fields = try lane.entryLine(record)
        fields["sequence"] = .int(Int64(record.sequence))
        fields["store"] = .string(lane.name)
        fields["index"] = .int(Int64(record.index))
        if let cause {
          fields["cause"] = .object([
            "sequence": .int(Int64(cause.sequence)), "kind": .string(cause.kind.name),
          ])
        }
        if let effect = snapshot.effectNumbers[position] { fields["effect"] = .int(Int64(effect)) }
        if let took = record.middlewareNanoseconds {
          fields["middlewareNanoseconds"] = .int(Int64(clamping: took))
        }
        let type = record.action.type
        let marks = redaction.apply(
          toEntry: &fields, store: lane.name,
          type: (record.action as? RejectedAction)?.action.type ?? type, applied: &applied)
        if !marks.isEmpty { fields["redacted"] = .array(marks.map(JSONValue.string)) }
        lines.append(String(decoding: try encoder.encode(JSONValue.object(fields)), as: UTF8.self))
      } catch let error as TimelineExportError {
        throw error
      } catch {
        throw TimelineExportError(sequence: record.sequence, reason: "it does not encode: \(error)")
      }
    }
    var header: [String: JSONValue] = [
      "format": .string(TimelineCodec.format), "version": .int(Int64(TimelineCodec.version)),
      "entryCount": .int(Int64(snapshot.records.count)), "stores": .array(stores),
      "redaction": redactionSummary(
        storeOrder: snapshot.lanes.map(\.name), applied: applied),
    ]
    // Only a session with effects has the key: a 1.0.0 reader ignores it, and the export of a
    // session without effects stays what 1.0.0 wrote.
    if !snapshot.effects.isEmpty {
      header["effects"] = .array(
        snapshot.effects.map { effect in
          // A store with redaction rules has its effects' identities and errors withheld:
          // they may repeat what its payloads hold.
          let withhold = redaction.rules[effect.storeName].map { !$0.isEmpty } ?? false
          return EffectLines.json(effect, withhold: withhold)
        })
    }
    do {
      lines[0] = String(decoding: try encoder.encode(JSONValue.object(header)), as: UTF8.self)
    } catch {
      throw TimelineExportError(sequence: nil, reason: "the header does not encode: \(error)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Writes the session to a file as JSON Lines (see ``export()``), replacing it atomically.
  ///
  /// The file is readable and writable by its owner only (mode `0600`), written through a
  /// temporary file created exclusively, under an unpredictable name, next to it, then
  /// renamed over it. A symbolic link at `url` is not followed, and a file of another user or
  /// a folder there is not replaced: each is reported, and nothing is written.
  ///
  /// - Parameter url: The file.
  /// - Throws: ``TimelineExportError`` when a state does not encode or the file cannot be
  ///   written.
  public func write(to url: URL) throws(TimelineExportError) {
    let text = try export()
    do {
      try Files.replace(url, with: Data(text.utf8))
    } catch {
      throw TimelineExportError(
        sequence: nil, reason: "\(url.path) was not written: \(error.what)")
    }
  }

  /// The header's summary of the policy: which fields, never their values. `rules` lists
  /// only the rules that withheld something (`applied`); `notApplied` names the others, in
  /// words, so that a misspelt store or field shows in the file.
  func redactionSummary(
    storeOrder: [String], applied: [String: TimelineRedaction.Rules]
  ) -> JSONValue {
    let names = Dictionary(
      inner.withLock { $0.lanes }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let rules: [JSONValue] = storeOrder.compactMap { store in
      guard let rules = applied[store], !rules.isEmpty else { return nil }
      return .object([
        "store": .string(store),
        "actionTypes": .array(
          rules.actionTypes.sorted().map { type in
            var fields: [String: JSONValue] = ["type": .int(Int64(type))]
            if let name = names[store]?.actionName(for: type) { fields["name"] = .string(name) }
            return .object(fields)
          }),
        "payloadFields": .array(rules.payloadFields.sorted().map(JSONValue.string)),
        "stateFields": .array(rules.stateFields.sorted().map(JSONValue.string)),
      ])
    }
    var notApplied: [String] = []
    let recorded = storeOrder.joined(separator: ", ")
    for store in redaction.rules.keys.sorted() {
      guard let rules = redaction.rules[store], !rules.isEmpty else { continue }
      guard storeOrder.contains(store) else {
        notApplied.append(
          "store \"\(store)\": no store of that name is in the timeline (its stores: "
            + "\(recorded.isEmpty ? "none" : recorded))")
        continue
      }
      let done = applied[store] ?? TimelineRedaction.Rules()
      for type in rules.actionTypes.subtracting(done.actionTypes).sorted() {
        notApplied.append("store \"\(store)\": no entry of action type \(type)")
      }
      for field in rules.payloadFields.subtracting(done.payloadFields).sorted() {
        notApplied.append("store \"\(store)\": no payload has the field \"\(field)\"")
      }
      for field in rules.stateFields.subtracting(done.stateFields).sorted() {
        notApplied.append("store \"\(store)\": no state has the field \"\(field)\"")
      }
    }
    var summary: [String: JSONValue] = ["rules": .array(rules)]
    if !notApplied.isEmpty { summary["notApplied"] = .array(notApplied.map(JSONValue.string)) }
    return .object(summary)
  }
}
