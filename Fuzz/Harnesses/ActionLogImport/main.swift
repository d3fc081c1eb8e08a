// Feeds arbitrary bytes to ActionLogCodec.decode and checks, beyond the absence of a crash:
// - an error names a line of the file (or the line after its end), and nothing is returned;
// - an accepted log has exactly the entries its header announced (nothing partial);
// - round-trip stability: the recording read exports without error, that export reads back
//   to an equal recording, and exporting it again gives the same bytes.
import CSReduxKit
import Foundation

/// libFuzzer calls this once per input; a finding aborts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzActionLogImport(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let data = bytes.map { Data(bytes: $0, count: size) } ?? Data()
  let lineCount = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    .count
  for policy in [UnknownActionTypePolicy.reject, .skip] {
    let imported: ActionLogImport<FuzzState>
    do {
      imported = try fuzzCodec.decode(data, unknownActionTypes: policy)
    } catch {
      require(
        error.line >= 1 && error.line <= lineCount + 1,
        "error line \(error.line) outside 1…\(lineCount + 1): \(error)")
      continue
    }
    checkHeaderCount(data, imported.recording)
    if policy == .reject { require(imported.skippedLines.isEmpty, "skipped lines with .reject") }
    checkRoundTrip(imported.recording)
  }
  return 0
}

/// The header's `entryCount` is the number of entries returned.
private func checkHeaderCount(_ data: Data, _ recording: ActionRecording<FuzzState>) {
  var header = data.prefix { $0 != UInt8(ascii: "\n") }
  if header.starts(with: [0xEF, 0xBB, 0xBF]) { header = header.dropFirst(3) }
  guard let object = try? JSONSerialization.jsonObject(with: Data(header)) as? [String: Any],
    let count = object["entryCount"] as? Int
  else { return }  // JSONSerialization reads some numbers differently; the codec decided
  require(
    count == recording.entries.count,
    "header announced \(count) entries, import returned \(recording.entries.count)")
}

private func checkRoundTrip(_ first: ActionRecording<FuzzState>) {
  let text: String
  do {
    text = try fuzzCodec.encode(first)
  } catch {
    return require(false, "an imported recording does not export: \(error)")
  }
  let second: ActionRecording<FuzzState>
  do {
    second = try fuzzCodec.decode(text)
  } catch {
    return require(false, "an export does not import: \(error)\n\(text)")
  }
  require(first.initialState == second.initialState, "initial state changed in a round trip")
  require(first.storeName == second.storeName, "store name changed in a round trip")
  require(first.entries.count == second.entries.count, "entry count changed in a round trip")
  for (a, b) in zip(first.entries, second.entries) {
    require(a.sequenceNumber == b.sequenceNumber, "sequence changed: \(a) vs \(b)")
    require(a.action.type == b.action.type, "type changed: \(a.action) vs \(b.action)")
    require(a.state == b.state, "state changed in a round trip")
    require(a.isRejected == b.isRejected, "rejected flag changed in a round trip")
    require(a.isSkipped == b.isSkipped, "skipped flag changed in a round trip")
    require(a.reducerDuration == b.reducerDuration, "duration changed in a round trip")
    require(
      a.timestamp.timeIntervalSince1970 == b.timestamp.timeIntervalSince1970,
      "time changed in a round trip: \(a.timestamp.timeIntervalSince1970) vs "
        + "\(b.timestamp.timeIntervalSince1970)")
    require(
      payloadsEqual(a.action.data, b.action.data),
      "payload changed in a round trip: \(String(describing: a.action.data)) vs "
        + "\(String(describing: b.action.data))")
    require(
      String(describing: (a.action as? RejectedAction)?.error)
        == String(describing: (b.action as? RejectedAction)?.error),
      "rejection error changed in a round trip")
    require(
      (a.action as? StateReplacedAction)?.reason == (b.action as? StateReplacedAction)?.reason,
      "replacement reason changed in a round trip")
  }
  let again: String
  do {
    again = try fuzzCodec.encode(second)
  } catch {
    return require(false, "a re-imported recording does not export: \(error)")
  }
  require(text == again, "export is not stable:\n\(text)\n---\n\(again)")
}

private func payloadsEqual(_ a: (any Sendable)?, _ b: (any Sendable)?) -> Bool {
  switch (a, b) {
  case (nil, nil): return true
  case (let a as String, let b as String): return a == b
  case (let a as Int, let b as Int): return a == b
  case (let a as [String: Double], let b as [String: Double]): return a == b
  case (let a as UnexportedPayload, let b as UnexportedPayload): return a == b
  case (let a as FuzzState, let b as FuzzState): return a == b  // a replacement's state
  default: return false
  }
}
