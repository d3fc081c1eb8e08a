// Feeds arbitrary bytes to TimelineCodec.decode and checks, beyond the absence of a crash:
// - an error names a line of the file (or the line after its end), says "timeline", and is
//   the same error when the same bytes are read again (no field blamed at random);
// - an accepted session holds only entries of the stores it lists, in increasing sequence
//   order, each cause naming another entry: an earlier one of the file, one before the
//   file's first entry, or (for a cause dispatched before its commit) a later one of the file;
// - with `.reject`, it holds exactly the entries its header announced (nothing partial).
import CSReduxKit
import Foundation

/// Stores "A" and "B" are registered, with the shared codec; any other store is unknown.
let timelineCodec: TimelineCodec = {
  var codec = TimelineCodec()
  codec.register(store: "A", codec: fuzzCodec)
  codec.register(store: "B", codec: fuzzCodec)
  return codec
}()

/// libFuzzer calls this once per input; a finding aborts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTimelineImport(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let data = bytes.map { Data(bytes: $0, count: size) } ?? Data()
  let lineCount = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    .count
  for policy in [UnknownActionTypePolicy.reject, .skip] {
    let session: TimelineSession
    do {
      session = try timelineCodec.decode(data, unknownActionTypes: policy)
    } catch {
      require(
        error.line >= 1 && error.line <= lineCount + 1,
        "error line \(error.line) outside 1…\(lineCount + 1): \(error)")
      require(error.description.hasPrefix("timeline"), "not named a timeline: \(error)")
      do {
        _ = try timelineCodec.decode(data, unknownActionTypes: policy)
        require(false, "the same bytes read once and failed once: \(error)")
      } catch let again {
        require(again == error, "the same bytes gave two errors: \(error) | \(again)")
      }
      continue
    }
    checkSession(session, policy: policy, data: data)
  }
  return 0
}

private func checkSession(_ session: TimelineSession, policy: UnknownActionTypePolicy, data: Data) {
  let stores = Set(session.stores.map(\.name))
  require(stores.count == session.stores.count, "a store listed twice was accepted")
  let sequences = session.entries.map(\.sequence)
  require(zip(sequences, sequences.dropFirst()).allSatisfy(<), "sequences not increasing")
  let present = Set(sequences)
  let first = sequences.first ?? 0
  for entry in session.entries {
    require(stores.contains(entry.storeName), "an entry of unlisted store \(entry.storeName)")
    guard let cause = entry.cause else { continue }
    require(cause.sequence != entry.sequence, "entry #\(entry.sequence) causes itself")
    if policy == .reject {
      require(
        cause.sequence < first || present.contains(cause.sequence),
        "entry #\(entry.sequence)'s cause #\(cause.sequence) is not in the file")
    }
  }
  if policy == .reject {
    require(session.skippedLines.isEmpty, "lines skipped under .reject")
    var header = data.prefix { $0 != UInt8(ascii: "\n") }
    if header.starts(with: [0xEF, 0xBB, 0xBF]) { header = header.dropFirst(3) }
    if let object = try? JSONSerialization.jsonObject(with: Data(header)) as? [String: Any],
      let count = object["entryCount"] as? Int
    {
      require(
        count == session.entries.count,
        "header announced \(count) entries, import returned \(session.entries.count)")
    }
  }
}
